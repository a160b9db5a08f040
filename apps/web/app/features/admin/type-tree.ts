// Types as the catalogue forms list them: each level-1 type followed by its children.
import type { AdminProductType } from '@shop/domain';

/** What the forms read of any two-level type list (product, course types) or flat one (package types, categories). */
export type TypeRow = Pick<AdminProductType, 'id' | 'name' | 'status'> &
  Partial<Pick<AdminProductType, 'level' | 'parent_id'>>;

/** Level-1 types, each followed by its children (indented in the forms). */
export function typeTree(types: readonly TypeRow[]): { value: number; label: string; indent?: boolean }[] {
  const tops = types.filter((t) => !t.parent_id);
  return tops.flatMap((top) => [
    { value: top.id, label: top.name + (top.status === 1 ? '' : '（下架）') },
    ...types
      .filter((c) => c.parent_id === top.id)
      .map((c) => ({ value: c.id, label: `${c.name}${c.status === 1 ? '' : '（下架）'}`, indent: true })),
  ]);
}

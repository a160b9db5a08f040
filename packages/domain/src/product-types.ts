// spec §2 menu: level-1 product types with their children as submenus.
import type { ProductType } from './entities.ts';
import { byIndexIdAsc } from './sorting.ts';
import { isActive } from './visibility.ts';

type FlatProductType = Omit<ProductType, 'childs'> & { childs?: ProductType[] };

/**
 * Active level-1 types by index_id, each with its active children (`childs`, by index_id).
 * Only two levels exist (spec §2), so grandchildren are not attached.
 */
export function buildProductTypeTree(types: readonly FlatProductType[]): ProductType[] {
  const active = types.filter((t) => isActive(t.status)).sort(byIndexIdAsc);
  return active
    .filter((t) => t.level === 1)
    .map((top) => ({
      ...top,
      childs: active.filter((t) => t.parent_id === top.id && t.level !== 1).map((child) => ({ ...child, childs: [] })),
    }));
}

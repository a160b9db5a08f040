// The type filter of /courses (docs/decisions/047): a row of chips for 全部課程 and the top-level course
// types, and under it a row for the children of the chosen branch. Plain data, built from the types.
import { courseListHref } from './content-links.ts';

interface CourseTypeLike {
  id: number;
  name: string;
  parent_id: number | null;
}

export interface CourseTypeTab {
  key: string;
  name: string;
  href: string;
  /** `page`: the list shown; `branch`: the parent of the type shown (its row stays open). */
  current: 'page' | 'branch' | null;
}

export interface CourseTypeTabs {
  types: CourseTypeTab[];
  /** The children of the chosen top-level type (or of the chosen child's parent); empty otherwise. */
  subtypes: CourseTypeTab[];
}

/** The chips for `types` (shown ones, by index_id) with `currentId` chosen; null = every course. */
export function courseTypeTabs(types: readonly CourseTypeLike[], currentId: number | null): CourseTypeTabs {
  const known = new Set(types.map((t) => t.id));
  const isTop = (t: CourseTypeLike) => t.parent_id === null || !known.has(t.parent_id);
  const current = types.find((t) => t.id === currentId) ?? null;
  const branch = current && !isTop(current) ? current.parent_id : (current?.id ?? null);
  const tab = (t: CourseTypeLike): CourseTypeTab => ({
    key: `type-${t.id}`,
    name: t.name,
    href: courseListHref(t.id),
    current: t.id === currentId ? 'page' : t.id === branch ? 'branch' : null,
  });
  return {
    types: [
      { key: 'all', name: '全部課程', href: courseListHref(), current: current ? null : 'page' },
      ...types.filter(isTop).map(tab),
    ],
    subtypes: branch === null ? [] : types.filter((t) => !isTop(t) && t.parent_id === branch).map(tab),
  };
}

/** The way from /courses to the type shown: its parent first when it has one. */
export function courseTypeTrail<T extends CourseTypeLike>(types: readonly T[], typeId: number | null): T[] {
  const type = types.find((t) => t.id === typeId);
  if (!type) return [];
  const parent = types.find((t) => t.id === type.parent_id);
  return parent ? [parent, type] : [type];
}

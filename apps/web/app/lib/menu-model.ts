// spec §2 "Header and menus": the two-level product menu as plain data, built from the loaded lists.
import { hrefWithQuery } from './referral-code.ts';

export interface MenuLink {
  kind: 'link';
  key: string;
  label: string;
  to: string;
}

export interface MenuGroup {
  kind: 'group';
  key: string;
  label: string;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

interface TypeLike {
  id: number;
  name: string;
  level?: number | null;
  parent_id?: number | null;
  childs?: TypeLike[] | null;
}

/**
 * Returns null until types, package types and bundles are all loaded (spec §2: the menu is built
 * only then). Level-1 types with children become groups, childless ones link to /products?t={id};
 * package types follow, linking to /products?t={name}&pkg=1. Bundles are loaded but not listed.
 */
export function buildProductMenu(
  types: readonly TypeLike[] | null | undefined,
  packageTypes: ReadonlyArray<{ id: number; name: string }> | null | undefined,
  bundles: readonly unknown[] | null | undefined,
): MenuEntry[] | null {
  if (!types || !packageTypes || !bundles) return null;
  const topLevel = types.filter((t) => (t.level ?? 1) === 1 && !t.parent_id);
  const entries: MenuEntry[] = topLevel.map((type) => {
    const children = type.childs?.length ? type.childs : types.filter((t) => t.parent_id === type.id);
    if (children.length === 0) {
      return { kind: 'link', key: `type-${type.id}`, label: type.name, to: hrefWithQuery('/products', { t: type.id }) };
    }
    return {
      kind: 'group',
      key: `type-${type.id}`,
      label: type.name,
      children: children.map((child) => ({
        kind: 'link',
        key: `type-${child.id}`,
        label: child.name,
        to: hrefWithQuery('/products', { t: child.id }),
      })),
    };
  });
  for (const pkg of packageTypes) {
    entries.push({
      kind: 'link',
      key: `pkg-${pkg.id}`,
      label: pkg.name,
      to: hrefWithQuery('/products', { t: pkg.name, pkg: 1 }),
    });
  }
  return entries;
}

/**
 * 課程 points at /courses and, like 分享專區, is there only when it leads somewhere: while any course
 * is shown (docs/decisions/047; the spec's menu has no courses entry).
 */
export function coursesHref(courses: readonly unknown[]): string | null {
  return courses.length > 0 ? '/courses' : null;
}

/** spec §2: 分享專區 points at the first category, and exists only when there are categories. */
export function sharingZoneHref(categories: ReadonlyArray<{ id: number }>): string | null {
  const first = categories[0];
  return first ? hrefWithQuery('/recommended', { t: first.id }) : null;
}

// The catalogue search of spec §5, matched in memory (docs/decisions/016). The searchable text of
// every product and package is loaded from the database into one process-local snapshot; a search
// filters it with a substring test and only the page's dozen records are read back from the database.
// PGlite runs one query at a time, so a scan in SQL for each keyword queued every other request behind
// it; a scan of a few megabytes of text in memory takes a millisecond or two.
import { KeptSnapshot } from './kept-snapshot.ts';

/** A product as the search needs it; `text` is name, description1 and description2, lower-cased. */
export interface SearchableProduct {
  id: number;
  /** Activity window bounds in ms since the epoch; null = no limit (spec §4). */
  start: number | null;
  end: number | null;
  text: string;
}

export interface SearchablePackage {
  id: number;
  text: string;
}

/** A product type as the search needs it (issue 20: the shop's own category words find products). */
export interface SearchableType {
  /** Lower-cased name. */
  name: string;
  /** Products of this type and of the types under it, in product order, each once. */
  productIds: number[];
}

export interface SearchSnapshot {
  /** Active products that are not influencer-only, by index_id then id (spec §9). */
  products: SearchableProduct[];
  /** Active packages of active package types, newest first (spec §9). */
  packages: SearchablePackage[];
  /** Shown tags in tag order (spec §4 truthy status, §9 index_id): name and product ids. */
  tags: Array<{ name: string; productIds: number[] }>;
  /** Active types shown in the menu, by index_id then id (spec §9), each with its family's products. */
  types: SearchableType[];
}

export interface SearchHit {
  kind: 'product' | 'package';
  id: number;
}

/** Name, description1 and description2 as one text; a newline between them, which no keyword has. */
export function searchableText(...fields: Array<string | null | undefined>): string {
  return fields
    .map((f) => f ?? '')
    .join('\n')
    .toLowerCase();
}

/**
 * Each menu type with the products of its family, worked out once per snapshot so that a search only
 * tests the type names. A child whose parent is not among `types` (inactive) has no place in the menu
 * (as GET /product-types); products not in `productOrder` are not searchable.
 */
export function typeFamilies(
  types: Array<{ id: number; name: string; parentId: number | null }>,
  links: Array<{ productId: number; typeId: number }>,
  productOrder: number[],
): SearchableType[] {
  const active = new Set(types.map((t) => t.id));
  const menu = types.filter((t) => t.parentId === null || active.has(t.parentId));
  const parentOf = new Map(menu.map((t) => [t.id, t.parentId]));
  const typesOf = new Map<number, number[]>();
  for (const l of links) {
    if (!parentOf.has(l.typeId)) continue;
    const list = typesOf.get(l.productId);
    if (list) list.push(l.typeId);
    else typesOf.set(l.productId, [l.typeId]);
  }
  const family = new Map<number, number[]>(menu.map((t) => [t.id, []]));
  for (const productId of productOrder) {
    const owners = new Set<number>();
    for (let typeId of typesOf.get(productId) ?? []) {
      // The seen check also ends a parent loop written by hand in the database.
      for (;;) {
        if (owners.has(typeId)) break;
        owners.add(typeId);
        const parent = parentOf.get(typeId);
        if (parent === null || parent === undefined || !parentOf.has(parent)) break;
        typeId = parent;
      }
    }
    for (const typeId of owners) family.get(typeId)!.push(productId);
  }
  return menu.map((t) => ({ name: t.name.toLowerCase(), productIds: family.get(t.id)! }));
}

function visibleAt(p: SearchableProduct, now: number): boolean {
  return (p.start === null || p.start <= now) && (p.end === null || now <= p.end);
}

/**
 * spec §5: products of a tag named exactly `keyword` first (tag order, each once), then (issue 20) the
 * products of every type whose name contains it, with its child types' products (types in menu
 * order, products in their order), then the other products whose name, description1 or description2
 * contain it, then the packages that do. Each product once.
 * Contains ignores letter case, as ILIKE does; `%`, `_` and `\` are plain characters.
 */
export function findHits(snapshot: SearchSnapshot, keyword: string, now: Date): SearchHit[] {
  const needle = keyword.toLowerCase();
  const at = now.getTime();
  const byId = productsById(snapshot);
  const hits: SearchHit[] = [];
  const listed = new Set<number>();
  // Visibility is checked hit by hit: a search touches the few products it finds, not all of them.
  const list = (p: SearchableProduct | undefined) => {
    if (!p || listed.has(p.id) || !visibleAt(p, at)) return;
    listed.add(p.id);
    hits.push({ kind: 'product', id: p.id });
  };
  for (const tag of snapshot.tags) if (tag.name === keyword) for (const id of tag.productIds) list(byId.get(id));
  for (const type of snapshot.types)
    if (type.name.includes(needle)) for (const id of type.productIds) list(byId.get(id));
  for (const p of snapshot.products) if (p.text.includes(needle)) list(p);
  for (const k of snapshot.packages) if (k.text.includes(needle)) hits.push({ kind: 'package', id: k.id });
  return hits;
}

const byIdOf = new WeakMap<SearchSnapshot, Map<number, SearchableProduct>>();

/** The snapshot's products by id, worked out once per snapshot. */
function productsById(snapshot: SearchSnapshot): Map<number, SearchableProduct> {
  let byId = byIdOf.get(snapshot);
  if (!byId) {
    byId = new Map(snapshot.products.map((p) => [p.id, p]));
    byIdOf.set(snapshot, byId);
  }
  return byId;
}

/** The search's snapshot, held and rebuilt as every catalogue snapshot is (kept-snapshot.ts). */
export class SearchIndex extends KeptSnapshot<SearchSnapshot> {}

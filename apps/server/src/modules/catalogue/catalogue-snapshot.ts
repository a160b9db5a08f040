// The catalogue's products held in memory (issue 45, docs/decisions/087): each active product's API
// record built and serialised once per snapshot, with what the product list filters on. A list or
// a product's page then costs a filter and a join of strings, not three queries, the rebuilding of
// every record and a schema check of 33 KB; the snapshot is rebuilt when the back office changes
// data (and each minute, as the search's is), so what it answers is what the database says.
import { productDetailSchema, type ProductListQuery } from '@shop/domain';
import { deepFreeze } from '../../http/response-cache.ts';
import type { ProductJson } from './product-json.ts';

export interface KeptProduct {
  id: number;
  /** Activity window bounds in ms since the epoch; null = no limit (spec §4). */
  start: number | null;
  end: number | null;
  /** Influencer-only (spec §4): opened by link, never listed. */
  celebrity: boolean;
  /** The record as GET /products/{id} answers it, frozen: every reader shares it. */
  record: ProductJson;
  /** The same record serialised by the product schema. */
  json: string;
}

export interface CatalogueSnapshot {
  /** Active products, influencer-only ones included, by index_id then id (spec §9). */
  products: KeptProduct[];
  byId: Map<number, KeptProduct>;
  /** Active product types: a level-1 type lists its children's products too. */
  childrenOf: Map<number, number[]>;
  /** The products linked to each type. */
  typeMembers: Map<number, Set<number>>;
  /** The products of each bundle. */
  bundleMembers: Map<number, Set<number>>;
}

export interface CatalogueRows {
  /** Active products' records in list order. */
  records: Array<ProductJson & { start: Date | null; end: Date | null }>;
  types: Array<{ id: number; parentId: number | null }>;
  typeLinks: Array<{ productId: number; typeId: number }>;
  bundleLinks: Array<{ bundleId: number; productId: number }>;
}

export function buildCatalogueSnapshot({ records, types, typeLinks, bundleLinks }: CatalogueRows): CatalogueSnapshot {
  const products = records.map(keepProduct);
  const childrenOf = new Map<number, number[]>(types.map((t) => [t.id, []]));
  for (const t of types) if (t.parentId !== null) childrenOf.get(t.parentId)?.push(t.id);
  return {
    products,
    byId: new Map(products.map((p) => [p.id, p])),
    childrenOf,
    typeMembers: membersBy(typeLinks, (l) => l.typeId),
    bundleMembers: membersBy(bundleLinks, (l) => l.bundleId),
  };
}

/** A product's record as the snapshot holds it: parsed, frozen and serialised once. */
export function keepProduct({ start, end, ...raw }: CatalogueRows['records'][number]): KeptProduct {
  // Parsed as the route's response schema would, so only declared fields are ever sent.
  const record = deepFreeze(productDetailSchema.parse(raw) as ProductJson);
  return {
    id: record.id,
    start: start ? start.getTime() : null,
    end: end ? end.getTime() : null,
    celebrity: record.internet_celebrity,
    record,
    json: JSON.stringify(record),
  };
}

/**
 * spec §4 and §9: the listed products (visible at `now`, not influencer-only) that match the
 * query's ids, type (with its children) and bundle, in list order; a page of them when asked.
 */
export function listProducts(
  snapshot: CatalogueSnapshot,
  q: Pick<ProductListQuery, 'ids' | 'type' | 'bundle' | 'page' | 'size'>,
  now: Date,
): { items: KeptProduct[]; total?: number } {
  const sets: Array<ReadonlySet<number>> = [];
  if (q.ids) sets.push(new Set(q.ids));
  if (q.type !== undefined) {
    const children = snapshot.childrenOf.get(q.type);
    const family = children ? [q.type, ...children] : [];
    sets.push(new Set(family.flatMap((id) => [...(snapshot.typeMembers.get(id) ?? [])])));
  }
  if (q.bundle !== undefined) sets.push(snapshot.bundleMembers.get(q.bundle) ?? new Set());
  const at = now.getTime();
  const items = snapshot.products.filter((p) => !p.celebrity && visibleAt(p, at) && sets.every((set) => set.has(p.id)));
  if (q.page === undefined) return { items };
  const size = q.size ?? 12;
  return { items: items.slice((q.page - 1) * size, q.page * size), total: items.length };
}

/** Any product visible at `now`, influencer-only ones included (they are reached by link). */
export function visibleProduct(snapshot: CatalogueSnapshot, id: number, now: Date): KeptProduct | undefined {
  const product = snapshot.byId.get(id);
  return product && visibleAt(product, now.getTime()) ? product : undefined;
}

/** The records as one JSON array, from the strings serialised when the snapshot was built. */
export function jsonArray(items: readonly KeptProduct[]): string {
  return `[${items.map((p) => p.json).join(',')}]`;
}

function visibleAt(p: KeptProduct, at: number): boolean {
  return (p.start === null || p.start <= at) && (p.end === null || at <= p.end);
}

function membersBy<T extends { productId: number }>(links: T[], key: (link: T) => number): Map<number, Set<number>> {
  const members = new Map<number, Set<number>>();
  for (const link of links) {
    const set = members.get(key(link));
    if (set) set.add(link.productId);
    else members.set(key(link), new Set([link.productId]));
  }
  return members;
}

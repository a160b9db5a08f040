import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { parsePics, parseTextList, PromotionType, Status, type ProductListQuery } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { bundleProducts, memberProductRelations, members, productBundles } from '../../db/schema/index.ts';
import { NotFound } from '../../errors.ts';
import type { ResponseCache } from '../../http/response-cache.ts';
import * as snapshot from './catalogue-snapshot.ts';
import type { CatalogueSnapshot, KeptProduct } from './catalogue-snapshot.ts';
import { loadCatalogueSnapshot } from './catalogue-snapshot.repository.ts';
import { KeptSnapshot } from './kept-snapshot.ts';
import { groupBy, iso, sellableJson, withDetails, type ProductJson } from './product-json.ts';
import * as repo from './product.repository.ts';

export { toProductJson, withDetails, type ProductJson } from './product-json.ts';

export type { ProductListQuery } from '@shop/domain';

/** The catalogue snapshot a process keeps (catalogue-snapshot.ts), rebuilt when the back office saves. */
export type KeptCatalogue = KeptSnapshot<CatalogueSnapshot>;

export function keepCatalogue(db: Db, cache: Pick<ResponseCache, 'onClear'>): KeptCatalogue {
  const kept = new KeptSnapshot(() => loadCatalogueSnapshot(db));
  cache.onClear(() => kept.invalidate());
  return kept;
}

/** GET /products: visible products without the influencer-only ones (spec §4), by index_id (spec §9). */
export async function listProducts(catalogue: KeptCatalogue, q: ProductListQuery, now: Date) {
  return snapshot.listProducts(await catalogue.snapshot(), q, now);
}

/** GET /products/{id}: any visible product, influencer-only ones included (they are reached by link). */
export async function getProduct(catalogue: KeptCatalogue, db: Db, id: number, now: Date): Promise<KeptProduct> {
  const kept = snapshot.visibleProduct(await catalogue.snapshot(), id, now);
  if (kept) return kept;
  // The snapshot can be behind the database for a moment (another process's save not yet announced, a
  // row written behind the back office's back): a product the database shows is never answered 404.
  const [row] = await repo.findProducts(db, { now, ids: [id] });
  if (!row) throw new NotFound('找不到此商品');
  catalogue.invalidate();
  const [json] = await withDetails(db, [row]);
  return snapshot.keepProduct({ ...json!, start: row.activityStartTime, end: row.activityEndTime });
}

/** GET /products-preview/{id}: the back office previews a product whatever its status or window. */
export async function previewProduct(db: Db, id: number): Promise<ProductJson> {
  const row = await repo.findProductById(db, id);
  if (!row) throw new NotFound('找不到此商品');
  const [json] = await withDetails(db, [row]);
  return json!;
}

/** GET /products-by-user/{id}: the visible products an influencer recommends (spec §4 relations). */
export async function productsByInfluencer(db: Db, memberId: number, now: Date): Promise<ProductJson[]> {
  const rows = await db
    .select({ productId: memberProductRelations.productId })
    .from(memberProductRelations)
    .innerJoin(members, eq(members.id, memberProductRelations.memberId))
    .where(
      and(
        eq(memberProductRelations.memberId, memberId),
        eq(memberProductRelations.status, Status.Active),
        eq(members.isInternetCelebrity, true),
      ),
    )
    .orderBy(asc(memberProductRelations.indexId), asc(memberProductRelations.id));
  const order = rows.map((r) => r.productId);
  const products = await repo.findProducts(db, { now, ids: order });
  const byId = new Map(products.map((p) => [p.id, p]));
  return withDetails(
    db,
    order.map((id) => byId.get(id)).filter((p): p is repo.ProductRow => p !== undefined),
  );
}

/**
 * GET /catalogue-sitemap: every listed product and package in a few bytes each (id, what its link
 * needs, last change), so /sitemap.xml stays cheap on a large catalogue (issue 4 §9).
 */
export async function catalogueSitemap(db: Db, now: Date) {
  const [productRows, packageRows] = await Promise.all([repo.findProductIndex(db, now), repo.findPackages(db)]);
  return {
    products: productRows.map((p) => ({
      id: p.id,
      product_type_id: p.typeId === null ? null : Number(p.typeId),
      updated_at: new Date(p.updatedAt).toISOString(),
    })),
    packages: packageRows.map((p) => ({
      id: p.id,
      product_package_types_name: p.packageTypeName,
      updated_at: p.updatedAt.toISOString(),
    })),
  };
}

type TypeRow = Awaited<ReturnType<typeof repo.findActiveTypes>>[number];

function toTypeJson(t: TypeRow, all: TypeRow[]) {
  return {
    id: t.id,
    name: t.name,
    level: t.level,
    parent_id: t.parentId,
    status: t.status,
    index_id: t.indexId,
    childs: all
      .filter((c) => c.parentId === t.id)
      .map((c) => ({
        id: c.id,
        name: c.name,
        level: c.level,
        parent_id: c.parentId,
        status: c.status,
        index_id: c.indexId,
        childs: [],
      })),
  };
}

/** GET /product-types: active types by index_id, each with its active children (spec §3 derived childs). */
export async function listProductTypes(db: Db) {
  const all = await repo.findActiveTypes(db);
  // A child whose parent is inactive has no place in the two-level menu.
  const visible = all.filter((t) => t.parentId === null || all.some((p) => p.id === t.parentId));
  return visible.map((t) => toTypeJson(t, visible));
}

export async function getProductType(db: Db, id: number) {
  const found = (await listProductTypes(db)).find((t) => t.id === id);
  if (!found) throw new NotFound('找不到此分類');
  return found;
}

export async function productTypesByParent(db: Db, parentId: number) {
  return (await listProductTypes(db)).filter((t) => t.parent_id === parentId);
}

export async function listPackageTypes(db: Db) {
  return (await repo.findActivePackageTypes(db)).map((t) => ({
    id: t.id,
    name: t.name,
    status: t.status,
    index_id: t.indexId,
  }));
}

/** The API shape of spec §3 Product package; descriptions sanitised like a product's. */
export function toPackageJson(p: repo.PackageRow) {
  return {
    ...sellableJson(p),
    product_package_types_id: p.packageTypeId,
    product_package_types_name: p.packageTypeName,
    status: p.status,
    sold_out: p.stock !== null && p.stock <= 0,
    stock: p.stock,
    created_at: p.createdAt.toISOString(),
    description_titles: parseTextList(p.descriptionTitles),
    pics: parsePics(p.pics, p.banner),
  };
}
export type PackageJson = ReturnType<typeof toPackageJson>;

export async function listPackages(db: Db, typeName?: string) {
  return (await repo.findPackages(db, { typeName })).map(toPackageJson);
}

export async function getPackage(db: Db, id: number) {
  const [row] = await repo.findPackages(db, { id });
  if (!row) throw new NotFound('找不到此組合商品');
  return toPackageJson(row);
}

type BundleRow = typeof productBundles.$inferSelect;

function parseRule(text: string): Array<{ amount: number; value: number }> {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as Array<{ amount: number; value: number }>) : [];
  } catch {
    return [];
  }
}

function toBundleJson(b: BundleRow, productIds: number[]) {
  const known = Object.values(PromotionType) as number[];
  return {
    id: b.id,
    title: b.title,
    banner: b.banner,
    description: b.description,
    status: b.status,
    discount: known.includes(b.discountType) ? { type: b.discountType, rule: parseRule(b.discountRule) } : null,
    activity_start_time: iso(b.activityStartTime),
    activity_end_time: iso(b.activityEndTime),
    product_ids: productIds,
  };
}

async function bundlesWhere(db: Db, where: ReturnType<typeof and>) {
  const rows = await db
    .select()
    .from(productBundles)
    .where(where)
    .orderBy(asc(productBundles.indexId), asc(productBundles.id));
  if (!rows.length) return [];
  const links = await db.select().from(bundleProducts);
  const productsOf = groupBy(links, (l) => l.bundleId);
  return rows.map((b) =>
    toBundleJson(
      b,
      (productsOf.get(b.id) ?? []).map((l) => l.productId).sort((x, y) => x - y),
    ),
  );
}

function inActivity(now: Date) {
  return and(
    or(isNull(productBundles.activityStartTime), lte(productBundles.activityStartTime, now)),
    or(isNull(productBundles.activityEndTime), gte(productBundles.activityEndTime, now)),
  );
}

/** GET /product-bundles: active bundles (spec §9 leaves them unsorted; index_id keeps the order stable). */
export async function listBundles(db: Db) {
  return bundlesWhere(db, eq(productBundles.status, Status.Active));
}

export async function listBundlesInActivity(db: Db, now: Date) {
  return bundlesWhere(db, and(eq(productBundles.status, Status.Active), inActivity(now)));
}

export async function getBundle(db: Db, id: number) {
  const [found] = await bundlesWhere(db, and(eq(productBundles.status, Status.Active), eq(productBundles.id, id)));
  if (!found) throw new NotFound('找不到此優惠活動');
  return found;
}

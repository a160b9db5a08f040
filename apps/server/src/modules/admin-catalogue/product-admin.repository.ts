// SQL of the back office's product editing: specs and type links of a product, the rows a form
// refers to (types, products), and the checks before a delete (docs/decisions/010: the back office
// writes the catalogue tables; the storefront's catalogue module only reads them).
import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import {
  articles,
  bundleProducts,
  courseTypes,
  courses,
  packageTypes,
  productPackages,
  productSpecs,
  productTypeLinks,
  productTypes,
  products,
} from '../../db/schema/index.ts';

type Handle = Db | Tx;

export type ProductRow = typeof products.$inferSelect;
export type SpecRow = typeof productSpecs.$inferSelect;

export async function findSpecsOf(db: Handle, productIds: number[]): Promise<SpecRow[]> {
  if (!productIds.length) return [];
  return db
    .select()
    .from(productSpecs)
    .where(inArray(productSpecs.productId, productIds))
    .orderBy(asc(productSpecs.productId), asc(productSpecs.indexId), asc(productSpecs.id));
}

export async function findTypeIdsOf(db: Handle, productIds: number[]) {
  if (!productIds.length) return [];
  return db
    .select({ productId: productTypeLinks.productId, typeId: productTypeLinks.productTypeId })
    .from(productTypeLinks)
    .where(inArray(productTypeLinks.productId, productIds));
}

export async function insertSpecs(tx: Tx, rows: (typeof productSpecs.$inferInsert)[]) {
  if (rows.length) await tx.insert(productSpecs).values(rows);
}

export async function updateSpec(tx: Tx, id: number, values: Partial<typeof productSpecs.$inferInsert>) {
  await tx.update(productSpecs).set(values).where(eq(productSpecs.id, id));
}

/** Removes the product's specs that are not in `keep`. */
export async function deleteSpecsExcept(tx: Tx, productId: number, keep: number[]) {
  await tx
    .delete(productSpecs)
    .where(
      keep.length
        ? and(eq(productSpecs.productId, productId), notInArray(productSpecs.id, keep))
        : eq(productSpecs.productId, productId),
    );
}

export async function replaceTypeLinks(tx: Tx, productId: number, typeIds: number[]) {
  await tx.delete(productTypeLinks).where(eq(productTypeLinks.productId, productId));
  if (typeIds.length) {
    await tx.insert(productTypeLinks).values(typeIds.map((productTypeId) => ({ productId, productTypeId })));
  }
}

/** Which of `ids` exist in the table (forms may name a record deleted meanwhile). */
export async function existingIds(db: Handle, table: PgTable & { id: PgColumn }, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((r) => Number(r.id)));
}

/** How many rows of the table match: what a delete checks before it refuses (a type still in use). */
async function countRows(db: Handle, table: PgTable, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row?.n ?? 0;
}

export async function findProductTypes(db: Handle, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(productTypes).where(inArray(productTypes.id, ids));
}

export async function countChildTypes(db: Handle, typeId: number): Promise<number> {
  return countRows(db, productTypes, eq(productTypes.parentId, typeId));
}

export async function countProductsOfType(db: Handle, typeId: number): Promise<number> {
  return countRows(db, productTypeLinks, eq(productTypeLinks.productTypeId, typeId));
}

export async function countPackagesOfType(db: Handle, typeId: number): Promise<number> {
  return countRows(db, productPackages, eq(productPackages.packageTypeId, typeId));
}

export async function findPackageTypeByName(db: Handle, name: string) {
  const [row] = await db.select({ id: packageTypes.id }).from(packageTypes).where(eq(packageTypes.name, name));
  return row;
}

export async function packageTypeNames(db: Handle, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: packageTypes.id, name: packageTypes.name })
    .from(packageTypes)
    .where(inArray(packageTypes.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findCourseTypes(db: Handle, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(courseTypes).where(inArray(courseTypes.id, ids));
}

export async function countChildCourseTypes(db: Handle, typeId: number): Promise<number> {
  return countRows(db, courseTypes, eq(courseTypes.parentId, typeId));
}

export async function countCoursesOfType(db: Handle, typeId: number): Promise<number> {
  return countRows(db, courses, eq(courses.courseTypeId, typeId));
}

export async function findBundleProductIds(db: Handle, bundleIds: number[]) {
  if (!bundleIds.length) return [];
  return db
    .select()
    .from(bundleProducts)
    .where(inArray(bundleProducts.bundleId, bundleIds))
    .orderBy(asc(bundleProducts.productId));
}

export async function replaceBundleProducts(tx: Tx, bundleId: number, productIds: number[]) {
  await tx.delete(bundleProducts).where(eq(bundleProducts.bundleId, bundleId));
  if (productIds.length) {
    await tx.insert(bundleProducts).values(productIds.map((productId) => ({ bundleId, productId })));
  }
}

/** What a picker shows of a product: name, picture, price, status. */
const productSummary = {
  id: products.id,
  name: products.name,
  banner: products.banner,
  onSalePrice: products.onSalePrice,
  status: products.status,
};

/** Products by id, as a picker shows them. */
export async function productSummaries(db: Handle, ids: number[]) {
  if (!ids.length) return [];
  return db.select(productSummary).from(products).where(inArray(products.id, ids));
}

/** Products whose name contains the text (or whose id is it), for the pickers of tags, bundles and home areas. */
export async function searchProductSummaries(db: Handle, pattern: string, id: number | null, limit: number) {
  return db
    .select(productSummary)
    .from(products)
    .where(
      id === null
        ? sql`${products.name} ILIKE ${pattern}`
        : sql`(${products.name} ILIKE ${pattern} OR ${products.id} = ${id})`,
    )
    .orderBy(asc(products.indexId), asc(products.id))
    .limit(limit);
}

/** Articles by id or by title, for the review area's picker. */
export async function searchArticleSummaries(db: Handle, pattern: string, ids: number[] | null, limit: number) {
  return db
    .select({ id: articles.id, name: articles.title, banner: articles.pic, status: articles.status })
    .from(articles)
    .where(ids ? inArray(articles.id, ids.length ? ids : [-1]) : sql`${articles.title} ILIKE ${pattern}`)
    .orderBy(asc(articles.indexId), asc(articles.id))
    .limit(limit);
}

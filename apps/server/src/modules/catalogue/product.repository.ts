import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { Status } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import {
  bundleProducts,
  packageTypes,
  productPackages,
  productSpecs,
  productTypeLinks,
  productTypes,
  products,
} from '../../db/schema/index.ts';

export type ProductRow = typeof products.$inferSelect;
export type SpecRow = typeof productSpecs.$inferSelect;
export type PackageRow = typeof productPackages.$inferSelect & { packageTypeName: string };

/** spec §4: active, and inside the activity window where a missing bound means no limit. */
export function visibleProduct(now: Date): SQL {
  return and(
    eq(products.status, Status.Active),
    or(isNull(products.activityStartTime), lte(products.activityStartTime, now)),
    or(isNull(products.activityEndTime), gte(products.activityEndTime, now)),
  )!;
}

export interface ProductFilter {
  now: Date;
  ids?: readonly number[];
  /** Products linked to any of these types. */
  typeIds?: number[];
  bundleId?: number;
  /** spec §4: the list without internet-celebrity products. */
  withoutCelebrity?: boolean;
  limit?: number;
  offset?: number;
}

function productConditions(f: ProductFilter): SQL {
  const conditions: SQL[] = [visibleProduct(f.now)];
  if (f.withoutCelebrity) conditions.push(eq(products.internetCelebrity, false));
  if (f.ids) conditions.push(inArray(products.id, f.ids.length ? f.ids : [-1]));
  if (f.typeIds) {
    conditions.push(
      inArray(
        products.id,
        sql`(select ${productTypeLinks.productId} from ${productTypeLinks} where ${inArray(productTypeLinks.productTypeId, f.typeIds.length ? f.typeIds : [-1])})`,
      ),
    );
  }
  if (f.bundleId !== undefined) {
    conditions.push(
      inArray(
        products.id,
        sql`(select ${bundleProducts.productId} from ${bundleProducts} where ${bundleProducts.bundleId} = ${f.bundleId})`,
      ),
    );
  }
  return and(...conditions)!;
}

export async function findProducts(db: Db, f: ProductFilter): Promise<ProductRow[]> {
  const query = db
    .select()
    .from(products)
    .where(productConditions(f))
    .orderBy(asc(products.indexId), asc(products.id))
    .$dynamic();
  if (f.limit !== undefined) query.limit(f.limit);
  if (f.offset !== undefined) query.offset(f.offset);
  return query;
}

export async function countProducts(db: Db, f: ProductFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(productConditions(f));
  return row?.n ?? 0;
}

/**
 * What a sitemap needs of every listed product: id, the first type (the `t` of its link, as the
 * cards build it) and the last change. Same visibility as the product list (spec §4, no influencer-only).
 */
export async function findProductIndex(db: Db, now: Date) {
  return db
    .select({
      id: products.id,
      typeId: sql<
        number | null
      >`(select min(${productTypeLinks.productTypeId}) from ${productTypeLinks} where ${productTypeLinks.productId} = ${products.id})`,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(and(visibleProduct(now), eq(products.internetCelebrity, false)))
    .orderBy(asc(products.indexId), asc(products.id));
}

/** A product regardless of visibility (the caller decides), or undefined. */
export async function findProductById(db: Db, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

export async function findSpecs(db: Db, productIds: number[]): Promise<SpecRow[]> {
  if (!productIds.length) return [];
  return db
    .select()
    .from(productSpecs)
    .where(inArray(productSpecs.productId, productIds))
    .orderBy(asc(productSpecs.indexId), asc(productSpecs.id));
}

export async function findTypeLinks(db: Db, productIds: number[]) {
  if (!productIds.length) return [];
  return db
    .select({ productId: productTypeLinks.productId, typeId: productTypeLinks.productTypeId })
    .from(productTypeLinks)
    .where(inArray(productTypeLinks.productId, productIds));
}

export async function findActiveTypes(db: Db) {
  return db
    .select()
    .from(productTypes)
    .where(eq(productTypes.status, Status.Active))
    .orderBy(asc(productTypes.indexId), asc(productTypes.id));
}

export async function findActivePackageTypes(db: Db) {
  return db
    .select()
    .from(packageTypes)
    .where(eq(packageTypes.status, Status.Active))
    .orderBy(asc(packageTypes.indexId), asc(packageTypes.id));
}

export interface PackageFilter {
  id?: number;
  ids?: readonly number[];
  typeName?: string;
}

/** Active packages of active types, newest first (spec §9). */
export async function findPackages(db: Db, f: PackageFilter = {}): Promise<PackageRow[]> {
  const conditions: SQL[] = [eq(productPackages.status, Status.Active), eq(packageTypes.status, Status.Active)];
  if (f.id !== undefined) conditions.push(eq(productPackages.id, f.id));
  if (f.ids) conditions.push(inArray(productPackages.id, f.ids.length ? [...f.ids] : [-1]));
  if (f.typeName !== undefined) conditions.push(eq(packageTypes.name, f.typeName));
  const rows = await db
    .select({ p: productPackages, packageTypeName: packageTypes.name })
    .from(productPackages)
    .innerJoin(packageTypes, eq(productPackages.packageTypeId, packageTypes.id))
    .where(and(...conditions))
    .orderBy(desc(productPackages.createdAt), desc(productPackages.id));
  return rows.map((r) => ({ ...r.p, packageTypeName: r.packageTypeName }));
}

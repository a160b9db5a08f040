// SQL of the members' server-side carts (spec §4 Cart). Product, spec and package rows are read here
// (read-only) to join each line with the current catalogue data.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CART_QTY_MAX } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import {
  packageShoppingCarts,
  packageTypes,
  productPackages,
  productSpecs,
  products,
  shoppingCarts,
} from '../../db/schema/index.ts';

export type CartLineRow = typeof shoppingCarts.$inferSelect;
export type PackageCartLineRow = typeof packageShoppingCarts.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type SpecRow = typeof productSpecs.$inferSelect;
export type PackageRow = typeof productPackages.$inferSelect & { typeActive: boolean };

/**
 * Adds qty to the member's line for (product, spec), creating it when missing; one statement, so two
 * concurrent adds both count. Undefined when the sum would pass CART_QTY_MAX (nothing changes).
 */
export async function addProductLine(
  db: Db,
  line: { memberId: number; productId: number; specId: number | null; qty: number },
  now: Date,
): Promise<CartLineRow | undefined> {
  const [row] = await db
    .insert(shoppingCarts)
    .values({ ...line, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [shoppingCarts.memberId, shoppingCarts.productId, shoppingCarts.specId],
      set: { qty: sql`${shoppingCarts.qty} + excluded.qty`, updatedAt: now },
      setWhere: sql`${shoppingCarts.qty} + excluded.qty <= ${CART_QTY_MAX}`,
    })
    .returning();
  return row;
}

export async function addPackageLine(
  db: Db,
  line: { memberId: number; productPackageId: number; qty: number },
  now: Date,
): Promise<PackageCartLineRow | undefined> {
  const [row] = await db
    .insert(packageShoppingCarts)
    .values({ ...line, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [packageShoppingCarts.memberId, packageShoppingCarts.productPackageId],
      set: { qty: sql`${packageShoppingCarts.qty} + excluded.qty`, updatedAt: now },
      setWhere: sql`${packageShoppingCarts.qty} + excluded.qty <= ${CART_QTY_MAX}`,
    })
    .returning();
  return row;
}

export async function findProductLine(db: Db, id: number): Promise<CartLineRow | undefined> {
  const [row] = await db.select().from(shoppingCarts).where(eq(shoppingCarts.id, id));
  return row;
}

export async function findPackageLine(db: Db, id: number): Promise<PackageCartLineRow | undefined> {
  const [row] = await db.select().from(packageShoppingCarts).where(eq(packageShoppingCarts.id, id));
  return row;
}

export async function findProductLineQty(
  db: Db,
  memberId: number,
  productId: number,
  specId: number | null,
): Promise<number> {
  const [row] = await db
    .select({ qty: shoppingCarts.qty })
    .from(shoppingCarts)
    .where(
      and(
        eq(shoppingCarts.memberId, memberId),
        eq(shoppingCarts.productId, productId),
        specId === null ? sql`${shoppingCarts.specId} IS NULL` : eq(shoppingCarts.specId, specId),
      ),
    );
  return row?.qty ?? 0;
}

export async function findPackageLineQty(db: Db, memberId: number, packageId: number): Promise<number> {
  const [row] = await db
    .select({ qty: packageShoppingCarts.qty })
    .from(packageShoppingCarts)
    .where(and(eq(packageShoppingCarts.memberId, memberId), eq(packageShoppingCarts.productPackageId, packageId)));
  return row?.qty ?? 0;
}

export async function setProductLineQty(db: Db, id: number, memberId: number, qty: number, now: Date) {
  const [row] = await db
    .update(shoppingCarts)
    .set({ qty, updatedAt: now })
    .where(and(eq(shoppingCarts.id, id), eq(shoppingCarts.memberId, memberId)))
    .returning();
  return row;
}

export async function setPackageLineQty(db: Db, id: number, memberId: number, qty: number, now: Date) {
  const [row] = await db
    .update(packageShoppingCarts)
    .set({ qty, updatedAt: now })
    .where(and(eq(packageShoppingCarts.id, id), eq(packageShoppingCarts.memberId, memberId)))
    .returning();
  return row;
}

export async function deleteProductLine(db: Db, id: number, memberId: number): Promise<number> {
  const rows = await db
    .delete(shoppingCarts)
    .where(and(eq(shoppingCarts.id, id), eq(shoppingCarts.memberId, memberId)))
    .returning({ id: shoppingCarts.id });
  return rows.length;
}

export async function deletePackageLine(db: Db, id: number, memberId: number): Promise<number> {
  const rows = await db
    .delete(packageShoppingCarts)
    .where(and(eq(packageShoppingCarts.id, id), eq(packageShoppingCarts.memberId, memberId)))
    .returning({ id: packageShoppingCarts.id });
  return rows.length;
}

export async function deleteProductLines(db: Db, memberId: number): Promise<number> {
  const rows = await db
    .delete(shoppingCarts)
    .where(eq(shoppingCarts.memberId, memberId))
    .returning({ id: shoppingCarts.id });
  return rows.length;
}

export async function deletePackageLines(db: Db, memberId: number): Promise<number> {
  const rows = await db
    .delete(packageShoppingCarts)
    .where(eq(packageShoppingCarts.memberId, memberId))
    .returning({ id: packageShoppingCarts.id });
  return rows.length;
}

export async function findProductLines(db: Db, memberId: number): Promise<CartLineRow[]> {
  return db.select().from(shoppingCarts).where(eq(shoppingCarts.memberId, memberId)).orderBy(asc(shoppingCarts.id));
}

export async function findPackageLines(db: Db, memberId: number): Promise<PackageCartLineRow[]> {
  return db
    .select()
    .from(packageShoppingCarts)
    .where(eq(packageShoppingCarts.memberId, memberId))
    .orderBy(asc(packageShoppingCarts.id));
}

export async function findProducts(db: Db, ids: readonly number[]): Promise<ProductRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(products)
    .where(inArray(products.id, [...ids]));
}

export async function findSpecsOf(db: Db, productIds: readonly number[]): Promise<SpecRow[]> {
  if (!productIds.length) return [];
  return db
    .select()
    .from(productSpecs)
    .where(inArray(productSpecs.productId, [...productIds]))
    .orderBy(asc(productSpecs.indexId), asc(productSpecs.id));
}

export async function findPackages(db: Db, ids: readonly number[]): Promise<PackageRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ p: productPackages, typeStatus: packageTypes.status })
    .from(productPackages)
    .innerJoin(packageTypes, eq(productPackages.packageTypeId, packageTypes.id))
    .where(inArray(productPackages.id, [...ids]));
  return rows.map((r) => ({ ...r.p, typeActive: r.typeStatus === 1 }));
}

/** Deletes exactly these lines of the member (the ones an order took); lines added meanwhile stay. */
export async function deleteLinesById(
  db: Db,
  memberId: number,
  productLineIds: readonly number[],
  packageLineIds: readonly number[],
): Promise<void> {
  if (productLineIds.length) {
    await db
      .delete(shoppingCarts)
      .where(and(eq(shoppingCarts.memberId, memberId), inArray(shoppingCarts.id, [...productLineIds])));
  }
  if (packageLineIds.length) {
    await db
      .delete(packageShoppingCarts)
      .where(and(eq(packageShoppingCarts.memberId, memberId), inArray(packageShoppingCarts.id, [...packageLineIds])));
  }
}

/** Product lines with their product and spec in one query (an order reads them in its transaction). */
export async function findOrderableProductLines(db: Db, memberId: number) {
  return db
    .select({
      id: shoppingCarts.id,
      qty: shoppingCarts.qty,
      specId: shoppingCarts.specId,
      product: {
        id: products.id,
        name: products.name,
        onSalePrice: products.onSalePrice,
        status: products.status,
        activityStartTime: products.activityStartTime,
        activityEndTime: products.activityEndTime,
      },
      spec: {
        id: productSpecs.id,
        name: productSpecs.name,
        onSalePrice: productSpecs.onSalePrice,
        stock: productSpecs.stock,
      },
      hasSpecs: sql<boolean>`EXISTS (SELECT 1 FROM ${productSpecs} s WHERE s.product_id = ${products.id})`,
    })
    .from(shoppingCarts)
    .innerJoin(products, eq(products.id, shoppingCarts.productId))
    .leftJoin(
      productSpecs,
      and(eq(productSpecs.id, shoppingCarts.specId), eq(productSpecs.productId, shoppingCarts.productId)),
    )
    .where(eq(shoppingCarts.memberId, memberId))
    .orderBy(asc(shoppingCarts.id));
}

export async function findOrderablePackageLines(db: Db, memberId: number) {
  return db
    .select({
      id: packageShoppingCarts.id,
      qty: packageShoppingCarts.qty,
      package: {
        id: productPackages.id,
        name: productPackages.name,
        onSalePrice: productPackages.onSalePrice,
        status: productPackages.status,
        stock: productPackages.stock,
      },
      typeStatus: packageTypes.status,
    })
    .from(packageShoppingCarts)
    .innerJoin(productPackages, eq(productPackages.id, packageShoppingCarts.productPackageId))
    .innerJoin(packageTypes, eq(packageTypes.id, productPackages.packageTypeId))
    .where(eq(packageShoppingCarts.memberId, memberId))
    .orderBy(asc(packageShoppingCarts.id));
}

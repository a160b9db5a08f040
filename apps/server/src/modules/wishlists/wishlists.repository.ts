// SQL of members' wishlists (issue 43 item 4): one row per (member, product).
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, wishlistItems } from '../../db/schema/index.ts';

/** The member's kept products, newest first, with the product fields a card shows. */
export async function findItems(db: Db, memberId: number) {
  return db
    .select({
      productId: wishlistItems.productId,
      createdAt: wishlistItems.createdAt,
      name: products.name,
      banner: products.banner,
      price: products.price,
      onSalePrice: products.onSalePrice,
      status: products.status,
      activityStartTime: products.activityStartTime,
      activityEndTime: products.activityEndTime,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.memberId, memberId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
}
export type WishlistRow = Awaited<ReturnType<typeof findItems>>[number];

export async function countItems(db: Db, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.memberId, memberId));
  return row?.n ?? 0;
}

/** Adds the products not yet kept; a product already in the list keeps its place. */
export async function insertItems(db: Db, memberId: number, productIds: readonly number[], now: Date) {
  if (!productIds.length) return;
  await db
    .insert(wishlistItems)
    .values(productIds.map((productId) => ({ memberId, productId, createdAt: now })))
    .onConflictDoNothing();
}

/** False when the product was not in the list. */
export async function deleteItem(db: Db, memberId: number, productId: number): Promise<boolean> {
  const rows = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.memberId, memberId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  return rows.length > 0;
}

/** The products among these ids, with what decides whether they may be kept. */
export async function findProducts(db: Db, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: products.id,
      status: products.status,
      activityStartTime: products.activityStartTime,
      activityEndTime: products.activityEndTime,
    })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

// SQL of product reviews and their per-product totals (docs/decisions/085).
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, productReviews, productReviewTotals, products } from '../../db/schema/index.ts';

type Handle = Db | Tx;
export type ReviewRow = typeof productReviews.$inferSelect;
export type NewReviewRow = typeof productReviews.$inferInsert;

/** The new review, or undefined when this order already has one of this product. */
export async function insertReview(tx: Tx, row: NewReviewRow): Promise<ReviewRow | undefined> {
  const [inserted] = await tx
    .insert(productReviews)
    .values(row)
    .onConflictDoNothing({ target: [productReviews.orderId, productReviews.productId] })
    .returning();
  return inserted;
}

/** Adds a shown review's stars to (or, with -1, takes them from) its product's totals. */
export async function addToTotals(tx: Tx, productId: number, rating: number, sign: 1 | -1): Promise<void> {
  const moved = {
    reviewCount: sql`${productReviewTotals.reviewCount} + ${sign}`,
    ratingSum: sql`${productReviewTotals.ratingSum} + ${sign * rating}`,
  };
  // A shown review was counted, so taking one away finds its row; the insert's values must pass the CHECKs.
  if (sign < 0) {
    await tx.update(productReviewTotals).set(moved).where(eq(productReviewTotals.productId, productId));
    return;
  }
  await tx
    .insert(productReviewTotals)
    .values({ productId, reviewCount: 1, ratingSum: rating })
    .onConflictDoUpdate({ target: productReviewTotals.productId, set: moved });
}

export async function findTotals(db: Handle, productId: number): Promise<{ count: number; sum: number }> {
  const [row] = await db
    .select({ count: productReviewTotals.reviewCount, sum: productReviewTotals.ratingSum })
    .from(productReviewTotals)
    .where(eq(productReviewTotals.productId, productId));
  return row ?? { count: 0, sum: 0 };
}

/** Shown reviews of a product, newest first (the partial index idx_product_reviews_product_id_created_at). */
export async function findShownReviews(db: Handle, productId: number, limit: number, offset: number) {
  return db
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.hidden, false)))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(limit)
    .offset(offset);
}

export async function lockReview(tx: Tx, id: number): Promise<ReviewRow | undefined> {
  const [row] = await tx.select().from(productReviews).where(eq(productReviews.id, id)).for('update');
  return row;
}

export async function updateReview(tx: Tx, id: number, set: Partial<NewReviewRow>): Promise<ReviewRow> {
  const [row] = await tx.update(productReviews).set(set).where(eq(productReviews.id, id)).returning();
  return row!;
}

/** Which of an order's products already have a review from it. */
export async function findReviewedProductIds(db: Handle, orderId: number): Promise<Set<number>> {
  const rows = await db
    .select({ productId: productReviews.productId })
    .from(productReviews)
    .where(eq(productReviews.orderId, orderId));
  return new Set(rows.map((r) => r.productId));
}

/** Whether a review shows this upload (then it is kept, not swept or deleted). */
export async function isPicInReviews(db: Handle, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: productReviews.id })
    .from(productReviews)
    .where(sql`${productReviews.pics} @> ${JSON.stringify([name])}::jsonb`)
    .limit(1);
  return row !== undefined;
}

export interface AdminReviewFilter {
  state?: 'shown' | 'hidden' | 'unreplied';
  productId?: number;
  /** One review (the answer of a change). */
  id?: number;
  limit: number;
  offset: number;
}

/** The back office's list: every review, newest first, with its product's name and order number (a read join, as the admin lists do). */
export async function findReviewsForStaff(db: Handle, f: AdminReviewFilter) {
  const where: SQL[] = [];
  if (f.state === 'shown') where.push(eq(productReviews.hidden, false));
  if (f.state === 'hidden') where.push(eq(productReviews.hidden, true));
  if (f.state === 'unreplied') where.push(isNull(productReviews.reply));
  if (f.productId !== undefined) where.push(eq(productReviews.productId, f.productId));
  if (f.id !== undefined) where.push(eq(productReviews.id, f.id));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ review: productReviews, productName: products.name, orderNumber: orders.orderNumber })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .innerJoin(orders, eq(orders.id, productReviews.orderId))
      .where(condition)
      .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(productReviews).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function productExists(db: Handle, id: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return row !== undefined;
}

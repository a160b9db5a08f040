// SQL of 貨到通知 (issue 43 item 2). Specs and products are read here (read-only) to know whether a spec
// is sold out and what to call it in the message.
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { productSpecs, products, restockSubscriptions } from '../../db/schema/index.ts';

type Handle = Db | Tx;
export type RestockSubscriptionRow = typeof restockSubscriptions.$inferSelect;

export async function findSpec(db: Handle, specId: number) {
  const [row] = await db
    .select({
      id: productSpecs.id,
      name: productSpecs.name,
      stock: productSpecs.stock,
      productId: products.id,
      productName: products.name,
      productStatus: products.status,
    })
    .from(productSpecs)
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .where(eq(productSpecs.id, specId));
  return row;
}

/** Adds the member's wait for the spec; the existing one when they already wait. */
export async function insertWaiting(db: Db, memberId: number, specId: number, now: Date) {
  const [inserted] = await db
    .insert(restockSubscriptions)
    .values({ memberId, specId, createdAt: now })
    .onConflictDoNothing({
      target: [restockSubscriptions.memberId, restockSubscriptions.specId],
      where: sql`${restockSubscriptions.notifiedAt} IS NULL`,
    })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(restockSubscriptions)
    .where(
      and(
        eq(restockSubscriptions.memberId, memberId),
        eq(restockSubscriptions.specId, specId),
        isNull(restockSubscriptions.notifiedAt),
      ),
    );
  return { row: existing!, created: false };
}

export async function findSubscription(db: Handle, id: number): Promise<RestockSubscriptionRow | undefined> {
  const [row] = await db.select().from(restockSubscriptions).where(eq(restockSubscriptions.id, id));
  return row;
}

export async function deleteSubscription(db: Db, id: number, memberId: number): Promise<number> {
  const rows = await db
    .delete(restockSubscriptions)
    .where(and(eq(restockSubscriptions.id, id), eq(restockSubscriptions.memberId, memberId)))
    .returning({ id: restockSubscriptions.id });
  return rows.length;
}

/** The member's open waits, with the product each spec belongs to. */
export async function findWaitingOf(db: Handle, memberId: number) {
  return db
    .select({
      id: restockSubscriptions.id,
      specId: restockSubscriptions.specId,
      productId: productSpecs.productId,
      createdAt: restockSubscriptions.createdAt,
    })
    .from(restockSubscriptions)
    .innerJoin(productSpecs, eq(productSpecs.id, restockSubscriptions.specId))
    .where(and(eq(restockSubscriptions.memberId, memberId), isNull(restockSubscriptions.notifiedAt)))
    .orderBy(restockSubscriptions.id);
}

/** How many members wait for each of these specs; a spec nobody waits for is absent. */
export async function countWaiting(db: Handle, specIds: readonly number[]): Promise<Map<number, number>> {
  if (!specIds.length) return new Map();
  const rows = await db
    .select({ specId: restockSubscriptions.specId, n: count() })
    .from(restockSubscriptions)
    .where(and(inArray(restockSubscriptions.specId, [...specIds]), isNull(restockSubscriptions.notifiedAt)))
    .groupBy(restockSubscriptions.specId);
  return new Map(rows.map((r) => [r.specId, Number(r.n)]));
}

/** Ends every open wait for these specs and answers the ended ones (the caller queues their alerts). */
export async function endWaiting(tx: Tx, specIds: readonly number[]) {
  if (!specIds.length) return [];
  return tx
    .update(restockSubscriptions)
    .set({ notifiedAt: sql`now()` })
    .where(and(inArray(restockSubscriptions.specId, [...specIds]), isNull(restockSubscriptions.notifiedAt)))
    .returning({ id: restockSubscriptions.id });
}

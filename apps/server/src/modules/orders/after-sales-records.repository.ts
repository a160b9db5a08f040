// SQL of the after-sales records (spec §4): the cancel and return requests of orders, read by order,
// by member or by the buyer's mobile number, one request per order.
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderCancelRecords, orderReturnRecords, orders } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import { countSalesChange } from './sales-change-count.ts';

export type CancelRecordRow = typeof orderCancelRecords.$inferSelect;
export type ReturnRecordRow = typeof orderReturnRecords.$inferSelect;

type Handle = Db | Tx;

export async function findCancelRecords(db: Handle, orderIds: readonly number[]): Promise<CancelRecordRow[]> {
  if (!orderIds.length) return [];
  return db
    .select()
    .from(orderCancelRecords)
    .where(inArray(orderCancelRecords.orderId, [...orderIds]));
}

export async function findReturnRecords(db: Handle, orderIds: readonly number[]): Promise<ReturnRecordRow[]> {
  if (!orderIds.length) return [];
  return db
    .select()
    .from(orderReturnRecords)
    .where(inArray(orderReturnRecords.orderId, [...orderIds]));
}

/** One request per order (unique index): undefined when the order has one already. */
export async function insertCancelRecord(
  tx: Tx,
  row: typeof orderCancelRecords.$inferInsert,
): Promise<CancelRecordRow | undefined> {
  const [inserted] = await tx
    .insert(orderCancelRecords)
    .values(row)
    .onConflictDoNothing({ target: orderCancelRecords.orderId })
    .returning();
  // The sales report counts requests and their reasons (docs/decisions/093).
  if (inserted) await countSalesChange(tx);
  return inserted;
}

export async function insertReturnRecord(
  tx: Tx,
  row: typeof orderReturnRecords.$inferInsert,
): Promise<ReturnRecordRow | undefined> {
  const [inserted] = await tx
    .insert(orderReturnRecords)
    .values(row)
    .onConflictDoNothing({ target: orderReturnRecords.orderId })
    .returning();
  if (inserted) await countSalesChange(tx);
  return inserted;
}

export async function updateCancelRecord(tx: Tx, id: number, change: Partial<typeof orderCancelRecords.$inferInsert>) {
  const [row] = await tx.update(orderCancelRecords).set(change).where(eq(orderCancelRecords.id, id)).returning();
  await countSalesChange(tx);
  return row!;
}

export async function updateReturnRecord(tx: Tx, id: number, change: Partial<typeof orderReturnRecords.$inferInsert>) {
  const [row] = await tx.update(orderReturnRecords).set(change).where(eq(orderReturnRecords.id, id)).returning();
  await countSalesChange(tx);
  return row!;
}

/** Cancel records of a member's orders, newest first. */
export async function findCancelRecordsOfMember(db: Handle, memberId: number): Promise<CancelRecordRow[]> {
  return db
    .select()
    .from(orderCancelRecords)
    .where(eq(orderCancelRecords.memberId, memberId))
    .orderBy(desc(orderCancelRecords.createdAt), desc(orderCancelRecords.id));
}

export async function findReturnRecordsOfMember(db: Handle, memberId: number): Promise<ReturnRecordRow[]> {
  return db
    .select()
    .from(orderReturnRecords)
    .where(eq(orderReturnRecords.memberId, memberId))
    .orderBy(desc(orderReturnRecords.createdAt), desc(orderReturnRecords.id));
}

/** Cancel records of the orders bought with this mobile number, with each order's buyer, newest first. */
export async function findCancelRecordsByBuyerPhone(db: Handle, phone: string, limit: number) {
  return db
    .select({ record: orderCancelRecords, buyerId: orders.memberId })
    .from(orderCancelRecords)
    .innerJoin(orders, eq(orders.id, orderCancelRecords.orderId))
    .where(eq(orders.memberCellphone, phone))
    .orderBy(desc(orderCancelRecords.createdAt), desc(orderCancelRecords.id))
    .limit(limit);
}

export async function findReturnRecordsByBuyerPhone(db: Handle, phone: string, limit: number) {
  return db
    .select({ record: orderReturnRecords, buyerId: orders.memberId })
    .from(orderReturnRecords)
    .innerJoin(orders, eq(orders.id, orderReturnRecords.orderId))
    .where(eq(orders.memberCellphone, phone))
    .orderBy(desc(orderReturnRecords.createdAt), desc(orderReturnRecords.id))
    .limit(limit);
}

/** Whether a return request refers to this upload (its `pic` is JSON text of names). */
export async function isPicInReturnRecords(db: Handle, name: string): Promise<boolean> {
  const pattern = `%${JSON.stringify(name).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [row] = await db
    .select({ id: orderReturnRecords.id })
    .from(orderReturnRecords)
    .where(sql`${orderReturnRecords.pic} LIKE ${pattern}`)
    .limit(1);
  return row !== undefined;
}

// SQL of the storefront's orders and after-sales records (spec §3 Order, §4 after-sales): reads scoped
// by member or buyer phone, the row locks and conditional updates that keep stock, points and states
// right under concurrent requests, and the idempotency keys of POST /orders.
//
// Besides its own tables, this module locks the buyer's `members` row (one checkout per member at a
// time) and takes or gives back the `stock` of specs and packages: stock is what orders consume, the
// same way the back-office order handling puts it back (order-handling.service.ts).
import { and, asc, count, desc, eq, gte, isNull, lt, lte, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { OrderStatus, PaymentMethod } from '@shop/domain';
import type { Db, Tx } from '../../db/client.ts';
import {
  idempotencyKeys,
  memberBonus,
  memberLevels,
  members,
  orderReturnRecords,
  orders,
  productPackages,
  productSpecs,
} from '../../db/schema/index.ts';

/** A transaction handle. */
export type { Tx } from '../../db/client.ts';
type Handle = Db | Tx;

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type { CancelRecordRow, ReturnRecordRow } from './after-sales-records.repository.ts';

// The after-sales records and the payment writes have their own files; callers see one repository.
export * from './after-sales-records.repository.ts';
export * from './order-payments.repository.ts';

// ---- the buyer ---------------------------------------------------------------------------------------

export interface Buyer {
  id: number;
  account: string;
  cellPhone: string;
  status: number;
  bonus: number;
  /** The member level's name and percent off (docs/decisions/061); null name = no level. */
  levelName: string | null;
  levelDiscountPercent: number;
}

const buyerColumns = {
  id: members.id,
  account: members.account,
  cellPhone: members.cellPhone,
  status: members.status,
  bonus: sql<number>`coalesce(${memberBonus.bonus}, 0)::int`,
  levelName: memberLevels.name,
  levelDiscountPercent: sql<number>`coalesce(${memberLevels.discountPercent}, 0)::int`,
};

/**
 * Locks the member's row until the transaction ends, so one member's checkouts run one after the
 * other: the second one then sees the cart the first emptied. NO KEY UPDATE does not block other
 * rows referencing the member (cart lines, orders of other requests).
 */
export async function lockBuyer(tx: Tx, memberId: number): Promise<Buyer | undefined> {
  const [row] = await tx
    .select(buyerColumns)
    .from(members)
    .leftJoin(memberBonus, eq(memberBonus.memberId, members.id))
    .leftJoin(memberLevels, eq(memberLevels.id, members.memberLevelId))
    .where(eq(members.id, memberId))
    .for('no key update', { of: members });
  return row;
}

export async function findBuyer(db: Handle, memberId: number): Promise<Buyer | undefined> {
  const [row] = await db
    .select(buyerColumns)
    .from(members)
    .leftJoin(memberBonus, eq(memberBonus.memberId, members.id))
    .leftJoin(memberLevels, eq(memberLevels.id, members.memberLevelId))
    .where(eq(members.id, memberId));
  return row;
}

// ---- idempotency keys --------------------------------------------------------------------------------

/**
 * Claims a key for this request. A concurrent request with the same key waits here until the first
 * transaction ends (unique index); it then gets undefined if the first committed, or claims the key
 * itself if the first rolled back.
 */
export async function claimIdempotencyKey(
  tx: Tx,
  row: { memberId: number; key: string; requestHash: string; createdAt: Date },
): Promise<number | undefined> {
  const [inserted] = await tx
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoNothing({ target: [idempotencyKeys.memberId, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });
  return inserted?.id;
}

export async function findIdempotencyKey(tx: Handle, memberId: number, key: string) {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)));
  return row;
}

/** Housekeeping: keys first seen before `before` (their retries are long over). */
export async function deleteIdempotencyKeysBefore(db: Db, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}

export async function saveIdempotencyResult(tx: Tx, id: number, orderId: number, response: unknown) {
  await tx.update(idempotencyKeys).set({ orderId, response }).where(eq(idempotencyKeys.id, id));
}

// ---- stock -------------------------------------------------------------------------------------------

/**
 * Takes `qty` units of a spec in one conditional update: the row lock serialises concurrent buyers
 * and the condition is checked again on the newest row, so stock never goes below zero. An untracked
 * (NULL) stock stays NULL. False when there are not enough units.
 */
export async function takeSpecStock(tx: Tx, specId: number, qty: number): Promise<boolean> {
  const rows = await tx
    .update(productSpecs)
    .set({ stock: sql`${productSpecs.stock} - ${qty}` })
    .where(and(eq(productSpecs.id, specId), sql`(${productSpecs.stock} IS NULL OR ${productSpecs.stock} >= ${qty})`))
    .returning({ id: productSpecs.id });
  return rows.length > 0;
}

export async function takePackageStock(tx: Tx, packageId: number, qty: number): Promise<boolean> {
  const rows = await tx
    .update(productPackages)
    .set({ stock: sql`${productPackages.stock} - ${qty}` })
    .where(
      and(
        eq(productPackages.id, packageId),
        sql`(${productPackages.stock} IS NULL OR ${productPackages.stock} >= ${qty})`,
      ),
    )
    .returning({ id: productPackages.id });
  return rows.length > 0;
}

/**
 * Puts units back (a cancelled order, a return); untracked stock stays NULL. Answers the specs that
 * had none left before, so their 貨到通知 go out (issue 43 item 2).
 */
export async function putBackStock(
  tx: Tx,
  items: readonly { kind: 'product' | 'package'; id: number; spec_id: number | null; qty: number }[],
): Promise<number[]> {
  const cameBack: number[] = [];
  for (const item of items) {
    if (item.qty <= 0) continue;
    if (item.kind === 'product' && item.spec_id !== null) {
      const [row] = await tx
        .update(productSpecs)
        .set({ stock: sql`${productSpecs.stock} + ${item.qty}` })
        .where(and(eq(productSpecs.id, item.spec_id), sql`${productSpecs.stock} IS NOT NULL`))
        .returning({ id: productSpecs.id, stock: productSpecs.stock });
      if (row && row.stock !== null && row.stock - item.qty <= 0) cameBack.push(row.id);
    } else if (item.kind === 'package') {
      await tx
        .update(productPackages)
        .set({ stock: sql`${productPackages.stock} + ${item.qty}` })
        .where(and(eq(productPackages.id, item.id), sql`${productPackages.stock} IS NOT NULL`));
    }
  }
  return cameBack;
}

// ---- orders ------------------------------------------------------------------------------------------

/** Inserts an order; undefined when its order number is taken (the caller draws another). */
export async function insertOrder(tx: Tx, row: NewOrderRow): Promise<OrderRow | undefined> {
  const [inserted] = await tx
    .insert(orders)
    .values(row)
    .onConflictDoNothing({ target: orders.orderNumber })
    .returning();
  return inserted;
}

export async function findOrder(db: Handle, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** Locks an order for the rest of the transaction (after-sales steps and back-office handling queue up). */
/**
 * Unpaid orders placed before `placedBefore` that may be waiting for money (paid from the shop or by
 * transfer, still Processing, not shipped), oldest first; the caller checks each one's deadline.
 */
export async function findUnpaidOrderIds(db: Handle, placedBefore: Date, limit = 500): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, OrderStatus.Processing),
        eq(orders.isPayment, false),
        eq(orders.isShipping, false),
        ne(orders.paymentType, PaymentMethod.CashOnDelivery),
        lte(orders.createdAt, placedBefore),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function lockOrder(tx: Tx, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function findOrderOfMemberByNumber(db: Handle, memberId: number, orderNumber: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.orderNumber, orderNumber)));
  return row;
}

export interface OrderFilter {
  memberId?: number;
  /** The buyer's mobile number (spec §2 order search). */
  memberCellphone?: string;
  createdFrom?: Date;
  createdBefore?: Date;
}

function orderConditions(f: OrderFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.memberId !== undefined) where.push(eq(orders.memberId, f.memberId));
  if (f.memberCellphone !== undefined) where.push(eq(orders.memberCellphone, f.memberCellphone));
  if (f.createdFrom) where.push(gte(orders.createdAt, f.createdFrom));
  if (f.createdBefore) where.push(lt(orders.createdAt, f.createdBefore));
  return and(...where);
}

/** Newest first. */
export async function findOrders(db: Handle, f: OrderFilter, limit: number, offset: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(orderConditions(f))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

export async function countOrders(db: Handle, f: OrderFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(orderConditions(f));
  return row?.n ?? 0;
}

/** Writes the changed columns and bumps the version (the back office's forms see the change). */
export async function updateOrder(tx: Tx, id: number, change: Partial<NewOrderRow>, now: Date): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ ...change, updatedAt: now, version: sql`${orders.version} + 1` })
    .where(eq(orders.id, id))
    .returning();
  return row!;
}

/** Stores the remittance digits once; false when the order already has them. */
export async function setTransferDigits(tx: Tx, id: number, digits: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ lastNumberOfTransfer: digits, updatedAt: now, version: sql`${orders.version} + 1` })
    .where(and(eq(orders.id, id), isNull(orders.lastNumberOfTransfer)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Shipped orders whose ship date is before `shippedBefore`, not completed, not cancelled and without
 * a return record: the completion sweep's candidates (it checks each again under its lock).
 */
export async function findOrdersToComplete(db: Handle, shippedBefore: Date, limit = 500): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.isShipping, true),
        isNull(orders.completedAt),
        lte(orders.shipDate, shippedBefore),
        ne(orders.status, OrderStatus.Cancel),
        notExists(
          db
            .select({ one: sql`1` })
            .from(orderReturnRecords)
            .where(eq(orderReturnRecords.orderId, orders.id)),
        ),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Whether the member placed an order after `since` (a cart reminder is then not due: issue 43 item 3). */
export async function hasOrderSince(db: Handle, memberId: number, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), sql`${orders.createdAt} > ${since}`))
    .limit(1);
  return row !== undefined;
}

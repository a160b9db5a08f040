// SQL of the storefront's orders and after-sales records (spec §3 Order, §4 after-sales): reads scoped
// by member or buyer phone, the row locks and conditional updates that keep stock, points and states
// right under concurrent requests, and the idempotency keys of POST /orders.
//
// Besides its own tables, this module locks the buyer's `members` row (one checkout per member at a
// time) and takes or gives back the `stock` of specs and packages: stock is what orders consume, the
// same way the back-office order handling puts it back (order-handling.service.ts).
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { OrderStatus, PaymentMethod } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { recordPaymentCodeMessage, recordVirtualAccountMessage } from './order-notifications.ts';
import {
  idempotencyKeys,
  memberBonus,
  memberLevels,
  members,
  orderCancelRecords,
  orderReturnRecords,
  orders,
  productPackages,
  productSpecs,
} from '../../db/schema/index.ts';
import { countOrderPaid } from '../../metrics/index.ts';

/** A transaction handle. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Handle = Db | Tx;

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type CancelRecordRow = typeof orderCancelRecords.$inferSelect;
export type ReturnRecordRow = typeof orderReturnRecords.$inferSelect;

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

// ---- after-sales records -----------------------------------------------------------------------------

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
  return inserted;
}

export async function updateCancelRecord(tx: Tx, id: number, change: Partial<typeof orderCancelRecords.$inferInsert>) {
  const [row] = await tx.update(orderCancelRecords).set(change).where(eq(orderCancelRecords.id, id)).returning();
  return row!;
}

export async function updateReturnRecord(tx: Tx, id: number, change: Partial<typeof orderReturnRecords.$inferInsert>) {
  const [row] = await tx.update(orderReturnRecords).set(change).where(eq(orderReturnRecords.id, id)).returning();
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

// ---- payments (written for the payments module's callbacks and the owner's ATM account) -------------

/** Marks an unpaid order paid; false when it was already paid (nothing changes then). */
export async function markPaid(
  tx: Tx,
  orderId: number,
  payment: { tradeNo: string; paidAt: Date },
  now: Date,
): Promise<boolean> {
  const updated = await tx
    .update(orders)
    .set({
      isPayment: true,
      paidAt: payment.paidAt,
      tradeNo: payment.tradeNo,
      version: sql`${orders.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(orders.id, orderId), eq(orders.isPayment, false)))
    .returning({ id: orders.id });
  // Counted as written: the payment callbacks' transactions that write it do not roll back after.
  if (updated.length > 0) countOrderPaid();
  return updated.length > 0;
}

/** Flags money the shop owes back outside the cancel and return flows (see orders.refund_due). */
export async function markRefundDue(
  tx: Tx,
  orderId: number,
  reason: 'paid_after_cancel' | 'paid_twice',
  now: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({ refundDue: reason, version: sql`${orders.version} + 1`, updatedAt: now })
    .where(eq(orders.id, orderId));
}

export interface VirtualAccount {
  virtualAccount: string;
  virtualAccountBankCode: string;
  virtualAccountExpireDate: Date;
  /** ECPay's TradeNo of the ATM trade, when known. */
  tradeNo?: string;
}

/** Stores the ATM account of an unpaid order; false when it is paid by now (nothing changes then). */
export async function setVirtualAccount(tx: Tx, orderId: number, account: VirtualAccount, now: Date): Promise<boolean> {
  const updated = await tx
    .update(orders)
    .set({
      virtualAccount: account.virtualAccount,
      virtualAccountBankCode: account.virtualAccountBankCode,
      virtualAccountExpireDate: account.virtualAccountExpireDate,
      ...(account.tradeNo ? { tradeNo: account.tradeNo } : {}),
      version: sql`${orders.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(orders.id, orderId), eq(orders.isPayment, false)))
    .returning({ id: orders.id });
  // The shopper is told the account and its deadline (issue 17 item 4), in the same transaction.
  if (updated.length > 0) await recordVirtualAccountMessage(tx, orderId, account.virtualAccount);
  return updated.length > 0;
}

export interface PaymentCode {
  /** 超商代碼: the code; 超商條碼: null, with the three barcodes. */
  paymentCode: string | null;
  paymentBarcodes?: readonly [string, string, string];
  paymentCodeExpireDate: Date;
  /** ECPay's TradeNo of the CVS trade. */
  tradeNo?: string;
}

/**
 * Stores the 超商代碼 of an unpaid order that has none yet (issue 40); false otherwise (nothing changes
 * then). The shopper is told the code, its deadline and how to pay at a kiosk, in the same transaction.
 */
export async function setPaymentCode(tx: Tx, orderId: number, code: PaymentCode, now: Date): Promise<boolean> {
  const updated = await tx
    .update(orders)
    .set({
      paymentCode: code.paymentCode,
      ...(code.paymentBarcodes
        ? {
            paymentBarcode1: code.paymentBarcodes[0],
            paymentBarcode2: code.paymentBarcodes[1],
            paymentBarcode3: code.paymentBarcodes[2],
          }
        : {}),
      paymentCodeExpireDate: code.paymentCodeExpireDate,
      ...(code.tradeNo ? { tradeNo: code.tradeNo } : {}),
      version: sql`${orders.version} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.isPayment, false),
        isNull(orders.paymentCode),
        isNull(orders.paymentBarcode1),
      ),
    )
    .returning({ id: orders.id });
  if (updated.length > 0) {
    await recordPaymentCodeMessage(tx, orderId, code.paymentCode ?? code.paymentBarcodes?.[1] ?? '');
  }
  return updated.length > 0;
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

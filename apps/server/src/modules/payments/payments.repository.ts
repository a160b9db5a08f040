// SQL of the payments module: the payment columns of `orders` (is_payment, paid_at, trade_no,
// virtual_account*) and the `payment_notifications` log. Order lines, amounts and states belong to
// the orders module and are only read here (docs/decisions: ECPay modes and the payment simulator).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, paymentNotifications } from '../../db/schema/index.ts';

/** A transaction handle, or the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

const paymentColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  memberId: orders.memberId,
  paymentType: orders.paymentType,
  status: orders.status,
  isPayment: orders.isPayment,
  paidAt: orders.paidAt,
  payAmount: orders.payAmount,
  tradeNo: orders.tradeNo,
  virtualAccount: orders.virtualAccount,
  virtualAccountBankCode: orders.virtualAccountBankCode,
  virtualAccountExpireDate: orders.virtualAccountExpireDate,
  productInfo: orders.productInfo,
  packageInfo: orders.packageInfo,
};

export type PaymentOrder = {
  id: number;
  orderNumber: string;
  memberId: number | null;
  paymentType: number;
  status: number;
  isPayment: boolean;
  paidAt: Date | null;
  payAmount: number;
  tradeNo: string | null;
  virtualAccount: string | null;
  virtualAccountBankCode: string | null;
  virtualAccountExpireDate: Date | null;
  productInfo: string;
  packageInfo: string;
};

export async function findOrderById(db: Tx, id: number): Promise<PaymentOrder | undefined> {
  const [row] = await db.select(paymentColumns).from(orders).where(eq(orders.id, id));
  return row;
}

/** The order behind a MerchantTradeNo, locked until the transaction ends (callbacks may race). */
export async function lockOrderByNumber(tx: Tx, orderNumber: string): Promise<PaymentOrder | undefined> {
  const [row] = await tx.select(paymentColumns).from(orders).where(eq(orders.orderNumber, orderNumber)).for('update');
  return row;
}

export interface NotificationRow {
  provider: 'ecpay';
  merchantTradeNo: string;
  tradeNo: string;
  kind: string;
  raw: Record<string, string>;
  verified: boolean;
}

/**
 * Stores a callback; false when the same (provider, kind, MerchantTradeNo, TradeNo) was stored
 * before, i.e. this one is a replay and must change nothing more.
 */
export async function insertNotification(tx: Tx, row: NotificationRow): Promise<boolean> {
  const inserted = await tx
    .insert(paymentNotifications)
    .values(row)
    .onConflictDoNothing({
      target: [
        paymentNotifications.provider,
        paymentNotifications.kind,
        paymentNotifications.merchantTradeNo,
        paymentNotifications.tradeNo,
      ],
    })
    .returning({ id: paymentNotifications.id });
  return inserted.length > 0;
}

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
  return updated.length > 0;
}

export async function findOrderIdByNumber(db: Tx, orderNumber: string): Promise<number | undefined> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
  return row?.id;
}

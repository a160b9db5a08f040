// SQL of an order's payment state, written for the payments module's callbacks and the owner's ATM
// account: paid, money owed back, the ATM account and the 超商代碼 of an unpaid order.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/index.ts';
import { countOrderPaid } from '../../metrics/index.ts';
import { recordPaymentCodeMessage, recordVirtualAccountMessage } from './order-notifications.ts';
import type { Tx } from '../../db/client.ts';

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

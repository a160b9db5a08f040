// Issue 20 item 3 (docs/decisions/045): how long an order placed with a payment still to make waits
// for it. Until then the shopper may pay from the order page; after it the shop's job cancels the
// order through the lifecycle (stock and points come back). The spec is silent on the figures.
import { CancelStatus, OrderStatus, PaymentMethod } from './enums.ts';

const HOUR_MS = 3_600_000;

/** A card or LINE Pay order: a day to come back to an abandoned payment page. */
export const ONLINE_PAYMENT_HOURS = 24;
/** A bank transfer (and an ATM order whose account never arrived): three days, as ECPay's ATM default. */
export const TRANSFER_PAYMENT_HOURS = 72;

/** Methods whose payment the shopper starts from the shop (a card form, LINE Pay): 前往付款. */
const PAID_ONLINE = new Set<number>([
  PaymentMethod.Credit,
  PaymentMethod.CreditFocas,
  PaymentMethod.LinePay,
  PaymentMethod.ApplePay,
  PaymentMethod.Twqr,
]);

export interface UnpaidOrder {
  status: number;
  is_payment: boolean;
  is_shipping: boolean;
  payment_type?: number;
  created_at?: string | Date | null;
  /** The ATM account's own deadline (ECPay ExpireDate). */
  virtual_account_expire_date?: string | Date | null;
  /** The 超商代碼's own deadline (ECPay ExpireDate). */
  payment_code_expire_date?: string | Date | null;
  /** A notified transfer waits for the shop to check the bank, however long that takes. */
  last_number_of_transfer?: string | null;
  cancel_record?: { status: number } | null;
}

const dateOf = (value: string | Date | null | undefined): Date | null => {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * The moment an unpaid order stops waiting for its money; null when it does not wait (paid, cash on
 * delivery, shipped, no longer Processing, a cancel already requested, a transfer already notified).
 */
export function paymentDeadline(order: UnpaidOrder): Date | null {
  if (order.is_payment || order.is_shipping || order.status !== OrderStatus.Processing) return null;
  if (order.cancel_record && order.cancel_record.status !== CancelStatus.None) return null;
  const placed = dateOf(order.created_at);
  if (!placed) return null;
  const after = (hours: number) => new Date(placed.getTime() + hours * HOUR_MS);
  switch (order.payment_type) {
    case PaymentMethod.Credit:
    case PaymentMethod.CreditFocas:
    case PaymentMethod.LinePay:
    case PaymentMethod.ApplePay:
    case PaymentMethod.Twqr:
      return after(ONLINE_PAYMENT_HOURS);
    case PaymentMethod.VirtualAccount:
      return dateOf(order.virtual_account_expire_date) ?? after(TRANSFER_PAYMENT_HOURS);
    // A code that never arrived waits as an ATM account that never arrived does.
    case PaymentMethod.CvsCode:
    case PaymentMethod.CvsBarcode:
      return dateOf(order.payment_code_expire_date) ?? after(TRANSFER_PAYMENT_HOURS);
    case PaymentMethod.Transfer:
      return order.last_number_of_transfer ? null : after(TRANSFER_PAYMENT_HOURS);
    default:
      return null;
  }
}

/** The order waits for money it never got, and its deadline has passed: the shop cancels it. */
export function isPaymentOverdue(order: UnpaidOrder, now: Date): boolean {
  const deadline = paymentDeadline(order);
  return deadline !== null && now.getTime() >= deadline.getTime();
}

/**
 * 前往付款: a card or LINE Pay order still waiting, before its deadline (an ATM order shows its account
 * instead, a transfer the remittance notice).
 */
export function canPayNow(order: UnpaidOrder, now: Date): boolean {
  return PAID_ONLINE.has(order.payment_type ?? 0) && paymentDeadline(order) !== null && !isPaymentOverdue(order, now);
}

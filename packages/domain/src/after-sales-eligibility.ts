// spec §4: when a shopper may cancel, return, or send a remittance notice for an order.
import { CancelStatus, OrderStatus, PaymentMethod, ReturnStatus } from './enums.ts';
import { TAIPEI_OFFSET_MS } from './shop-calendar.ts';

/** spec §9 leaves the return window open; 7 days is the cooling-off period of Taiwan's Consumer Protection Act art. 19. */
export const DEFAULT_RETURN_DAYS = 7;

/** The order fields the rules read, as the API sends them. */
export interface AfterSalesOrder {
  status: number;
  is_payment: boolean;
  is_shipping: boolean;
  ship_date?: string | Date | null;
  /** When the parcel was delivered or picked up, as the logistics provider reported; the return window counts from it. */
  received_at?: string | Date | null;
  /** Where the parcel is, as the logistics provider last said (orders.delivery_state); null or absent when unknown. */
  delivery_state?: string | null;
  payment_type?: number;
  /** What was paid in money (refund-account.ts: nothing to send back when 0). */
  pay_amount?: number;
  last_number_of_transfer?: string | null;
  cancel_record?: { status: number } | null;
  return_record?: { status: number } | null;
  /** When it was placed and the ATM account's deadline: how long it waits for its money (payment-deadline.ts). */
  created_at?: string | Date | null;
  virtual_account_expire_date?: string | Date | null;
  payment_code_expire_date?: string | Date | null;
}

const hasRecord = (record: { status: number } | null | undefined) =>
  record !== null && record !== undefined && record.status !== CancelStatus.None;
const hasReturnRecord = (record: { status: number } | null | undefined) =>
  record !== null && record !== undefined && record.status !== ReturnStatus.None;

/** spec §4: cancel only while Processing, not shipped, and without a cancel record. */
export function canCancel(order: AfterSalesOrder): boolean {
  return order.status === OrderStatus.Processing && !order.is_shipping && !hasRecord(order.cancel_record);
}

/**
 * spec §4: an unpaid order is cancelled at once after a confirmation (PUT /orders/{id}/cancel); a paid one
 * needs a request the shop handles (POST /order-cancel-records). null when it cannot be cancelled.
 */
export function cancelMode(order: AfterSalesOrder): 'direct' | 'request' | null {
  if (!canCancel(order)) return null;
  return order.is_payment ? 'request' : 'direct';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The last moment a return may be requested: the end of the Taipei calendar day `days` days after the
 * ship date (shipped on the 1st with 7 days → until the 8th, 23:59:59.999 Taipei), the way a shopper
 * counts days. null when the date is missing or unreadable.
 */
export function returnDeadline(shipDate: string | Date | null | undefined, days: number): Date | null {
  if (shipDate === null || shipDate === undefined || shipDate === '') return null;
  const shipped = shipDate instanceof Date ? shipDate : new Date(shipDate);
  if (Number.isNaN(shipped.getTime())) return null;
  const whole = Number.isFinite(days) && days > 0 ? Math.floor(days) : 0;
  const taipeiDayStart = Math.floor((shipped.getTime() + TAIPEI_OFFSET_MS) / DAY_MS) * DAY_MS - TAIPEI_OFFSET_MS;
  return new Date(taipeiDayStart + (whole + 1) * DAY_MS - 1);
}

/** spec §4: the return window counts from delivery or pickup when the carrier reported it, else from shipping. */
export function returnWindowStart(order: Pick<AfterSalesOrder, 'ship_date' | 'received_at'>) {
  return order.received_at || order.ship_date;
}

/**
 * spec §4: return only when shipped, without a return record, and now within the return days after the
 * ship date. A cancelled, failed or deleted order cannot be returned.
 */
export function canReturn(order: AfterSalesOrder, now: Date, returnDays: number = DEFAULT_RETURN_DAYS): boolean {
  if (order.status !== OrderStatus.Processing && order.status !== OrderStatus.Complete) return false;
  if (!order.is_shipping || hasReturnRecord(order.return_record)) return false;
  // Still on its way, or left at the store and going back: nothing reached the buyer to send back.
  if (order.delivery_state === 'in_transit' || order.delivery_state === 'unclaimed') return false;
  const deadline = returnDeadline(returnWindowStart(order), returnDays);
  return deadline !== null && now.getTime() <= deadline.getTime();
}

/** spec §4: a Transfer order without last_number_of_transfer offers the remittance notice (while unpaid and open). */
export function canNotifyTransfer(order: AfterSalesOrder): boolean {
  return (
    order.payment_type === PaymentMethod.Transfer &&
    !order.last_number_of_transfer &&
    !order.is_payment &&
    order.status === OrderStatus.Processing
  );
}

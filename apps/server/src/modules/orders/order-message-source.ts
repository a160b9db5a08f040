// What a message to the shopper reads of an order when its job runs (issue 17 item 4): the order as
// it is now, not as it was when the move was recorded, so a corrected tracking number is the one told.
import { eq } from 'drizzle-orm';
import { parseJsonSafe } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { orderCancelRecords, orderReturnRecords, orders } from '../../db/schema/index.ts';

export interface OrderForMessage {
  id: number;
  orderNumber: string;
  /** null: a guest's order (or its member was deleted): told by SMS only. */
  memberId: number | null;
  /** The buyer's mobile number, where SMS go. */
  cellphone: string;
  payAmount: number;
  paymentType: number;
  status: number;
  isPayment: boolean;
  isShipping: boolean;
  createdAt: Date;
  virtualAccount: { account: string; bankCode: string; expiresAt: Date } | null;
  /** The 超商代碼 ECPay issued, with its deadline. */
  paymentCode: { code: string; expiresAt: Date } | null;
  /** The 超商條碼 deadline once ECPay issued the barcodes (they are read on the order page). */
  barcodesExpireAt: Date | null;
  lastNumberOfTransfer: string | null;
  cancelStatus: number | null;
  freightCompany: string;
  trackingNumber: string;
  /** The pickup store as chosen at checkout; null for home delivery. */
  store: { name: string; address: string } | null;
  /** When the store sends the parcel back, as the logistics provider reported on arrival (orders.pickup_deadline). */
  pickupDeadline: Date | null;
  /** NT$ a return gives back, once the shop decided it. */
  returnRefundAmount: number | null;
}

export async function readOrderForMessage(db: Db, orderId: number): Promise<OrderForMessage | null> {
  const [row] = await db
    .select({
      o: orders,
      cancelStatus: orderCancelRecords.status,
      returnRefundAmount: orderReturnRecords.refundAmount,
    })
    .from(orders)
    .leftJoin(orderCancelRecords, eq(orderCancelRecords.orderId, orders.id))
    .leftJoin(orderReturnRecords, eq(orderReturnRecords.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const { o } = row;
  const store = parseJsonSafe(o.storeInfo, null) as { name?: unknown; address?: unknown } | null;
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    memberId: o.memberId,
    cellphone: o.memberCellphone,
    payAmount: o.payAmount,
    paymentType: o.paymentType,
    status: o.status,
    isPayment: o.isPayment,
    isShipping: o.isShipping,
    createdAt: o.createdAt,
    virtualAccount:
      o.virtualAccount && o.virtualAccountBankCode && o.virtualAccountExpireDate
        ? { account: o.virtualAccount, bankCode: o.virtualAccountBankCode, expiresAt: o.virtualAccountExpireDate }
        : null,
    paymentCode:
      o.paymentCode && o.paymentCodeExpireDate ? { code: o.paymentCode, expiresAt: o.paymentCodeExpireDate } : null,
    barcodesExpireAt: o.paymentBarcode1 ? o.paymentCodeExpireDate : null,
    lastNumberOfTransfer: o.lastNumberOfTransfer,
    cancelStatus: row.cancelStatus,
    freightCompany: o.freightCompany,
    trackingNumber: o.trackingNumber,
    store:
      store && typeof store.name === 'string'
        ? { name: store.name, address: typeof store.address === 'string' ? store.address : '' }
        : null,
    pickupDeadline: o.pickupDeadline,
    returnRefundAmount: row.returnRefundAmount,
  };
}

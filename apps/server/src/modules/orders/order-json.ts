// How an order and its after-sales records are answered: the owner's full view, and the masked view
// a guest gets from the order lookup (docs/decisions/020, docs/api/orders-and-carts.md).
import {
  maskAddress,
  maskName,
  maskPhone,
  maskRefundAccount,
  orderActions,
  parseJsonSafe,
  parseTextList,
  returnDeadline,
  returnDeadlineIso,
  paymentDeadlineIso,
  shopperOrderState,
  type AfterSalesOrder,
  type CancelRecordView,
  type CancelStatus,
  type DeliveryMethod,
  type InvoiceOrder,
  type MaskedOrderView,
  type MaskedRecordView,
  type OrderBundleView,
  type OrderStatus,
  type OrderView,
  type PaymentMethod,
  type RefundAccountView,
  type ReturnRecordView,
  type ReturnStatus,
} from '@shop/domain';
import { orderFlags } from './order-events.ts';
import { int, list, packageLines, productLines, text, type Raw } from './order-lines.ts';
import type { CancelRecordRow, OrderRow, ReturnRecordRow } from './orders.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * docs/decisions/048: a refund account is personal data. In full on the order's own page and to the
 * member who just typed it; masked (last four digits, 王*明) in every list.
 */
export type AccountView = 'full' | 'masked';

/** The stored refund account of a cancel or return record, as `view` shows it; null when none. */
export function refundAccountJson(
  r: Pick<CancelRecordRow, 'refundBankCode' | 'refundAccount' | 'refundHolder'>,
  view: AccountView,
): RefundAccountView | null {
  if (!r.refundBankCode || !r.refundAccount || !r.refundHolder) return null;
  const account = { bank_code: r.refundBankCode, account: r.refundAccount, holder: r.refundHolder };
  return view === 'full' ? { ...account, masked: false } : maskRefundAccount(account);
}

function bundleLines(stored: string): OrderBundleView[] {
  return list(stored).map((item) => ({
    id: int(item.id),
    title: text(item.title),
    discount_type: int(item.discount_type),
    discount_rule: item.discount_rule ?? null,
    item_count: int(item.item_count),
    discount: int(item.discount),
  }));
}

function storeOf(order: OrderRow): { chain: string; id: string; name: string; address: string } | null {
  const store = parseJsonSafe(order.storeInfo, null);
  if (!store || typeof store !== 'object') return null;
  const s = store as Raw;
  // Orders from before the store map have no address (docs/decisions/053).
  return { chain: text(s.chain), id: text(s.id), name: text(s.name), address: text(s.address) };
}

/** The stored invoice choice; anything but a JSON object reads as none (spec §8: malformed JSON is ignored). */
function receiptOf(order: OrderRow): Record<string, unknown> {
  const receipt = parseJsonSafe(order.receipt, {});
  return receipt && typeof receipt === 'object' && !Array.isArray(receipt) ? (receipt as Record<string, unknown>) : {};
}

/** What the order's e-invoice is made of (invoiceItemsOf): its lines as frozen, discounts, shipping, points. */
/** How the shopper pays an order still to be paid: the ATM account, the 超商代碼 or barcodes, the installments. */
export function paymentInstructionsJson(
  order: Pick<
    OrderRow,
    | 'virtualAccount'
    | 'virtualAccountBankCode'
    | 'virtualAccountExpireDate'
    | 'paymentCode'
    | 'paymentCodeExpireDate'
    | 'installments'
    | 'paymentBarcode1'
    | 'paymentBarcode2'
    | 'paymentBarcode3'
  >,
) {
  return {
    virtual_account: order.virtualAccount,
    virtual_account_bank_code: order.virtualAccountBankCode,
    virtual_account_expire_date: iso(order.virtualAccountExpireDate),
    payment_code: order.paymentCode,
    payment_code_expire_date: iso(order.paymentCodeExpireDate),
    installments: order.installments,
    payment_barcodes:
      order.paymentBarcode1 && order.paymentBarcode2 && order.paymentBarcode3
        ? [order.paymentBarcode1, order.paymentBarcode2, order.paymentBarcode3]
        : null,
  };
}

/** What the order came to: the goods, each discount, the shipping fee, the points spent and the amount to pay. */
export function orderAmountsJson(order: OrderRow) {
  return {
    goods_amount: order.goodsAmount,
    celebrity_discount: order.celebrityDiscount,
    discount_amount: order.discountAmount,
    level_discount: order.levelDiscount,
    coupon_code: order.couponCode,
    coupon_discount: order.couponDiscount,
    shipping: order.shipping,
    use_bonus: order.useBonus,
    pay_amount: order.payAmount,
  };
}

export function invoiceOrderOf(order: OrderRow): InvoiceOrder {
  return {
    product_info: productLines(order.productInfo),
    package_info: packageLines(order.packageInfo),
    bundle_info: bundleLines(order.bundleInfo),
    ...orderAmountsJson(order),
  };
}

/** The fields the after-sales rules read (spec §4). */
export function afterSalesState(
  order: OrderRow,
  cancel: CancelRecordRow | null | undefined,
  ret: ReturnRecordRow | null | undefined,
): AfterSalesOrder {
  return {
    status: order.status,
    is_payment: order.isPayment,
    is_shipping: order.isShipping,
    ship_date: order.shipDate,
    received_at: order.receivedAt,
    delivery_state: order.deliveryState,
    payment_type: order.paymentType,
    last_number_of_transfer: order.lastNumberOfTransfer,
    cancel_record: cancel ? { status: cancel.status } : null,
    return_record: ret ? { status: ret.status } : null,
    created_at: order.createdAt,
    virtual_account_expire_date: order.virtualAccountExpireDate,
    payment_code_expire_date: order.paymentCodeExpireDate,
    pay_amount: order.payAmount,
  };
}

export interface OrderClock {
  now: Date;
  returnDays: number;
}

function commonJson(
  order: OrderRow,
  cancel: CancelRecordRow | null | undefined,
  ret: ReturnRecordRow | null | undefined,
  { now, returnDays }: OrderClock,
) {
  return {
    order_number: order.orderNumber,
    created_at: order.createdAt.toISOString(),
    payment_type: order.paymentType as PaymentMethod,
    delivery_method: order.deliveryMethod as DeliveryMethod,
    status: order.status as OrderStatus,
    shopper_state: shopperOrderState(
      orderFlags(order, cancel, ret),
      returnDeadline(order.receivedAt ?? order.shipDate, returnDays),
      now,
    ),
    is_payment: order.isPayment,
    is_shipping: order.isShipping,
    ship_date: iso(order.shipDate),
    freight_company: order.freightCompany,
    tracking_number: order.trackingNumber,
    received_at: iso(order.receivedAt),
    pickup_deadline: order.deliveryState === 'arrived' ? iso(order.pickupDeadline) : null,
    ...orderAmountsJson(order),
    free_shipping: order.shipping === 0,
    product_info: productLines(order.productInfo),
    package_info: packageLines(order.packageInfo),
    bundle_info: bundleLines(order.bundleInfo),
    is_return: order.isReturn,
    payment_deadline: paymentDeadlineIso(afterSalesState(order, cancel, ret)),
  };
}

export interface OrderContext extends OrderClock {
  cancel?: CancelRecordRow | null;
  ret?: ReturnRecordRow | null;
  /** How the records' refund accounts show: masked unless the answer is the one order's page. */
  accounts?: AccountView;
}

/** The owner's view: everything about the order and what they may do with it now. */
export function orderJson(
  order: OrderRow,
  { cancel, ret, now, returnDays, accounts = 'masked' }: OrderContext,
): OrderView {
  const state = afterSalesState(order, cancel, ret);
  return {
    id: order.id,
    members_id: order.memberId,
    member_cellphone: order.memberCellphone,
    ...commonJson(order, cancel, ret, { now, returnDays }),
    paid_at: iso(order.paidAt),
    recv_name: order.recvName,
    recv_cellphone: order.recvCellphone,
    recv_address: order.recvAddress,
    store: storeOf(order),
    remark: order.remark,
    receipt: receiptOf(order),
    celebrity_code: order.celebrityCode,
    ...paymentInstructionsJson(order),
    last_number_of_transfer: order.lastNumberOfTransfer,
    cancel_record: cancel
      ? {
          id: cancel.id,
          status: cancel.status as CancelStatus,
          contact_phone: cancel.contactPhone,
          reason: cancel.reason,
          refund_account: refundAccountJson(cancel, accounts),
          created_at: cancel.createdAt.toISOString(),
          handled_at: iso(cancel.handledAt),
        }
      : null,
    return_record: ret
      ? {
          id: ret.id,
          status: ret.status as ReturnStatus,
          contact_person: ret.contactPerson,
          contact_phone: ret.contactPhone,
          spec: ret.spec,
          reason: ret.reason,
          pic: parseTextList(ret.pic),
          refund_account: refundAccountJson(ret, accounts),
          created_at: ret.createdAt.toISOString(),
          handled_at: iso(ret.handledAt),
        }
      : null,
    return_deadline: returnDeadlineIso(state, returnDays),
    actions: orderActions(state, now, returnDays),
    masked: false,
  };
}

/**
 * docs/decisions/020: what anybody who knows the buyer's mobile number may see — the order's progress
 * and lines, the recipient masked (王*明, 0912***678, the address cut after the district), nothing that
 * identifies or acts on the order (no id, remark, invoice, account numbers or transfer digits).
 */
export function maskedOrderJson(
  order: OrderRow,
  cancel: CancelRecordRow | null | undefined,
  ret: ReturnRecordRow | null | undefined,
  clock: OrderClock,
): MaskedOrderView {
  const store = storeOf(order);
  return {
    ...commonJson(order, cancel, ret, clock),
    recv_name: maskName(order.recvName),
    recv_cellphone: maskPhone(order.recvCellphone),
    recv_address: maskAddress(order.recvAddress),
    store: store ? { chain: store.chain } : null,
    cancel_record: cancel
      ? { status: cancel.status as CancelStatus, created_at: cancel.createdAt.toISOString() }
      : null,
    return_record: ret ? { status: ret.status as ReturnStatus, created_at: ret.createdAt.toISOString() } : null,
    masked: true,
  };
}

export function cancelRecordJson(r: CancelRecordRow, accounts: AccountView): CancelRecordView {
  return {
    id: r.id,
    orders_id: r.orderId,
    order_number: r.orderNumber,
    members_id: r.memberId,
    contact_phone: r.contactPhone,
    reason: r.reason,
    status: r.status as CancelStatus,
    refund_account: refundAccountJson(r, accounts),
    created_at: r.createdAt.toISOString(),
    handled_at: iso(r.handledAt),
  };
}

export function returnRecordJson(r: ReturnRecordRow, accounts: AccountView): ReturnRecordView {
  return {
    id: r.id,
    orders_id: r.orderId,
    order_number: r.orderNumber,
    members_id: r.memberId,
    contact_person: r.contactPerson,
    contact_phone: r.contactPhone,
    spec: r.spec,
    reason: r.reason,
    pic: parseTextList(r.pic),
    status: r.status as ReturnStatus,
    refund_account: refundAccountJson(r, accounts),
    created_at: r.createdAt.toISOString(),
    handled_at: iso(r.handledAt),
  };
}

export function maskedRecordJson(r: CancelRecordRow | ReturnRecordRow): MaskedRecordView {
  return {
    order_number: r.orderNumber,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    handled_at: iso(r.handledAt),
    masked: true,
  };
}

// What the order list and detail show of an API order (spec §2 Order search, §3 Order): the server's
// typed answer (packages/domain order-view) turned into labels and Taipei dates. Pure.
import {
  CancelStatus,
  DELIVERY_STATES,
  PaymentMethod,
  ReturnStatus,
  bankLabel,
  describeReceipt,
  eInvoiceAllowanceReasonLabel,
  eInvoiceAllowanceStatusLabel,
  eInvoiceStatusLabel,
  formatNtd,
  refundAccountLine,
  labelOf,
  msg,
  orderStateLabel,
  parcelTracking,
  type EInvoiceView,
  type OrderBundleView,
  type OrderPackageLineView,
  type OrderProductLineView,
  type OrderState,
  type ParcelTracking,
  shopDateTime,
  shopDay,
  shopperStatusLabel,
} from '@shop/domain';
import type { ShopOrder } from '../../api/orders.ts';

/** The order's e-invoice as the order page shows it (issue 16 item 3); '' for what it does not have yet. */
export interface EInvoiceLines {
  status: string;
  invoiceNo: string;
  /** Taipei, 24-hour. */
  date: string;
  randomNumber: string;
  voidedAt: string;
  allowances: { key: string; number: string; amount: string; date: string; status: string; reason: string }[];
}

export interface OrderLineView {
  key: string;
  name: string;
  specName: string;
  unitPrice: number;
  qty: number;
  subtotal: number;
}

export interface OrderView {
  /** null for the masked view of the guest lookup (it has no id and no after-sales actions). */
  id: number | null;
  /** The states the order went through, with when (the member's order page; empty elsewhere). */
  timeline: { key: string; label: string; at: string }[];
  masked: boolean;
  orderNumber: string;
  membersId: number | null;
  /** spec §2 list date `yyyy-MM-dd`. */
  listDate: string;
  /** spec §2 detail date `yyyy-MM-dd hh:mm a`. */
  detailDate: string;
  paymentType: number;
  paymentLabel: string;
  deliveryLabel: string;
  statusLabel: string;
  isPaid: boolean;
  /** 已付款 / 未付款 / 貨到付款 (cash on delivery is paid at the door). */
  paymentState: string;
  isShipped: boolean;
  shippingState: string;
  shipDate: string;
  /** Until when the parcel waits at the pickup store (`yyyy-MM-dd`); '' unless it is there. */
  pickupDeadline: string;
  /** When it was picked up or delivered; '' before the carrier said so. */
  receivedAt: string;
  freightCompany: string;
  trackingNumber: string;
  /** The carrier's tracking page (issue 20 item 8b); null for a carrier the domain does not know. */
  tracking: ParcelTracking | null;
  lines: OrderLineView[];
  packages: OrderLineView[];
  bundles: Array<{ key: string; title: string; discount: number }>;
  goodsAmount: number;
  bundleDiscount: number;
  celebrityDiscount: number;
  /** Member-level and coupon discounts (docs/decisions/061). */
  levelDiscount: number;
  couponCode: string;
  couponDiscount: number;
  shipping: number;
  /** spec §2: the free-shipping badge shows when shipping is zero. */
  freeShipping: boolean;
  /** Points spent; spec §2 shows them as a negative NT$ amount. */
  useBonus: number;
  payAmount: number;
  recvName: string;
  recvCellphone: string;
  recvAddress: string;
  store: { chain: string; id: string; name: string; address: string } | null;
  remark: string;
  receipt: string;
  /** The ATM account issued for the order; `bank` reads 「822 中國信託」 (the code alone when unknown). */
  virtualAccount: { account: string; bank: string; expires: string } | null;
  /** The 超商代碼 issued for the order (issue 40), and until when a store takes it. */
  paymentCode: { code: string; expires: string } | null;
  /** The three 超商條碼 barcodes and until when a store takes them. */
  paymentBarcodes: { values: string[]; expires: string } | null;
  lastNumberOfTransfer: string;
  cancelStatus: number | null;
  returnStatus: number | null;
  /** spec §4: Canceling 取消申請中, Approve 已取消, Canceled 取消未核准; '' without a record. */
  cancelLabel: string;
  /** spec §4: Returning 退貨申請中, Cancel 退貨已取消; '' without a record. */
  returnLabel: string;
  /** Where the refund of the cancel or return request goes: 「822 中國信託 123456789012 王小明」; '' when none. */
  refundAccount: string;
  /** What the shopper may do now (spec §4): the server's `actions`, else the domain's rules. */
  actions: {
    cancel: 'direct' | 'request' | null;
    return: boolean;
    notifyTransfer: boolean;
    pay: boolean;
    /** The cancel or return request asks for the refund account (decision 048). */
    refundAccount: boolean;
  };
  /** When an unpaid order is cancelled unless paid (Taipei, 24-hour); '' when it waits for nothing. */
  paymentDeadline: string;
  /** The order's e-invoice; null before one is asked of ECPay (and in lists and the guest lookup). */
  eInvoice: EInvoiceLines | null;
}

const NO_ACTIONS: OrderView['actions'] = {
  cancel: null,
  return: false,
  notifyTransfer: false,
  pay: false,
  refundAccount: false,
};

/** The domain's storeChainLabel (ECPay logistics codes), here without its Zod module. */
const STORE_CHAIN_LABEL: Record<string, string> = {
  UNIMART: '7-ELEVEN',
  FAMI: '全家便利商店',
  HILIFE: '萊爾富',
  OKMART: 'OK超商',
};

/** A line as ordered: the catalogue sale price of one unit when ordered, times the quantity. */
function lineOf(
  line: OrderProductLineView | OrderPackageLineView,
  index: number,
  prefix: string,
  specName: string,
  specId: number | null,
): OrderLineView {
  return {
    key: `${prefix}-${line.id}-${specId ?? ''}-${index}`,
    name: line.name,
    specName,
    unitPrice: line.on_sale_price,
    qty: line.qty,
    subtotal: line.on_sale_price * line.qty,
  };
}

const bundleOf = (b: OrderBundleView, index: number) => ({
  key: `b-${b.id}-${index}`,
  title: b.title,
  discount: b.discount,
});

function storeOf(store: ShopOrder['store']): OrderView['store'] {
  if (!store) return null;
  return {
    chain: STORE_CHAIN_LABEL[store.chain] ?? store.chain,
    id: 'id' in store ? store.id : '',
    name: 'name' in store ? store.name : '',
    address: 'address' in store ? store.address : '',
  };
}

const recordStatus = (record: { status: number } | null, none: number): number | null =>
  record && record.status !== none ? record.status : null;

/** What the shopper may do now is the server's answer (spec §4); a masked order offers nothing. */
function actionsOf(order: ShopOrder): OrderView['actions'] {
  if (order.masked) return NO_ACTIONS;
  return {
    cancel: order.actions.cancel,
    return: order.actions.return,
    notifyTransfer: order.actions.notify_transfer,
    pay: order.actions.pay,
    refundAccount: order.actions.refund_account,
  };
}

/**
 * The account the refund goes to, of the request still leading to one: a return not refused, else a
 * cancel asked for or approved (a refused cancel refunds nothing).
 */
function refundAccountOf(order: ShopOrder): string {
  if (order.masked) return '';
  const ret = order.return_record;
  const cancel = order.cancel_record;
  const account =
    ret && ret.status !== ReturnStatus.Cancel && ret.status !== ReturnStatus.None
      ? ret.refund_account
      : cancel && (cancel.status === CancelStatus.Canceling || cancel.status === CancelStatus.Approve)
        ? cancel.refund_account
        : null;
  return account ? refundAccountLine(account) : '';
}

/**
 * The invoice's facts in the shopper's words. An invoice ECPay refused is the shop's to put right:
 * the shopper reads that it is being issued, not that something failed on their side.
 */
export function eInvoiceLinesOf(invoice: EInvoiceView): EInvoiceLines {
  return {
    status: eInvoiceStatusLabel[invoice.status === 'failed' ? 'pending' : invoice.status],
    invoiceNo: invoice.invoice_no ?? '',
    date: shopDateTime(invoice.invoice_date),
    randomNumber: invoice.random_number ?? '',
    voidedAt: shopDateTime(invoice.voided_at),
    allowances: invoice.allowances.map((a, i) => ({
      key: `${i}-${a.reason}`,
      number: a.allowance_no ?? '',
      amount: formatNtd(a.amount),
      date: shopDateTime(a.allowance_date),
      status: eInvoiceAllowanceStatusLabel[a.status === 'failed' ? 'pending' : a.status],
      reason: eInvoiceAllowanceReasonLabel[a.reason],
    })),
  };
}

export function toOrderView(order: ShopOrder): OrderView {
  const own = order.masked ? null : order;
  const isPaid = order.is_payment;
  const cod = order.payment_type === PaymentMethod.CashOnDelivery;
  const cancelStatus = recordStatus(order.cancel_record, CancelStatus.None);
  const returnStatus = recordStatus(order.return_record, ReturnStatus.None);
  return {
    id: own ? own.id : null,
    timeline: (own?.timeline ?? []).map((step, i) => ({
      key: `${i}-${step.state}`,
      label: orderStateLabel[step.state as OrderState] ?? step.state,
      at: shopDateTime(step.created_at),
    })),
    masked: order.masked,
    orderNumber: order.order_number,
    membersId: own?.members_id ? own.members_id : null,
    listDate: shopDay(order.created_at),
    detailDate: shopDateTime(order.created_at),
    paymentType: order.payment_type,
    paymentLabel:
      labelOf(msg.paymentMethodLabel, order.payment_type) + (own?.installments ? `（分 ${own.installments} 期）` : ''),
    deliveryLabel: labelOf(msg.deliveryMethodLabel, order.delivery_method),
    statusLabel: shopperStatusLabel(order.status, order.shopper_state),
    isPaid,
    paymentState: isPaid ? '已付款' : cod ? '貨到付款' : '未付款',
    isShipped: order.is_shipping,
    shippingState: !order.is_shipping
      ? '未出貨'
      : (DELIVERY_STATES as readonly string[]).includes(order.shopper_state)
        ? orderStateLabel[order.shopper_state]
        : '已出貨',
    shipDate: shopDay(order.ship_date),
    pickupDeadline: shopDay(order.pickup_deadline),
    receivedAt: shopDateTime(order.received_at),
    freightCompany: order.freight_company,
    trackingNumber: order.tracking_number,
    tracking: parcelTracking(order.freight_company, order.tracking_number),
    lines: order.product_info.map((l, i) => lineOf(l, i, 'p', l.product_specs_name, l.spec_id)),
    packages: order.package_info.map((l, i) => lineOf(l, i, 'k', '', null)),
    bundles: order.bundle_info.map(bundleOf),
    goodsAmount: order.goods_amount,
    bundleDiscount: order.discount_amount,
    celebrityDiscount: order.celebrity_discount,
    levelDiscount: order.level_discount,
    couponCode: order.coupon_code ?? '',
    couponDiscount: order.coupon_discount,
    shipping: order.shipping,
    freeShipping: order.free_shipping,
    useBonus: order.use_bonus,
    payAmount: order.pay_amount,
    recvName: order.recv_name,
    recvCellphone: order.recv_cellphone,
    recvAddress: order.recv_address,
    store: storeOf(order.store),
    remark: own?.remark ?? '',
    receipt: describeReceipt(own?.receipt ?? null),
    virtualAccount: own?.virtual_account
      ? {
          account: own.virtual_account,
          bank: bankLabel(own.virtual_account_bank_code ?? ''),
          expires: shopDateTime(own.virtual_account_expire_date),
        }
      : null,
    paymentCode: own?.payment_code
      ? { code: own.payment_code, expires: shopDateTime(own.payment_code_expire_date) }
      : null,
    paymentBarcodes: own?.payment_barcodes?.length
      ? { values: own.payment_barcodes, expires: shopDateTime(own.payment_code_expire_date) }
      : null,
    lastNumberOfTransfer: own?.last_number_of_transfer ?? '',
    cancelStatus,
    returnStatus,
    cancelLabel: cancelStatus === null ? '' : labelOf(msg.cancelStatusLabel, cancelStatus),
    returnLabel: returnStatus === null ? '' : labelOf(msg.returnStatusLabel, returnStatus),
    refundAccount: refundAccountOf(order),
    actions: actionsOf(order),
    paymentDeadline: order.payment_deadline ? shopDateTime(order.payment_deadline) : '',
    eInvoice: own?.e_invoice ? eInvoiceLinesOf(own.e_invoice) : null,
  };
}

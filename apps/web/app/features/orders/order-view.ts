// What the order list and detail show of an API order (spec §2 Order search, §3 Order): the line
// snapshots read from their JSON text, labels for every state, dates in Asia/Taipei. Pure.
import {
  CancelStatus,
  DEFAULT_RETURN_DAYS,
  OrderStatus,
  PaymentMethod,
  ReturnStatus,
  canNotifyTransfer,
  canReturn,
  cancelMode,
  describeReceipt,
  labelOf,
  msg,
  orderStateLabel,
  parseJsonSafe,
  type OrderState,
} from '@shop/domain';
import type { ShopOrder } from '../../api/orders.ts';
import { formatTaipeiDate, formatTaipeiDateTime } from '../../lib/taipei-time.ts';

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
  freightCompany: string;
  trackingNumber: string;
  lines: OrderLineView[];
  packages: OrderLineView[];
  bundles: Array<{ key: string; title: string; discount: number }>;
  goodsAmount: number;
  bundleDiscount: number;
  celebrityDiscount: number;
  shipping: number;
  /** spec §2: the free-shipping badge shows when shipping is zero. */
  freeShipping: boolean;
  /** Points spent; spec §2 shows them as a negative NT$ amount. */
  useBonus: number;
  payAmount: number;
  recvName: string;
  recvCellphone: string;
  recvAddress: string;
  store: { chain: string; id: string; name: string } | null;
  remark: string;
  receipt: string;
  virtualAccount: { account: string; bankCode: string; expires: string } | null;
  lastNumberOfTransfer: string;
  cancelStatus: number | null;
  returnStatus: number | null;
  /** spec §4: Canceling 取消申請中, Approve 已取消, Canceled 取消未核准; '' without a record. */
  cancelLabel: string;
  /** spec §4: Returning 退貨申請中, Cancel 退貨已取消; '' without a record. */
  returnLabel: string;
  /** What the shopper may do now (spec §4): the server's `actions`, else the domain's rules. */
  actions: { cancel: 'direct' | 'request' | null; return: boolean; notifyTransfer: boolean };
}

const NO_ACTIONS: OrderView['actions'] = { cancel: null, return: false, notifyTransfer: false };

/** The domain's storeChainLabel (ECPay logistics codes), here without its Zod module. */
const STORE_CHAIN_LABEL: Record<string, string> = {
  UNIMART: '7-ELEVEN',
  FAMI: '全家便利商店',
  HILIFE: '萊爾富',
  OKMART: 'OK超商',
};

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const amount = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : 0);
const record = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** A JSON-text (or already parsed) list; spec §8: malformed order info is logged and ignored. */
function listOf(value: unknown, what: string): Record<string, unknown>[] {
  const parsed = typeof value === 'string' ? parseJsonSafe(value, null) : value;
  if (parsed === null || parsed === undefined || parsed === '') return [];
  if (!Array.isArray(parsed)) {
    console.warn(`訂單資料格式錯誤（${what}），已略過`);
    return [];
  }
  return parsed.flatMap((item) => {
    const r = record(item);
    return r ? [r] : [];
  });
}

/**
 * spec §3 Order line: name, qty, on_sale_price, product_snapshot {name, product_specs_name, on_sale_price};
 * the shop's own snapshots carry product_specs_name at the top level. Either is read.
 */
function lineOf(item: Record<string, unknown>, index: number, prefix: string): OrderLineView {
  const snapshot = record(item.product_snapshot) ?? {};
  const unitPrice = amount(item.on_sale_price ?? snapshot.on_sale_price);
  const qty = Math.max(0, amount(item.qty));
  return {
    key: `${prefix}-${text(item.id) || index}-${text(item.spec_id)}-${index}`,
    name: text(item.name) || text(snapshot.name),
    specName: text(item.product_specs_name) || text(snapshot.product_specs_name),
    unitPrice,
    qty,
    subtotal: unitPrice * qty,
  };
}

function storeOf(value: unknown): OrderView['store'] {
  const parsed = record(typeof value === 'string' ? parseJsonSafe(value, null) : value);
  if (!parsed) return null;
  const chain = text(parsed.chain);
  return {
    chain: STORE_CHAIN_LABEL[chain] ?? chain,
    id: text(parsed.id),
    name: text(parsed.name),
  };
}

function receiptOf(value: unknown): string {
  const parsed = record(typeof value === 'string' ? parseJsonSafe(value, null) : value);
  return describeReceipt(parsed);
}

const recordStatus = (value: unknown, none: number): number | null => {
  const status = record(value)?.status;
  return typeof status === 'number' && status !== none ? status : null;
};

function actionsOf(order: ShopOrder, now: Date, returnDays: number): OrderView['actions'] {
  if (order.masked || typeof order.id !== 'number') return NO_ACTIONS;
  if (order.actions) {
    return {
      cancel: order.actions.cancel ?? null,
      return: Boolean(order.actions.return),
      notifyTransfer: Boolean(order.actions.notify_transfer),
    };
  }
  const rules = { ...order, is_payment: Boolean(order.is_payment), is_shipping: Boolean(order.is_shipping) };
  return {
    cancel: cancelMode(rules),
    return: canReturn(rules, now, returnDays),
    notifyTransfer: canNotifyTransfer(rules),
  };
}

export interface OrderViewOptions {
  now?: Date;
  /** Days after shipping a return may be asked (system settings, spec §4). */
  returnDays?: number;
}

export function toOrderView(order: ShopOrder, options: OrderViewOptions = {}): OrderView {
  const lines = listOf(order.product_info, 'product_info').map((l, i) => lineOf(l, i, 'p'));
  const packages = listOf(order.package_info, 'package_info').map((l, i) => lineOf(l, i, 'k'));
  const bundles = listOf(order.bundle_info, 'bundle_info').map((b, i) => ({
    key: `b-${text(b.id) || i}-${i}`,
    title: text(b.title),
    discount: amount(b.discount),
  }));
  const bundleDiscount = amount(order.discount_amount) || bundles.reduce((sum, b) => sum + b.discount, 0);
  const isPaid = Boolean(order.is_payment);
  const isShipped = Boolean(order.is_shipping);
  const cod = order.payment_type === PaymentMethod.CashOnDelivery;
  const cancelStatus = recordStatus(order.cancel_record, CancelStatus.None);
  const returnStatus = recordStatus(order.return_record, ReturnStatus.None);
  const shipping = amount(order.shipping);
  return {
    id: typeof order.id === 'number' ? order.id : null,
    timeline: (order.timeline ?? []).map((step, i) => ({
      key: `${i}-${step.state}`,
      label: orderStateLabel[step.state as OrderState] ?? step.state,
      at: formatTaipeiDateTime(step.created_at),
    })),
    masked: Boolean(order.masked),
    orderNumber: order.order_number,
    membersId: typeof order.members_id === 'number' && order.members_id > 0 ? order.members_id : null,
    listDate: formatTaipeiDate(order.created_at),
    detailDate: formatTaipeiDateTime(order.created_at),
    paymentType: order.payment_type,
    paymentLabel: labelOf(msg.paymentMethodLabel, order.payment_type),
    deliveryLabel: labelOf(msg.deliveryMethodLabel, order.delivery_method ?? null),
    statusLabel: labelOf(msg.orderStatusLabel, order.status) || labelOf(msg.orderStatusLabel, OrderStatus.Processing),
    isPaid,
    paymentState: isPaid ? '已付款' : cod ? '貨到付款' : '未付款',
    isShipped,
    shippingState: isShipped ? '已出貨' : '未出貨',
    shipDate: formatTaipeiDate(order.ship_date),
    freightCompany: text(order.freight_company),
    trackingNumber: text(order.tracking_number),
    lines,
    packages,
    bundles,
    goodsAmount: amount(order.goods_amount),
    bundleDiscount,
    celebrityDiscount: amount(order.celebrity_discount),
    shipping,
    freeShipping: order.free_shipping ?? shipping === 0,
    useBonus: amount(order.use_bonus),
    payAmount: amount(order.pay_amount),
    recvName: text(order.recv_name),
    recvCellphone: text(order.recv_cellphone),
    recvAddress: text(order.recv_address),
    store: storeOf(order.store ?? order.store_info),
    remark: text(order.remark),
    receipt: receiptOf(order.receipt),
    virtualAccount: order.virtual_account
      ? {
          account: order.virtual_account,
          bankCode: text(order.virtual_account_bank_code),
          expires: formatTaipeiDateTime(order.virtual_account_expire_date),
        }
      : null,
    lastNumberOfTransfer: text(order.last_number_of_transfer),
    cancelStatus,
    returnStatus,
    cancelLabel: cancelStatus === null ? '' : labelOf(msg.cancelStatusLabel, cancelStatus),
    returnLabel: returnStatus === null ? '' : labelOf(msg.returnStatusLabel, returnStatus),
    actions: actionsOf(order, options.now ?? new Date(), options.returnDays ?? DEFAULT_RETURN_DAYS),
  };
}

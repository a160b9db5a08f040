// What the orders, after-sales and upload API answers (docs/api/orders-and-carts.md), as types the
// storefront imports, plus the pure rules deciding which after-sales actions an order offers.
import { z } from 'zod';
import {
  canNotifyTransfer,
  canReturn,
  cancelMode,
  returnDeadline,
  returnWindowStart,
  type AfterSalesOrder,
} from './after-sales-eligibility.ts';
import { couponCodeInputSchema } from './coupons.ts';
import { eInvoiceViewSchema } from './e-invoice-records.ts';
import { isoDateTimeSchema } from './entities.ts';
import { CancelStatus, DeliveryMethod, OrderStatus, PaymentMethod, ReturnStatus } from './enums.ts';
import { msg } from './messages.ts';
import { ORDER_STATES } from './order-lifecycle.ts';
import { celebrityCodeSchema, useBonusSchema } from './order-schemas.ts';
import type { AppliedBundle, PricedOrder } from './order-pricing.ts';
import { canPayNow, paymentDeadline } from './payment-deadline.ts';
import { needsRefundAccount, refundAccountViewSchema } from './refund-account.ts';

/** zh-TW texts of the order, after-sales and upload API beyond the spec §5 / §8 ones in `msg`. */
export const orderMsg = {
  orderNotFound: '找不到此訂單',
  idMismatch: '編號不一致',
  orderNumberMismatch: '訂單編號不一致',
  dateFormat: '日期格式應為 yyyy-MM-dd',
  dateRangeOrder: '開始日期不可晚於結束日期',
  idempotencyKeyFormat: 'Idempotency-Key 格式錯誤',
  amountTooLarge: '訂單金額過大，請減少數量後再試',
  memberInactive: '此會員帳號已停用',
  fileChoose: '請選擇檔案',
  fileTooLarge: '圖片過大，請小於 5 MB',
  fileUnsupported: '不支援的圖片格式，請上傳 JPG、PNG 或 WebP',
  fileNotFound: '找不到此檔案',
  fileInUse: '此圖片已用於退貨申請，無法刪除',
} as const;

const wholeNumber = (value: unknown) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value);

/**
 * POST /orders-preview: what the cart page changes before ordering. Same rules and messages as the
 * matching fields of `orderBodySchema`; everything is optional (home delivery, no points, no code).
 */
export const orderPreviewBodySchema = z.object({
  delivery_method: z
    .preprocess(
      wholeNumber,
      z
        .number({ error: msg.deliveryMethodChoose })
        .refine((n) => (Object.values(DeliveryMethod) as number[]).includes(n), { error: msg.deliveryMethodChoose }),
    )
    .optional()
    .default(DeliveryMethod.GeneralHome),
  use_bonus: useBonusSchema,
  code: celebrityCodeSchema,
  /** The coupon code typed in the cart (docs/decisions/061); unknown codes answer in `coupon_error`. */
  coupon_code: couponCodeInputSchema,
});
export type OrderPreviewBody = z.output<typeof orderPreviewBodySchema>;

/** The after-sales actions an order offers its owner now (spec §4). */
export const orderActionsSchema = z.object({
  /** `direct`: PUT /orders/{id}/cancel after a confirmation; `request`: the cancel modal; null: none. */
  cancel: z.enum(['direct', 'request']).nullable(),
  /** The return modal (shipped, no return record, inside the return window). */
  return: z.boolean(),
  /** The remittance notice (unpaid bank transfer without the last five digits). */
  notify_transfer: z.boolean(),
  /** 前往付款: an unpaid card or LINE Pay order before its payment deadline (issue 20 item 3). */
  pay: z.boolean(),
  /**
   * The cancel request or return this order offers asks for the account the refund goes to: the money
   * came by transfer, ATM or cash on delivery (issue 20 item 7, refund-account.ts).
   */
  refund_account: z.boolean(),
});
export type OrderActions = z.infer<typeof orderActionsSchema>;

/** spec §4: every after-sales rule in one place, so the pages and the API offer the same buttons. */
export function orderActions(order: AfterSalesOrder, now: Date, returnDays: number): OrderActions {
  const cancel = cancelMode(order);
  const ret = canReturn(order, now, returnDays);
  return {
    cancel,
    return: ret,
    notify_transfer: canNotifyTransfer(order),
    pay: canPayNow(order, now),
    refund_account: (cancel === 'request' || ret) && needsRefundAccount(order),
  };
}

/** When an unpaid order is cancelled unless paid, as ISO text; null when it waits for nothing. */
export function paymentDeadlineIso(order: AfterSalesOrder): string | null {
  return paymentDeadline(order)?.toISOString() ?? null;
}

/** The last moment a return may be requested, as ISO text; null before shipping. */
export function returnDeadlineIso(order: AfterSalesOrder, returnDays: number): string | null {
  if (!order.is_shipping) return null;
  return returnDeadline(returnWindowStart(order), returnDays)?.toISOString() ?? null;
}

/** What an ordered or quoted package line shows: its name, prices and quantity. */
const packageLineFields = {
  name: z.string(),
  /** Catalogue sale price of one unit (when ordered, for an order's line). */
  on_sale_price: z.number().int(),
  /** What one unit cost after the influencer discount. */
  unit_price: z.number().int(),
  qty: z.number().int(),
};

/** What an ordered or quoted product line shows: its spec, names, prices and quantity. */
const productLineFields = {
  spec_id: z.number().int().nullable(),
  name: z.string(),
  product_specs_name: z.string(),
  on_sale_price: packageLineFields.on_sale_price,
  unit_price: packageLineFields.unit_price,
  qty: z.number().int(),
};

/** A product line of an order (product_info), as frozen when ordered. */
export const orderProductLineViewSchema = z.object({
  id: z.number().int(),
  ...productLineFields,
  product_snapshot: z.object({ name: z.string(), product_specs_name: z.string(), on_sale_price: z.number().int() }),
});
export type OrderProductLineView = z.infer<typeof orderProductLineViewSchema>;

export const orderPackageLineViewSchema = z.object({
  id: z.number().int(),
  ...packageLineFields,
  product_snapshot: z.object({ name: z.string(), on_sale_price: z.number().int() }),
});
export type OrderPackageLineView = z.infer<typeof orderPackageLineViewSchema>;

export const orderBundleViewSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  discount_type: z.number().int(),
  /** The bundle's rule as it was when ordered (stored JSON, shown as is). */
  discount_rule: z.unknown(),
  item_count: z.number().int(),
  discount: z.number().int(),
});
export type OrderBundleView = z.infer<typeof orderBundleViewSchema>;

export const cancelRecordViewSchema = z.object({
  id: z.number().int(),
  orders_id: z.number().int(),
  order_number: z.string(),
  members_id: z.number().int().nullable(),
  contact_phone: z.string(),
  reason: z.string(),
  status: z.enum(CancelStatus),
  /** Where the refund goes; masked in lists, in full on the order's own page (docs/decisions/048). */
  refund_account: refundAccountViewSchema.nullable(),
  created_at: isoDateTimeSchema,
  handled_at: isoDateTimeSchema.nullable(),
});
export type CancelRecordView = z.infer<typeof cancelRecordViewSchema>;

export const returnRecordViewSchema = z.object({
  id: z.number().int(),
  orders_id: z.number().int(),
  order_number: z.string(),
  members_id: z.number().int().nullable(),
  contact_person: z.string(),
  contact_phone: z.string(),
  spec: z.string(),
  reason: z.string(),
  pic: z.array(z.string()),
  status: z.enum(ReturnStatus),
  /** Where the refund goes; masked in lists, in full on the order's own page (docs/decisions/048). */
  refund_account: refundAccountViewSchema.nullable(),
  created_at: isoDateTimeSchema,
  handled_at: isoDateTimeSchema.nullable(),
});
export type ReturnRecordView = z.infer<typeof returnRecordViewSchema>;

/** A record seen by somebody who is not its owner (guest order lookup, docs/decisions/020). */
export const maskedRecordViewSchema = z.object({
  order_number: z.string(),
  status: z.number().int(),
  created_at: isoDateTimeSchema,
  handled_at: isoDateTimeSchema.nullable(),
  masked: z.literal(true),
});
export type MaskedRecordView = z.infer<typeof maskedRecordViewSchema>;

/** Fields the owner and the guest lookup both see. */
const orderCommonViewSchema = z.object({
  order_number: z.string(),
  created_at: isoDateTimeSchema,
  payment_type: z.enum(PaymentMethod),
  delivery_method: z.enum(DeliveryMethod),
  status: z.enum(OrderStatus),
  /**
   * The lifecycle state the shopper is shown (order-lifecycle.ts `shopperOrderState`): a shipped order
   * reads `shipped` until its return window closes, though shipping set `status` to Complete.
   */
  shopper_state: z.enum(ORDER_STATES),
  is_payment: z.boolean(),
  is_shipping: z.boolean(),
  ship_date: isoDateTimeSchema.nullable(),
  freight_company: z.string(),
  tracking_number: z.string(),
  /** When the parcel was delivered or picked up, as the carrier reported (issue 17 item 3); null before. */
  received_at: isoDateTimeSchema.nullable(),
  /** Until when the parcel waits at the pickup store, once it arrived there; null otherwise. */
  pickup_deadline: isoDateTimeSchema.nullable(),
  goods_amount: z.number().int(),
  celebrity_discount: z.number().int(),
  discount_amount: z.number().int(),
  /** NT$ the member level took off (docs/decisions/061). */
  level_discount: z.number().int(),
  /** The coupon used, as typed when ordered; null = none. */
  coupon_code: z.string().nullable(),
  /** NT$ the coupon took off. */
  coupon_discount: z.number().int(),
  shipping: z.number().int(),
  /** spec §2: the free-shipping badge shows when shipping is 0. */
  free_shipping: z.boolean(),
  use_bonus: z.number().int(),
  pay_amount: z.number().int(),
  recv_name: z.string(),
  recv_cellphone: z.string(),
  recv_address: z.string(),
  product_info: z.array(orderProductLineViewSchema),
  package_info: z.array(orderPackageLineViewSchema),
  bundle_info: z.array(orderBundleViewSchema),
  is_return: z.boolean(),
  /**
   * An unpaid order is cancelled at this moment unless its money arrives (issue 20 item 3); shown to
   * the guest lookup too, which says when and sends the buyer to log in to pay.
   */
  payment_deadline: isoDateTimeSchema.nullable(),
});

/**
 * How an order is paid later, as its owner and the back office see it: the ATM account, the 超商代碼
 * or 條碼 with their deadline, the card installments and the transfer's last digits.
 */
export const paymentInstructionFields = {
  virtual_account: z.string().nullable(),
  virtual_account_bank_code: z.string().nullable(),
  virtual_account_expire_date: isoDateTimeSchema.nullable(),
  /** 超商代碼 and its deadline once ECPay issued it (issue 40). */
  payment_code: z.string().nullable(),
  payment_code_expire_date: isoDateTimeSchema.nullable(),
  /** Card installments (decision 082); null = paid at once. */
  installments: z.number().int().nullable().optional(),
  /** 超商條碼: the three Code 39 barcodes (decision 082); their deadline is payment_code_expire_date. */
  payment_barcodes: z.array(z.string()).nullable().optional(),
  last_number_of_transfer: z.string().nullable(),
};

/** The owner's full view of an order. */
export const orderViewSchema = orderCommonViewSchema.extend({
  id: z.number().int(),
  members_id: z.number().int().nullable(),
  member_cellphone: z.string(),
  paid_at: isoDateTimeSchema.nullable(),
  store: z.object({ chain: z.string(), id: z.string(), name: z.string(), address: z.string() }).nullable(),
  remark: z.string(),
  /** The invoice choice as stored (spec §3 receipt). */
  receipt: z.record(z.string(), z.unknown()),
  celebrity_code: z.string().nullable(),
  ...paymentInstructionFields,
  cancel_record: cancelRecordViewSchema.omit({ orders_id: true, order_number: true, members_id: true }).nullable(),
  return_record: returnRecordViewSchema.omit({ orders_id: true, order_number: true, members_id: true }).nullable(),
  return_deadline: isoDateTimeSchema.nullable(),
  actions: orderActionsSchema,
  masked: z.literal(false),
  /**
   * The order's e-invoice (issue 16 item 3): in the answers about one order (GET /orders/{id}, the
   * order page); null when none was asked of ECPay, absent from lists.
   */
  e_invoice: eInvoiceViewSchema.nullable().optional(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** An order found by mobile number by somebody who is not its logged-in owner (docs/decisions/020). */
export const maskedOrderViewSchema = orderCommonViewSchema.extend({
  store: z.object({ chain: z.string() }).nullable(),
  cancel_record: z.object({ status: z.enum(CancelStatus), created_at: isoDateTimeSchema }).nullable(),
  return_record: z.object({ status: z.enum(ReturnStatus), created_at: isoDateTimeSchema }).nullable(),
  masked: z.literal(true),
});
export type MaskedOrderView = z.infer<typeof maskedOrderViewSchema>;

/** POST /orders-preview: what the cart would cost as an order now. */
export const orderQuoteViewSchema = z.object({
  product_lines: z.array(
    z.object({
      cart_id: z.number().int(),
      products_id: z.number().int(),
      ...productLineFields,
      line_total: z.number().int(),
      bundle_id: z.number().int().nullable(),
    }),
  ),
  package_lines: z.array(
    z.object({
      cart_id: z.number().int(),
      product_packages_id: z.number().int(),
      ...packageLineFields,
      line_total: z.number().int(),
    }),
  ),
  bundles: z.array(orderBundleViewSchema),
  goods_amount: z.number().int(),
  celebrity_discount: z.number().int(),
  discount_amount: z.number().int(),
  /** The member's level and its percent off; null when the level gives none (docs/decisions/061). */
  level: z.object({ name: z.string(), discount_percent: z.number().int() }).nullable(),
  level_discount: z.number().int(),
  /** The coupon applied; null when none was typed or it took nothing off. */
  coupon: z.object({ id: z.number().int(), code: z.string(), name: z.string(), discount: z.number().int() }).nullable(),
  coupon_discount: z.number().int(),
  /** Why the typed coupon cannot be used (找不到此優惠券, 未達最低消費…); null when it can or none was typed. */
  coupon_error: z.string().nullable(),
  net_goods_amount: z.number().int(),
  shipping: z.number().int(),
  free_shipping: z.boolean(),
  use_bonus: z.number().int(),
  max_usable_bonus: z.number().int(),
  bonus_balance: z.number().int(),
  bonus_error: z.string().nullable(),
  pay_amount: z.number().int(),
  celebrity: z.object({ code: z.string(), name: z.string() }).nullable(),
  problems: z.array(
    z.object({
      cart_id: z.number().int(),
      kind: z.enum(['product', 'package']),
      name: z.string(),
      problem: z.enum(['unavailable', 'out_of_stock']),
      msg: z.string(),
    }),
  ),
});
export type OrderQuoteView = z.infer<typeof orderQuoteViewSchema>;

/** POST /upload. */
export const uploadedFileViewSchema = z.object({
  /** The reference to send in a return request's `pic`. */
  name: z.string(),
  /** Where the shop serves it. */
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedFileView = z.infer<typeof uploadedFileViewSchema>;

/** The order page's view: the order and when it reached each shopper-facing state, oldest first. */
export const orderDetailViewSchema = orderViewSchema.extend({
  timeline: z.array(z.object({ state: z.string(), created_at: isoDateTimeSchema })),
});
export type OrderDetailView = z.infer<typeof orderDetailViewSchema>;

/** What the guest order lookup answers: the owner's view for the logged-in owner, else the masked one. */
export const lookedUpOrderSchema = z.union([orderViewSchema, maskedOrderViewSchema]);
export const lookedUpCancelRecordSchema = z.union([cancelRecordViewSchema, maskedRecordViewSchema]);
export const lookedUpReturnRecordSchema = z.union([returnRecordViewSchema, maskedRecordViewSchema]);

/** What the cart page shows as the order's amounts: a priced order without its lines. */
export type OrderTotals = Omit<PricedOrder, 'products' | 'packages'>;

/**
 * The server's quote (POST /orders-preview) as the totals the cart page shows (issue 15 item 3): the
 * checkout shows what the order will cost from the server's own answer, not from offers it gathered.
 */
export function totalsOfQuote(quote: OrderQuoteView): OrderTotals {
  return {
    bundles: quote.bundles.map((b) => ({
      id: b.id,
      title: b.title,
      discountType: b.discount_type,
      discountRule: b.discount_rule as AppliedBundle['discountRule'],
      itemCount: b.item_count,
      discount: b.discount,
    })),
    goodsAmount: quote.goods_amount,
    celebrityDiscount: quote.celebrity_discount,
    discountAmount: quote.discount_amount,
    levelDiscount: quote.level_discount,
    couponDiscount: quote.coupon_discount,
    coupon: quote.coupon,
    couponError: quote.coupon_error,
    netGoodsAmount: quote.net_goods_amount,
    shipping: quote.shipping,
    freeShipping: quote.free_shipping,
    useBonus: quote.use_bonus,
    maxUsableBonus: quote.max_usable_bonus,
    payAmount: quote.pay_amount,
  };
}

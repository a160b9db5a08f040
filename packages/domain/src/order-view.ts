// What the orders, after-sales and upload API answers (docs/api/orders-and-carts.md), as types the
// storefront imports, plus the pure rules deciding which after-sales actions an order offers.
import { z } from 'zod';
import {
  canNotifyTransfer,
  canReturn,
  cancelMode,
  returnDeadline,
  type AfterSalesOrder,
} from './after-sales-eligibility.ts';
import { DeliveryMethod, type CancelStatus, type OrderStatus, type PaymentMethod, type ReturnStatus } from './enums.ts';
import { msg } from './messages.ts';
import { MAX_ID } from './schemas.ts';

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
  use_bonus: z
    .preprocess(
      (v) => (v === undefined || v === null || v === '' ? 0 : wholeNumber(v)),
      z
        .number({ error: msg.bonusNotInteger })
        .int({ error: msg.bonusNotInteger })
        .min(0, { error: msg.bonusNotInteger })
        .max(MAX_ID, { error: msg.bonusNotInteger }),
    )
    .optional()
    .default(0),
  code: z
    .string()
    .trim()
    .max(32, { error: msg.maxLength(32) })
    .nullable()
    .optional()
    .transform((v) => v || null),
});
export type OrderPreviewBody = z.output<typeof orderPreviewBodySchema>;

/** The after-sales actions an order offers its owner now (spec §4). */
export interface OrderActions {
  /** `direct`: PUT /orders/{id}/cancel after a confirmation; `request`: the cancel modal; null: none. */
  cancel: 'direct' | 'request' | null;
  /** The return modal (shipped, no return record, inside the return window). */
  return: boolean;
  /** The remittance notice (unpaid bank transfer without the last five digits). */
  notify_transfer: boolean;
}

/** spec §4: every after-sales rule in one place, so the pages and the API offer the same buttons. */
export function orderActions(order: AfterSalesOrder, now: Date, returnDays: number): OrderActions {
  return {
    cancel: cancelMode(order),
    return: canReturn(order, now, returnDays),
    notify_transfer: canNotifyTransfer(order),
  };
}

/** The last moment a return may be requested, as ISO text; null before shipping. */
export function returnDeadlineIso(order: AfterSalesOrder, returnDays: number): string | null {
  if (!order.is_shipping) return null;
  return returnDeadline(order.ship_date, returnDays)?.toISOString() ?? null;
}

/** A product line of an order (product_info), as frozen when ordered. */
export interface OrderProductLineView {
  id: number;
  spec_id: number | null;
  name: string;
  product_specs_name: string;
  /** Catalogue sale price of one unit when ordered. */
  on_sale_price: number;
  /** What one unit cost after the influencer discount. */
  unit_price: number;
  qty: number;
  product_snapshot: { name: string; product_specs_name: string; on_sale_price: number };
}

export interface OrderPackageLineView {
  id: number;
  name: string;
  on_sale_price: number;
  unit_price: number;
  qty: number;
  product_snapshot: { name: string; on_sale_price: number };
}

export interface OrderBundleView {
  id: number;
  title: string;
  discount_type: number;
  discount_rule: unknown;
  item_count: number;
  discount: number;
}

export interface CancelRecordView {
  id: number;
  orders_id: number;
  order_number: string;
  members_id: number | null;
  contact_phone: string;
  reason: string;
  status: CancelStatus;
  created_at: string;
  handled_at: string | null;
}

export interface ReturnRecordView {
  id: number;
  orders_id: number;
  order_number: string;
  members_id: number | null;
  contact_person: string;
  contact_phone: string;
  spec: string;
  reason: string;
  pic: string[];
  status: ReturnStatus;
  created_at: string;
  handled_at: string | null;
}

/** A record seen by somebody who is not its owner (guest order lookup, docs/decisions/020). */
export interface MaskedRecordView {
  order_number: string;
  status: number;
  created_at: string;
  handled_at: string | null;
  masked: true;
}

/** Fields the owner and the guest lookup both see. */
interface OrderCommonView {
  order_number: string;
  created_at: string;
  payment_type: PaymentMethod;
  delivery_method: DeliveryMethod;
  status: OrderStatus;
  is_payment: boolean;
  is_shipping: boolean;
  ship_date: string | null;
  freight_company: string;
  tracking_number: string;
  goods_amount: number;
  celebrity_discount: number;
  discount_amount: number;
  shipping: number;
  /** spec §2: the free-shipping badge shows when shipping is 0. */
  free_shipping: boolean;
  use_bonus: number;
  pay_amount: number;
  recv_name: string;
  recv_cellphone: string;
  recv_address: string;
  product_info: OrderProductLineView[];
  package_info: OrderPackageLineView[];
  bundle_info: OrderBundleView[];
  is_return: boolean;
}

/** The owner's full view of an order. */
export interface OrderView extends OrderCommonView {
  id: number;
  members_id: number | null;
  member_cellphone: string;
  paid_at: string | null;
  store: { chain: string; id: string; name: string } | null;
  remark: string;
  receipt: Record<string, unknown>;
  celebrity_code: string | null;
  virtual_account: string | null;
  virtual_account_bank_code: string | null;
  virtual_account_expire_date: string | null;
  last_number_of_transfer: string | null;
  cancel_record: Omit<CancelRecordView, 'orders_id' | 'order_number' | 'members_id'> | null;
  return_record: Omit<ReturnRecordView, 'orders_id' | 'order_number' | 'members_id'> | null;
  return_deadline: string | null;
  actions: OrderActions;
  masked: false;
}

/** An order found by mobile number by somebody who is not its logged-in owner (docs/decisions/020). */
export interface MaskedOrderView extends OrderCommonView {
  store: { chain: string } | null;
  cancel_record: { status: CancelStatus; created_at: string } | null;
  return_record: { status: ReturnStatus; created_at: string } | null;
  masked: true;
}

/** POST /orders-preview: what the cart would cost as an order now. */
export interface OrderQuoteView {
  product_lines: {
    cart_id: number;
    products_id: number;
    spec_id: number | null;
    name: string;
    product_specs_name: string;
    on_sale_price: number;
    unit_price: number;
    qty: number;
    line_total: number;
    bundle_id: number | null;
  }[];
  package_lines: {
    cart_id: number;
    product_packages_id: number;
    name: string;
    on_sale_price: number;
    unit_price: number;
    qty: number;
    line_total: number;
  }[];
  bundles: OrderBundleView[];
  goods_amount: number;
  celebrity_discount: number;
  discount_amount: number;
  net_goods_amount: number;
  shipping: number;
  free_shipping: boolean;
  use_bonus: number;
  max_usable_bonus: number;
  bonus_balance: number;
  bonus_error: string | null;
  pay_amount: number;
  celebrity: { code: string; name: string } | null;
  problems: {
    cart_id: number;
    kind: 'product' | 'package';
    name: string;
    problem: 'unavailable' | 'out_of_stock';
    msg: string;
  }[];
}

/** POST /upload. */
export interface UploadedFileView {
  /** The reference to send in a return request's `pic`. */
  name: string;
  /** Where the shop serves it. */
  url: string;
  mime: string;
  size: number;
  width: number;
  height: number;
}

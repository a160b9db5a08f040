// What the back office reads of orders (issue 7 item 5) and its dashboard (issue 7 item 8), as the
// zod schemas the server serialises its replies with; the pages read the inferred types.
import { z } from 'zod';
import { adminEInvoiceViewSchema } from './e-invoice-records.ts';
import { adminShipmentViewSchema } from './shipments.ts';
import { isoDateTimeSchema } from './entities.ts';
import { CancelStatus, DeliveryMethod, OrderStatus, PaymentMethod, ReturnStatus } from './enums.ts';
import { handledLineSchema } from './order-handling.ts';
import { refundAccountViewSchema } from './refund-account.ts';
import { ORDER_ACTORS } from './order-lifecycle.ts';
import { paymentInstructionFields } from './order-view.ts';
import { recordInt as int, recordVersion as version } from './admin-record-fields.ts';

/** A row of the order list (also the member page's orders and the dashboard's latest). */
export const adminOrderListItemSchema = z.object({
  id: int,
  order_number: z.string(),
  created_at: isoDateTimeSchema,
  /** null for a guest order, or when the member was deleted. */
  member_id: int.nullable(),
  member_cellphone: z.string(),
  recv_name: z.string(),
  recv_cellphone: z.string(),
  payment_type: z.enum(PaymentMethod),
  delivery_method: z.enum(DeliveryMethod),
  is_payment: z.boolean(),
  is_shipping: z.boolean(),
  ship_date: isoDateTimeSchema.nullable(),
  freight_company: z.string(),
  tracking_number: z.string(),
  status: z.enum(OrderStatus),
  pay_amount: int,
  last_number_of_transfer: z.string().nullable(),
  /** null = no cancel request. */
  cancel_status: z.enum(CancelStatus).nullable(),
  /** null = no return request. */
  return_status: z.enum(ReturnStatus).nullable(),
  version,
});
export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;

/** One move in an order's history (order_events), as the back office shows it. */
export const adminOrderEventSchema = z.object({
  id: int,
  event: z.string(),
  from_state: z.string().nullable(),
  to_state: z.string(),
  actor: z.enum(ORDER_ACTORS),
  /** The staff member's name, the provider's or the job's; empty for the buyer. */
  actor_name: z.string(),
  reason: z.string(),
  created_at: isoDateTimeSchema,
});
export type AdminOrderEvent = z.infer<typeof adminOrderEventSchema>;

/** One order with its lines, after-sales records and history (GET /admin/orders/{id} and every handling step). */
/** One money movement of an order: a provider's call and answer, or a refund the staff recorded. */
export const adminOrderPaymentSchema = z.object({
  id: int,
  provider: z.enum(['linepay', 'ecpay', 'bankcard', 'manual']),
  kind: z.enum(['request', 'confirm', 'refund']),
  transaction_id: z.string(),
  amount: int,
  status: z.enum(['pending', 'succeeded', 'failed']),
  return_code: z.string(),
  message: z.string(),
  /** Who recorded a manual refund. */
  staff_name: z.string().nullable(),
  created_at: isoDateTimeSchema,
});
export type AdminOrderPayment = z.infer<typeof adminOrderPaymentSchema>;

export const adminOrderDetailSchema = z.object({
  id: int,
  order_number: z.string(),
  created_at: isoDateTimeSchema,
  member: z.object({ id: int, account: z.string(), name: z.string(), cell_phone: z.string() }).nullable(),
  member_cellphone: z.string(),
  payment_type: z.enum(PaymentMethod),
  delivery_method: z.enum(DeliveryMethod),
  is_payment: z.boolean(),
  paid_at: isoDateTimeSchema.nullable(),
  is_shipping: z.boolean(),
  ship_date: isoDateTimeSchema.nullable(),
  freight_company: z.string(),
  tracking_number: z.string(),
  status: z.enum(OrderStatus),
  goods_amount: int,
  discount_amount: int,
  celebrity_discount: int,
  celebrity_code: z.string().nullable(),
  level_discount: int,
  coupon_code: z.string().nullable(),
  coupon_discount: int,
  shipping: int,
  use_bonus: int,
  pay_amount: int,
  recv_name: z.string(),
  recv_cellphone: z.string(),
  recv_address: z.string(),
  /** The pickup store chosen at checkout (null for home delivery), as stored. */
  store_info: z
    .looseObject({
      chain: z.string().optional(),
      id: z.string().optional(),
      name: z.string().optional(),
      address: z.string().optional(),
    })
    .nullable(),
  remark: z.string(),
  /** The invoice choice stored at checkout (spec §3 receipt). */
  receipt: z.record(z.string(), z.unknown()),
  lines: z.array(handledLineSchema),
  /** The bundles the order used, as frozen at checkout. */
  bundle_info: z.array(z.unknown()),
  ...paymentInstructionFields,
  trade_no: z.string().nullable(),
  /** Money owed back outside the cancel and return flows; null when none or settled. */
  refund_due: z.enum(['paid_after_cancel', 'paid_twice']).nullable(),
  is_return: z.boolean(),
  cancel_record: z
    .object({
      id: int,
      status: z.enum(CancelStatus),
      contact_phone: z.string(),
      reason: z.string(),
      /** Where the shop sends the refund, in full (docs/decisions/048); null when the refund needs none. */
      refund_account: refundAccountViewSchema.nullable(),
      created_at: isoDateTimeSchema,
      handled_at: isoDateTimeSchema.nullable(),
    })
    .nullable(),
  return_record: z
    .object({
      id: int,
      status: z.enum(ReturnStatus),
      contact_person: z.string(),
      contact_phone: z.string(),
      spec: z.string(),
      reason: z.string(),
      pic: z.array(z.string()),
      /** null until the refund is decided. */
      refund_amount: int.nullable(),
      /** Where the shop sends the refund, in full (docs/decisions/048); null when the refund needs none. */
      refund_account: refundAccountViewSchema.nullable(),
      created_at: isoDateTimeSchema,
      handled_at: isoDateTimeSchema.nullable(),
    })
    .nullable(),
  version,
  /** The order's lifecycle moves, oldest first. */
  events: z.array(adminOrderEventSchema),
  /** When a cancelled order's money went back (by a provider or recorded by the staff). */
  refunded_at: isoDateTimeSchema.nullable(),
  /** Every payment call and refund of the order, oldest first (issue 16 item 4). */
  payments: z.array(adminOrderPaymentSchema),
  /** The order's outbox jobs that failed (a refund LINE Pay or ECPay refused), to retry from the page. */
  failed_jobs: z.array(
    z.object({ id: int, kind: z.string(), attempts: int, last_error: z.string(), updated_at: isoDateTimeSchema }),
  ),
  /** The order's e-invoice and its allowances (issue 16 item 3); null when none was asked of ECPay. */
  e_invoice: adminEInvoiceViewSchema.nullable().optional(),
  /** The order's latest logistics order at ECPay (issue 17 item 2); null before 建立物流單. */
  shipment: adminShipmentViewSchema.nullable().optional(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

// ---- dashboard (issue 7 item 8) --------------------------------------------------------------

/**
 * The Processing and Complete orders created in a Taipei time span: how many, the revenue (pay_amount
 * of the paid ones only), and the unpaid ones apart (an abandoned card order, an ATM order not yet
 * paid, cash on delivery not yet collected; docs/decisions/030).
 */
const orderTotalsSchema = z.object({
  orders: int,
  revenue: int,
  unpaid: z.object({ orders: int, amount: int }),
});

export const adminDashboardSchema = z.object({
  today: orderTotalsSchema,
  month: orderTotalsSchema,
  /** How many orders wait in each to-do list. */
  todo: z.object({ payment: int, shipping: int, cancel: int, return: int, refund: int }),
  latest_orders: z.array(adminOrderListItemSchema),
  unread_messages: int,
  /** Specs whose tracked stock is at or below their low-stock level (庫存不足, issue 42). */
  low_stock: int,
  /** Background jobs in trouble (issue 39 item 8), from the jobs table. */
  jobs: z.object({
    /** Parked as failed: they wait for 背景工作. */
    failed_jobs: int,
    /** Services whose jobs failed again and again in the last hour, the most failures first. */
    failing_providers: z.array(z.object({ provider: z.string(), name: z.string(), failures: int })),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

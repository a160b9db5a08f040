// Orders, after-sales records, payment callbacks and idempotency (spec §3 Order, §4 after-sales rules).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { CancelStatus, DeliveryMethod, OrderStatus, ReturnStatus } from '@shop/domain';
import { createdAt, id, tstz, updatedAt } from './columns.ts';
import { coupons } from './coupons.ts';
import { members, belongsToMember } from './members.ts';
import { staff } from './staff.ts';

/** Orders; line items are frozen as JSON snapshots so later catalogue edits do not change them. */
export const orders = pgTable(
  'orders',
  {
    /** Key. */
    id: id(),
    /** Public order number (also the payment provider's MerchantTradeNo, max 20 alphanumerics). */
    orderNumber: varchar('order_number', { length: 20 }).notNull(),
    /** Buyer; NULL for a guest order or a deleted member. */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** Buyer's mobile number; guests look orders up by it (spec §2 order search). */
    memberCellphone: varchar('member_cellphone', { length: 20 }).notNull(),
    /** PaymentMethod: 1 Transfer, 2 Credit, 3 VirtualAccount, 4 CreditFocas, 5 LinePay, 6 CashOnDelivery, 7 CvsCode, 8 CvsBarcode, 9 ApplePay, 10 Twqr. */
    paymentType: smallint('payment_type').notNull(),
    /** DeliveryMethod: 1 home, 2 low temperature, 3 convenience store, 4 black-cat pickup. */
    deliveryMethod: smallint('delivery_method').notNull().default(DeliveryMethod.GeneralHome),
    /** Whether the money has arrived. */
    isPayment: boolean('is_payment').notNull().default(false),
    /** When the money arrived; NULL = unpaid. */
    paidAt: tstz('paid_at'),
    /** Whether the parcel left the warehouse. */
    isShipping: boolean('is_shipping').notNull().default(false),
    /** When shipped; the return window counts from it (spec §4). */
    shipDate: tstz('ship_date'),
    /** Carrier name, e.g. 黑貓宅急便. */
    freightCompany: text('freight_company').notNull().default(''),
    /** Carrier tracking number. */
    trackingNumber: text('tracking_number').notNull().default(''),
    /**
     * Where the shipped parcel is, by the logistics provider's last notice (issue 17 item 3): in_transit,
     * arrived, picked_up, unclaimed, delivered; NULL before any word (it reads as shipped).
     */
    deliveryState: varchar('delivery_state', { length: 16 }),
    /** When the parcel was delivered or picked up; the return window counts from it when known (spec §4). */
    receivedAt: tstz('received_at'),
    /** Until when the parcel waits at the pickup store; NULL unless it arrived at one. */
    pickupDeadline: tstz('pickup_deadline'),
    /** OrderStatus: 0 Failed, 1 Complete, 2 Processing, 3 Cancel, 4 Deleted. */
    status: smallint('status').notNull().default(OrderStatus.Processing),
    /** Sum of line prices in NT$ before discounts. */
    goodsAmount: integer('goods_amount').notNull(),
    /** Bundle discounts in NT$. */
    discountAmount: integer('discount_amount').notNull().default(0),
    /** Influencer-code discount in NT$. */
    celebrityDiscount: integer('celebrity_discount').notNull().default(0),
    /** Member-level discount in NT$ (docs/decisions/061). */
    levelDiscount: integer('level_discount').notNull().default(0),
    /** The coupon used; NULL = none (the redemption row holds the use). */
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    /** The coupon's code as used, kept if the coupon is edited. */
    couponCode: varchar('coupon_code', { length: 32 }),
    /** Coupon discount in NT$. */
    couponDiscount: integer('coupon_discount').notNull().default(0),
    /** Shipping fee in NT$; 0 shows the free-shipping badge. */
    shipping: integer('shipping').notNull().default(0),
    /** Bonus points spent (NT$1 each). */
    useBonus: integer('use_bonus').notNull().default(0),
    /** Amount to pay in NT$: goods - discounts (influencer, bundles, level, coupon) + shipping - bonus. */
    payAmount: integer('pay_amount').notNull(),
    /** Recipient name. */
    recvName: text('recv_name').notNull(),
    /** Recipient mobile. */
    recvCellphone: varchar('recv_cellphone', { length: 20 }).notNull(),
    /** Recipient address (empty for store pickup). */
    recvAddress: text('recv_address').notNull().default(''),
    /** Convenience-store pickup JSON {chain, id, name}; NULL for home delivery. */
    storeInfo: text('store_info'),
    /** Buyer's note. */
    remark: text('remark').notNull().default(''),
    /** Invoice JSON {type: InvoiceType, carrier?, tax_id?, title?, donate_code?}. */
    receipt: text('receipt').notNull().default('{}'),
    /** Influencer code used; NULL = none. */
    celebrityCode: varchar('celebrity_code', { length: 32 }),
    /** JSON snapshot [{id, name, product_specs_name, spec_id, on_sale_price, qty}]. */
    productInfo: text('product_info').notNull().default('[]'),
    /** JSON snapshot of package lines [{id, name, on_sale_price, qty}]. */
    packageInfo: text('package_info').notNull().default('[]'),
    /** JSON snapshot of applied bundles [{id, title, discount_type, discount_rule, discount}]. */
    bundleInfo: text('bundle_info').notNull().default('[]'),
    /** ATM virtual account number (VirtualAccount payments). */
    virtualAccount: text('virtual_account'),
    /** Bank code of the virtual account. */
    virtualAccountBankCode: text('virtual_account_bank_code'),
    /** Deadline to pay into the virtual account. */
    virtualAccountExpireDate: tstz('virtual_account_expire_date'),
    /** 超商代碼 (CvsCode payments): the PaymentNo ECPay issued, keyed in at a store's kiosk (issue 40). */
    paymentCode: varchar('payment_code', { length: 20 }),
    /** Deadline to pay the code at a store (ECPay ExpireDate). */
    paymentCodeExpireDate: tstz('payment_code_expire_date'),
    /** Card installments (ECPay CreditInstallment: 3, 6, 12, 18, 24 or 30); NULL = paid at once (issue 40). */
    installments: smallint('installments'),
    /** 超商條碼 (CvsBarcode payments): ECPay's three Code 39 barcodes; their deadline is payment_code_expire_date. */
    paymentBarcode1: varchar('payment_barcode_1', { length: 20 }),
    paymentBarcode2: varchar('payment_barcode_2', { length: 20 }),
    paymentBarcode3: varchar('payment_barcode_3', { length: 20 }),
    /** Last 5 digits of the buyer's account for a Transfer (remittance notice). */
    lastNumberOfTransfer: varchar('last_number_of_transfer', { length: 5 }),
    /** Payment provider's transaction number once paid. */
    tradeNo: text('trade_no'),
    /**
     * Money the shop owes back outside the cancel and return flows: 'paid_after_cancel' (a provider
     * reported a payment for an order already cancelled) or 'paid_twice'; NULL when none or settled.
     */
    refundDue: varchar('refund_due', { length: 20 }),
    /** When the money of a cancelled order went back to the buyer (by the provider or by hand); NULL before. */
    refundedAt: tstz('refunded_at'),
    /** Whether goods of this order came back (a return approved); a pending request is its return record. */
    isReturn: boolean('is_return').notNull().default(false),
    /** Bonus points the order earned when paid: held as tmp_bonus until completion credits them. */
    bonusEarned: integer('bonus_earned').notNull().default(0),
    /** When the earned points (and the upline's downline bonus) were credited; NULL = not yet. */
    bonusCreditedAt: tstz('bonus_credited_at'),
    /** When the shop's job closed the order after its return window (the lifecycle's `completed`). */
    completedAt: tstz('completed_at'),
    /** Optimistic-lock counter, incremented on every update. */
    version: integer('version').notNull().default(1),
    /** When ordered. */
    createdAt: createdAt(),
    /** When last changed. */
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('uq_orders_order_number').on(t.orderNumber),
    index('idx_orders_member_id_created_at').on(t.memberId, t.createdAt),
    index('idx_orders_recv_cellphone').on(t.recvCellphone),
    index('idx_orders_member_cellphone').on(t.memberCellphone),
    index('idx_orders_status').on(t.status),
    // Unpaid processing orders are scanned to expire virtual accounts and remind transfers.
    index('idx_orders_unpaid_created_at')
      .on(t.createdAt)
      .where(sql`${t.isPayment} = false AND ${t.status} = 2`),
    check(
      'orders_amounts_non_negative',
      sql`${t.goodsAmount} >= 0 AND ${t.discountAmount} >= 0 AND ${t.celebrityDiscount} >= 0 AND ${t.shipping} >= 0 AND ${t.useBonus} >= 0`,
    ),
    // The back office's 待退款 counter reads this; few rows ever carry a value.
    index('idx_orders_refund_due')
      .on(t.refundDue)
      .where(sql`${t.refundDue} IS NOT NULL`),
    check('orders_pay_amount_non_negative', sql`${t.payAmount} >= 0`),
    check('orders_level_coupon_non_negative', sql`${t.levelDiscount} >= 0 AND ${t.couponDiscount} >= 0`),
    check('orders_bonus_earned_non_negative', sql`${t.bonusEarned} >= 0`),
    // The completion job reads shipped orders not yet completed.
    index('idx_orders_awaiting_completion')
      .on(t.shipDate)
      .where(sql`${t.isShipping} = true AND ${t.completedAt} IS NULL`),
    check(
      'orders_refund_due_known',
      sql`${t.refundDue} IS NULL OR ${t.refundDue} IN ('paid_after_cancel', 'paid_twice')`,
    ),
    check('orders_status_known', sql`${t.status} BETWEEN 0 AND 4`),
    check(
      'orders_delivery_state_known',
      sql`${t.deliveryState} IS NULL OR ${t.deliveryState} IN ('in_transit', 'arrived', 'picked_up', 'unclaimed', 'delivered')`,
    ),
    check('orders_payment_type_known', sql`${t.paymentType} BETWEEN 1 AND 10`),
    check(
      'orders_installments_known',
      sql`${t.installments} IS NULL OR (${t.paymentType} = 2 AND ${t.installments} IN (3, 6, 12, 18, 24, 30))`,
    ),
    check('orders_delivery_method_known', sql`${t.deliveryMethod} BETWEEN 1 AND 4`),
    check(
      'orders_last_number_of_transfer_digits',
      sql`${t.lastNumberOfTransfer} IS NULL OR ${t.lastNumberOfTransfer} ~ '^[0-9]{5}$'`,
    ),
  ],
);

/** What a cancel or return request is about: the order, who asked, and its number. */
const requestedOrder = () => ({
  /** The order (API: orders_id). */
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  /** Requesting member (API: members_id); NULL for a guest order. */
  memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
  /** Order number, copied for lookups. */
  orderNumber: varchar('order_number', { length: 20 }).notNull(),
});

/** The account a request's refund goes to; whole or absent (refundAccountWhole). */
const refundAccountColumns = () => ({
  /** Bank code of the refund account (taiwan-banks.ts); NULL when the refund needs none (docs/decisions/048). */
  refundBankCode: varchar('refund_bank_code', { length: 3 }),
  /** The refund account's digits, 10–16. */
  refundAccount: varchar('refund_account', { length: 16 }),
  /** The refund account holder's name. */
  refundHolder: varchar('refund_holder', { length: 50 }),
});

/** A refund account is whole or absent (IS NOT NULL spelled out: a NULL would pass a CHECK). */
const refundAccountWhole = (
  table: string,
  t: { refundBankCode: AnyPgColumn; refundAccount: AnyPgColumn; refundHolder: AnyPgColumn },
) =>
  check(
    `${table}_refund_account_whole`,
    sql`(${t.refundBankCode} IS NULL AND ${t.refundAccount} IS NULL AND ${t.refundHolder} IS NULL) OR (${t.refundBankCode} IS NOT NULL AND ${t.refundAccount} IS NOT NULL AND ${t.refundHolder} IS NOT NULL AND ${t.refundBankCode} ~ '^[0-9]{3}$' AND ${t.refundAccount} ~ '^[0-9]{10,16}$' AND length(btrim(${t.refundHolder})) > 0)`,
  );

/** Staff's decision on a request. */
const staffDecision = () => ({
  /** When staff decided; NULL = pending. */
  handledAt: tstz('handled_at'),
  /** Staff member who decided. */
  handledBy: integer('handled_by').references(() => staff.id, { onDelete: 'set null' }),
});

/** Cancel requests; at most one per order (spec §4: cancel only when there is no cancel record). */
export const orderCancelRecords = pgTable(
  'order_cancel_records',
  {
    /** Key. */
    id: id(),
    ...requestedOrder(),
    /** Contact phone given in the request. */
    contactPhone: varchar('contact_phone', { length: 20 }).notNull(),
    /** Why, at most 200 characters. */
    reason: text('reason').notNull(),
    ...refundAccountColumns(),
    /** CancelStatus: 1 Canceling, 2 Canceled (refused), 3 Approve... */
    status: smallint('status').notNull().default(CancelStatus.Canceling),
    /** When requested. */
    createdAt: createdAt(),
    ...staffDecision(),
  },
  (t) => [
    unique('uq_order_cancel_records_order_id').on(t.orderId),
    index('idx_order_cancel_records_member_id').on(t.memberId),
    index('idx_order_cancel_records_status').on(t.status),
    // The sales report lists the requests of a range (issue 42).
    index('idx_order_cancel_records_created_at').on(t.createdAt),
    check('order_cancel_records_status_known', sql`${t.status} BETWEEN 0 AND 5`),
    refundAccountWhole('order_cancel_records', t),
  ],
);

/** Return requests; at most one per order (spec §4: return only when there is no return record). */
export const orderReturnRecords = pgTable(
  'order_return_records',
  {
    /** Key. */
    id: id(),
    ...requestedOrder(),
    /** Returner name. */
    contactPerson: text('contact_person').notNull(),
    /** Returner mobile (09 + 8 digits). */
    contactPhone: varchar('contact_phone', { length: 20 }).notNull(),
    /** Returned items, at most 200 characters. */
    spec: text('spec').notNull(),
    /** Why, at most 200 characters. */
    reason: text('reason').notNull(),
    /** JSON list of 1..4 upload keys (spec §5). */
    pic: text('pic').notNull().default('[]'),
    ...refundAccountColumns(),
    /** ReturnStatus: 1 Returning ... 8 Cancel. */
    status: smallint('status').notNull().default(ReturnStatus.Returning),
    /** Amount refunded in NT$; NULL until decided. */
    refundAmount: integer('refund_amount'),
    /** When requested. */
    createdAt: createdAt(),
    ...staffDecision(),
  },
  (t) => [
    unique('uq_order_return_records_order_id').on(t.orderId),
    index('idx_order_return_records_member_id').on(t.memberId),
    index('idx_order_return_records_status').on(t.status),
    // The sales report lists the requests of a range (issue 42).
    index('idx_order_return_records_created_at').on(t.createdAt),
    check('order_return_records_status_known', sql`${t.status} BETWEEN 0 AND 8`),
    check('order_return_records_refund_non_negative', sql`${t.refundAmount} IS NULL OR ${t.refundAmount} >= 0`),
    refundAccountWhole('order_return_records', t),
  ],
);

/**
 * The order's history (issue 15): one row per lifecycle move, written in the transaction that made
 * it. The back office shows every row; the shopper sees the moves with their states' labels.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    /** Key; also the order of rows written in one transaction. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The order. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** What happened (OrderEvent of @shop/domain), or 'place' for the order's creation. */
    event: varchar('event', { length: 32 }).notNull(),
    /** State before (OrderState); NULL when the order was placed. */
    fromState: varchar('from_state', { length: 32 }),
    /** State after (OrderState). */
    toState: varchar('to_state', { length: 32 }).notNull(),
    /** Who: 'member' (the buyer; a guest has no id), 'staff', 'provider' or 'system'. */
    actor: varchar('actor', { length: 16 }).notNull(),
    /** The member's or staff member's id; NULL for guests, providers and the system. */
    actorId: integer('actor_id'),
    /** The provider's name ('ecpay'…) or the job's name, for those actors. */
    actorName: text('actor_name').notNull().default(''),
    /** Why, in the words of the person or provider (a note, a reason, a provider's message). */
    reason: text('reason').notNull().default(''),
    /** When. */
    createdAt: createdAt(),
  },
  (t) => [
    index('idx_order_events_order_id_id').on(t.orderId, t.id),
    check('order_events_actor_known', sql`${t.actor} IN ('member', 'staff', 'provider', 'system')`),
  ],
);

/** Raw payment-provider callbacks; the unique key makes a repeated callback a no-op. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    /** Key. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Provider, e.g. 'ecpay'. */
    provider: text('provider').notNull(),
    /** Our order number as sent to the provider. */
    merchantTradeNo: varchar('merchant_trade_no', { length: 20 }).notNull(),
    /** Provider's transaction number ('' when it sent none). */
    tradeNo: text('trade_no').notNull().default(''),
    /** Callback kind, e.g. 'paid', 'payment-info' (ATM account issued). */
    kind: text('kind').notNull(),
    /** The callback body as received. */
    raw: jsonb('raw').notNull(),
    /** Whether its signature (CheckMacValue) verified. */
    verified: boolean('verified').notNull().default(false),
    /** When received. */
    createdAt: createdAt(),
  },
  (t) => [
    unique('uq_payment_notifications_provider_kind_trade').on(t.provider, t.kind, t.merchantTradeNo, t.tradeNo),
    index('idx_payment_notifications_merchant_trade_no').on(t.merchantTradeNo),
  ],
);

/** Idempotency keys of POST /orders: a retried request returns the first response. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Key. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Member who sent the request. */
    memberId: belongsToMember(),
    /** The Idempotency-Key header value. */
    key: varchar('key', { length: 100 }).notNull(),
    /** Hash of the request body; the same key with another body is a conflict. */
    requestHash: text('request_hash').notNull(),
    /** Order it created; NULL while in flight or on failure. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Response body to replay; NULL while in flight. */
    response: jsonb('response'),
    /** When first seen; old keys are purged. */
    createdAt: createdAt(),
  },
  (t) => [
    unique('uq_idempotency_keys_member_id_key').on(t.memberId, t.key),
    index('idx_idempotency_keys_created_at').on(t.createdAt),
  ],
);

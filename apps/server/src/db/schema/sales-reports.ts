// The owner's numbers (issue 42): daily sums the order lifecycle keeps in the transaction of each
// payment and refund (docs/decisions/084), so a report of any range reads at most a few thousand
// small rows instead of scanning orders. Days are Taiwan calendar days (Asia/Taipei).
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/** Money in and out per Taiwan day, per way of paying and way of delivery. */
export const salesDaily = pgTable(
  'sales_daily',
  {
    /** The Taiwan day (yyyy-MM-dd) the money moved: paid_at for payments, the refund's day for refunds. */
    day: date('day', { mode: 'string' }).notNull(),
    /** PaymentMethod of the orders counted here. */
    paymentType: smallint('payment_type').notNull(),
    /** DeliveryMethod of the orders counted here. */
    deliveryMethod: smallint('delivery_method').notNull(),
    /** Orders paid that day. */
    orders: integer('orders').notNull().default(0),
    /** NT$ those orders paid (pay_amount: shipping in, points and discounts out). */
    paid: integer('paid').notNull().default(0),
    /** Refunds made that day. */
    refundCount: integer('refund_count').notNull().default(0),
    /** NT$ given back that day. */
    refunded: integer('refunded').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'pk_sales_daily', columns: [t.day, t.paymentType, t.deliveryMethod] }),
    check(
      'sales_daily_non_negative',
      sql`${t.orders} >= 0 AND ${t.paid} >= 0 AND ${t.refundCount} >= 0 AND ${t.refunded} >= 0`,
    ),
  ],
);

/** Units and line amounts per Taiwan day and product spec, of the orders paid that day. */
export const salesDailyProducts = pgTable(
  'sales_daily_products',
  {
    /** The Taiwan day the order was paid. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The product as the order's snapshot named it (no foreign key: a deleted product keeps its history). */
    productId: integer('product_id').notNull(),
    /** The spec; 0 for a line without one. */
    specId: integer('spec_id').notNull(),
    /** Product name at the latest sale. */
    name: text('name').notNull(),
    /** Spec label at the latest sale. */
    specName: text('spec_name').notNull().default(''),
    /** Units sold. */
    units: integer('units').notNull().default(0),
    /** NT$ of the lines (sale price × units, before order-wide discounts). */
    revenue: integer('revenue').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'pk_sales_daily_products', columns: [t.day, t.productId, t.specId] }),
    check('sales_daily_products_non_negative', sql`${t.units} >= 0 AND ${t.revenue} >= 0`),
  ],
);

/** Which members paid for an order on which Taiwan day: "members who bought" counts them once per range. */
export const salesMemberDays = pgTable(
  'sales_member_days',
  {
    /** The Taiwan day of the payment. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The buying member (guests are not counted). */
    memberId: integer('member_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'pk_sales_member_days', columns: [t.day, t.memberId] }),
    index('idx_sales_member_days_member_id').on(t.memberId),
  ],
);

/**
 * One row counting every change to the sums above and to the cancel and return requests, bumped in
 * the transaction that makes it: a report read under the same count reads the same figures, so a
 * process may keep its answer until the count moves (docs/decisions/093). A counter row, not a
 * sequence: writers take its lock in turn, so the counts commit in order and no reader can see a
 * higher count before a lower one's change.
 */
export const salesSummaryVersion = pgTable(
  'sales_summary_version',
  {
    /** Always 1: the table holds one row. */
    id: smallint('id').primaryKey().default(1),
    /** Payments, refunds, requests (made or handled) and rebuilds so far. */
    changes: integer('changes').notNull().default(0),
  },
  (t) => [check('sales_summary_version_one_row', sql`${t.id} = 1`)],
);

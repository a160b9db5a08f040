// Coupons the owner issues (issue 21 item 3, docs/decisions/061); their uses are in coupon-redemptions.ts.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, status, tstz, updatedAt, version } from './columns.ts';

/** A code a member types in the cart for an amount or a percent off. */
export const coupons = pgTable(
  'coupons',
  {
    /** Key. */
    id: id(),
    /** What the shopper types, stored upper-case (3–32 of A–Z 0–9 - _), unique. */
    code: varchar('code', { length: 32 }).notNull(),
    /** Name the cart and the order show (e.g. 夏季滿千折百). */
    name: text('name').notNull(),
    /** CouponKind: 1 Amount (NT$ off), 2 Percent (percent off). */
    kind: smallint('kind').notNull(),
    /** NT$ off for Amount; percent off (1–90) for Percent. */
    value: integer('value').notNull(),
    /** Goods amount after the other discounts the order must reach; 0 = none. */
    minSpend: integer('min_spend').notNull().default(0),
    /** First moment it may be used; NULL = from now. */
    validFrom: tstz('valid_from'),
    /** Moment it stops (exclusive); NULL = no end. */
    validUntil: tstz('valid_until'),
    /** Uses allowed in total; NULL = unlimited. */
    usageLimit: integer('usage_limit'),
    /** Uses held by orders now: raised by an order under the limit, lowered by its cancel. */
    usedCount: integer('used_count').notNull().default(0),
    /** Each member may hold one use. */
    perMemberOnce: boolean('per_member_once').notNull().default(false),
    /** Active / inactive (an inactive code reads as unknown). */
    status: status(),
    /** When created. */
    createdAt: createdAt(),
    /** When last edited. */
    updatedAt: updatedAt(),
    /** Optimistic-lock counter. */
    version: version(),
  },
  (t) => [
    unique('uq_coupons_code').on(t.code),
    check('coupons_kind_known', sql`${t.kind} IN (1, 2)`),
    check(
      'coupons_value_range',
      sql`(${t.kind} = 1 AND ${t.value} >= 1) OR (${t.kind} = 2 AND ${t.value} BETWEEN 1 AND 90)`,
    ),
    check('coupons_min_spend_non_negative', sql`${t.minSpend} >= 0`),
    check('coupons_usage_limit_positive', sql`${t.usageLimit} IS NULL OR ${t.usageLimit} >= 1`),
    // The last guard of the limit: no order can hold a use beyond it, whatever raced.
    check(
      'coupons_used_within_limit',
      sql`${t.usedCount} >= 0 AND (${t.usageLimit} IS NULL OR ${t.usedCount} <= ${t.usageLimit})`,
    ),
    check(
      'coupons_window_order',
      sql`${t.validFrom} IS NULL OR ${t.validUntil} IS NULL OR ${t.validFrom} <= ${t.validUntil}`,
    ),
  ],
);

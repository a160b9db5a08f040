// The uses of coupons by orders (issue 21 item 3, docs/decisions/061); written in the order's transaction.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { coupons } from './coupons.ts';
import { members } from './members.ts';
import { orders } from './orders.ts';

/** One order's use of one coupon; a cancelled order's use is released, not deleted (history). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    /** Key. */
    id: id(),
    /** The coupon; a used coupon cannot be deleted (deactivate it instead). */
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    /** The order that used it (one coupon per order). */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The member who used it; NULL once the account is deleted. */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** NT$ it took off the order. */
    discount: integer('discount').notNull(),
    /** When the order was placed. */
    createdAt: createdAt(),
    /** When the order's cancel gave the use back; NULL = held. */
    releasedAt: tstz('released_at'),
  },
  (t) => [
    unique('uq_coupon_redemptions_order_id').on(t.orderId),
    // A member's held uses of a coupon: the per-member check reads these.
    index('idx_coupon_redemptions_coupon_id_member_id')
      .on(t.couponId, t.memberId)
      .where(sql`${t.releasedAt} IS NULL`),
  ],
);

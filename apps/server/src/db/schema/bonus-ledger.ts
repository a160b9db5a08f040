// The bonus ledger has its own module because it points at both members and orders, and orders
// already point at members: kept in members.ts it made the two schema modules import each other.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { belongsToMember } from './members.ts';
import { orders } from './orders.ts';
import { staff } from './staff.ts';

/** Every change of a member's bonus points, so a balance can be explained. */
export const bonusLedger = pgTable(
  'bonus_ledger',
  {
    /** Key. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The member. */
    memberId: belongsToMember(),
    /** Points added (positive) or spent (negative). */
    delta: integer('delta').notNull(),
    /** Bonus balance after this entry. */
    balanceAfter: integer('balance_after').notNull(),
    /** BonusSource: 1 Admin, 2 Exchange (order use/earn). */
    source: smallint('source').notNull(),
    /** Why, in words (e.g. 「訂單折抵 S2024...」). */
    reason: text('reason').notNull().default(''),
    /** Order involved; NULL when not order related. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Staff member who granted it; NULL when automatic. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** When it happened. */
    createdAt: createdAt(),
  },
  (t) => [
    index('idx_bonus_ledger_member_id_created_at').on(t.memberId, t.createdAt),
    index('idx_bonus_ledger_order_id')
      .on(t.orderId)
      .where(sql`${t.orderId} IS NOT NULL`),
    check('bonus_ledger_balance_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

// 貨到通知 (issue 43 item 2, docs/decisions/086): members waiting for a sold-out spec to come back.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { productSpecs } from './catalogue.ts';
import { belongsToMember } from './members.ts';

/** One member waiting for one spec; it ends (notified_at set) when the stock returns and the alert is queued. */
export const restockSubscriptions = pgTable(
  'restock_subscriptions',
  {
    /** Key; DELETE /restock-subscriptions/{id} names it. */
    id: id(),
    /** Who waits. */
    memberId: belongsToMember(),
    /** The sold-out spec. */
    specId: integer('spec_id')
      .notNull()
      .references(() => productSpecs.id, { onDelete: 'cascade' }),
    /** When the member asked. */
    createdAt: createdAt(),
    /** When the stock returned and the alert was queued; NULL while waiting. */
    notifiedAt: tstz('notified_at'),
  },
  (t) => [
    // One open wait per member and spec; ended ones stay as the history of what was sent.
    uniqueIndex('uq_restock_subscriptions_waiting')
      .on(t.memberId, t.specId)
      .where(sql`${t.notifiedAt} IS NULL`),
    index('idx_restock_subscriptions_spec_waiting')
      .on(t.specId)
      .where(sql`${t.notifiedAt} IS NULL`),
  ],
);

// Messages to the shopper about an order (issue 17 item 4, docs/decisions/055): what was sent, how,
// and whether it went, for the order's 通知紀錄 in the back office; and which kinds the shop sends.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, unique, varchar } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { messageTryColumns } from './message-tries.ts';
import { orders } from './orders.ts';
import { staff } from './staff.ts';

/** One message of one order on one channel; a retried job updates its row, so nothing goes twice. */
export const orderMessages = pgTable(
  'order_messages',
  {
    /** Key. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The order it is about. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ...messageTryColumns(),
  },
  (t) => [
    unique('uq_order_messages_job_channel').on(t.jobId, t.channel),
    index('idx_order_messages_order_id').on(t.orderId, t.id),
    check('order_messages_channel_known', sql`${t.channel} IN ('sms', 'email', 'line')`),
    check('order_messages_status_known', sql`${t.status} IN ('queued', 'sent', 'failed', 'skipped')`),
  ],
);

/** A kind of message the shop switched off or on; a kind without a row is sent. */
export const orderMessageSwitches = pgTable('order_message_switches', {
  /** OrderMessageKind. */
  kind: varchar('kind', { length: 32 }).primaryKey(),
  /** Whether messages of this kind are sent. */
  enabled: boolean('enabled').notNull().default(true),
  /** Who last changed it. */
  updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
  /** When it last changed. */
  updatedAt: updatedAt(),
});

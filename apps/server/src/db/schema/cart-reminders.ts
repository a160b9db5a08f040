// Cart reminders (issue 43 item 3, docs/decisions/086): what the reminder sweep last saw of a member's
// cart, and the content it last reminded of, so the same content is never reminded twice.
import { pgTable, integer, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { members } from './members.ts';

/** One row per member whose cart the sweep has seen. */
export const cartReminderStates = pgTable('cart_reminder_states', {
  /** The member (one cart each). */
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  /** sha256 of the cart's lines when the sweep last looked. */
  fingerprint: text('fingerprint').notNull(),
  /** When that content came to be (the latest line change, or the sweep that first saw it). */
  changedAt: tstz('changed_at').notNull(),
  /** When the sweep last looked. */
  observedAt: tstz('observed_at').notNull(),
  /** The content last reminded of; '' when never. */
  remindedFingerprint: text('reminded_fingerprint').notNull().default(''),
  /** When the last reminder was queued. */
  remindedAt: tstz('reminded_at'),
});

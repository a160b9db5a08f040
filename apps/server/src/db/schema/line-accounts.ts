// LINE (issue 41, docs/decisions/083): which LINE account signs a member in, who follows the shop's
// official account, and the webhook deliveries already taken and LINE Login states already spent.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { tstz, updatedAt } from './columns.ts';
import { members } from './members.ts';

/** A member's LINE account: one LINE account per member, one member per LINE account. */
export const memberLineAccounts = pgTable(
  'member_line_accounts',
  {
    /** The member; a member links at most one LINE account. */
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** LINE's user id of the shop's channel (`U` and 32 hex digits, the id_token's `sub`). */
    lineUserId: varchar('line_user_id', { length: 64 }).notNull().unique('uq_member_line_accounts_line_user_id'),
    /** The LINE display name when linked, shown in the member centre. */
    displayName: text('display_name').notNull().default(''),
    /** Where the member wants order messages: 'line' (falls back to SMS) or 'sms'. */
    orderMessagesBy: varchar('order_messages_by', { length: 8 }).notNull().default('line'),
    /** When linked. */
    linkedAt: tstz('linked_at').notNull().defaultNow(),
    /** When the row last changed. */
    updatedAt: updatedAt(),
  },
  (t) => [check('member_line_accounts_channel_known', sql`${t.orderMessagesBy} IN ('line', 'sms')`)],
);

/** Whether a LINE user follows the shop's official account, as the last webhook event told. */
export const lineFollowers = pgTable('line_followers', {
  /** LINE's user id. */
  lineUserId: varchar('line_user_id', { length: 64 }).primaryKey(),
  /** true after a follow event, false after an unfollow (blocked). */
  following: boolean('following').notNull(),
  /** The event's own time: an older event arriving late does not undo a newer one. */
  eventAt: tstz('event_at').notNull(),
  /** When the row last changed. */
  updatedAt: updatedAt(),
});

/** Webhook events taken (webhookEventId), so a redelivery changes nothing. Swept after a week. */
export const lineWebhookEvents = pgTable(
  'line_webhook_events',
  {
    /** LINE's webhookEventId (a ULID). */
    webhookEventId: varchar('webhook_event_id', { length: 64 }).primaryKey(),
    /** When it was first received. */
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [index('idx_line_webhook_events_received_at').on(t.receivedAt)],
);

/** LINE Login states already used at the callback: a state comes back once. Swept once expired. */
export const lineLoginSpentStates = pgTable(
  'line_login_spent_states',
  {
    /** SHA-256 of the state, hex. */
    stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
    /** When the state's cookie expired; the row is useless after. */
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('idx_line_login_spent_states_expires_at').on(t.expiresAt)],
);

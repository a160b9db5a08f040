// Messages to the shopper about an order (issue 17 item 4, docs/decisions/055): what was sent, how,
// and whether it went, for the order's 通知紀錄 in the back office; and which kinds the shop sends.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';
import { jobs } from './jobs.ts';
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
    /** The job that sends it; with the channel, the message's identity. */
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** OrderMessageKind: placed, paid, shipped, arrived, picked_up, cancelled, refunded, return_approved, return_rejected. */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** 'sms', 'email' or 'line' (the official account's push, issue 41). */
    channel: varchar('channel', { length: 8 }).notNull(),
    /** Masked mobile number or email address (0912***678, w***@example.com); '' when there was none. */
    recipient: text('recipient').notNull().default(''),
    /** 'queued', 'sent', 'failed' (the last try failed; the job retries) or 'skipped' (switched off, refused by LINE). */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    /** Tries that reached the provider. */
    attempts: integer('attempts').notNull().default(0),
    /** The last failure, free of secrets; '' when none. */
    error: text('error').notNull().default(''),
    /** The provider's id of the message (the SMTP Message-ID, the SMS gateway's msgid); '' when none. */
    providerMessageId: text('provider_message_id').notNull().default(''),
    /**
     * The key sent with the SMS for the gateway to drop a repeat (Mitake's clientid), written before the
     * call; kept while an answer may have been lost, replaced after a refusal; '' when none.
     */
    providerRequestId: text('provider_request_id').notNull().default(''),
    /** When the provider took it. */
    sentAt: tstz('sent_at'),
    /** When first recorded. */
    createdAt: createdAt(),
    /** When the row last changed. */
    updatedAt: updatedAt(),
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

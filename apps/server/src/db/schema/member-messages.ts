// Short messages to a member that are not about an order (issue 43: 貨到通知, cart reminders), one row
// per job and channel, so a retried job never sends a channel twice (docs/decisions/086).
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';
import { jobs } from './jobs.ts';
import { members } from './members.ts';

/** One message of one job on one channel; a retried job updates its row. */
export const memberMessages = pgTable(
  'member_messages',
  {
    /** Key. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The member it went to. */
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The job that sends it; with the channel, the message's identity. */
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** MemberMessageKind: 'restock' or 'cart_reminder'. */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** 'sms' or 'email' (LINE joins here). */
    channel: varchar('channel', { length: 8 }).notNull(),
    /** Masked mobile number or email address; '' when there was none. */
    recipient: text('recipient').notNull().default(''),
    /** 'queued', 'sent', 'failed' (the last try failed; the job retries) or 'skipped'. */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    /** Tries that reached the provider. */
    attempts: integer('attempts').notNull().default(0),
    /** The last failure, free of secrets; '' when none. */
    error: text('error').notNull().default(''),
    /** The provider's id of the message; '' when none. */
    providerMessageId: text('provider_message_id').notNull().default(''),
    /** The key sent with the SMS for the gateway to drop a repeat, written before the call; '' when none. */
    providerRequestId: text('provider_request_id').notNull().default(''),
    /** When the provider took it. */
    sentAt: tstz('sent_at'),
    /** When first recorded. */
    createdAt: createdAt(),
    /** When the row last changed. */
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('uq_member_messages_job_channel').on(t.jobId, t.channel),
    index('idx_member_messages_member_id').on(t.memberId, t.id),
    check('member_messages_channel_known', sql`${t.channel} IN ('sms', 'email', 'line')`),
    check('member_messages_status_known', sql`${t.status} IN ('queued', 'sent', 'failed', 'skipped')`),
  ],
);

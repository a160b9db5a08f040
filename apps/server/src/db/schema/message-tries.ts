// The columns the order and member message logs share (docs/decisions/055, 086): one row per job
// and channel, so a retried job never sends a channel twice, and how its last try stands.
import { bigint, integer, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';
import { jobs } from './jobs.ts';

/** A message of one job on one channel, after the column naming whom it is about. */
export const messageTryColumns = () => ({
  /** The job that sends it; with the channel, the message's identity. */
  jobId: bigint('job_id', { mode: 'number' })
    .notNull()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  /**
   * OrderMessageKind (placed, paid, shipped, arrived, picked_up, cancelled, refunded, return_approved,
   * return_rejected) or MemberMessageKind ('restock', 'cart_reminder').
   */
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
});

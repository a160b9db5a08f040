// Outbox jobs (issue 15 item 2): work a transition causes elsewhere (a message, an invoice, a shipment,
// a refund), recorded in the transition's own transaction and run later by modules/jobs/job-runner.ts.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';

/** One unit of side-effect work; never deleted by the runner, a failed one waits for the back office. */
export const jobs = pgTable(
  'jobs',
  {
    /** Key; the "at most once" guarantee is per id. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** What to do, e.g. 'send-sms'; picks the handler. */
    kind: varchar('kind', { length: 64 }).notNull(),
    /** The handler's input; ids and values only, never secrets. */
    payload: jsonb('payload').notNull().default({}),
    /** Same work enqueued twice (a repeated transition) makes one job; NULL = no deduplication. */
    dedupeKey: text('dedupe_key'),
    /** 'queued' (waits for run_at), 'running' (taken by locked_by), 'done' or 'failed' (parked). */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    /** Tries so far, counted when a runner takes the job. */
    attempts: integer('attempts').notNull().default(0),
    /** Tries before the job is parked as failed. */
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Not before this time: the first try, or the next after a backoff. */
    runAt: tstz('run_at').notNull().defaultNow(),
    /** When a runner took it or last renewed its lease; with the lease length, when another runner may take it back. */
    lockedAt: tstz('locked_at'),
    /** Which runner process took it (host:pid:random). */
    lockedBy: text('locked_by'),
    /** The last try's error, truncated and free of secrets; '' when none. */
    lastError: text('last_error').notNull().default(''),
    /** When enqueued. */
    createdAt: createdAt(),
    /** When the row last changed. */
    updatedAt: updatedAt(),
    /** When it reached done or failed; NULL while it may still run. */
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    unique('uq_jobs_dedupe_key').on(t.dedupeKey),
    // The runner's poll reads only due queued jobs; done ones pile up without slowing it.
    index('idx_jobs_queued_run_at')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    // The back office lists failed jobs; expired leases are found among running ones.
    index('idx_jobs_status_updated_at').on(t.status, t.updatedAt),
    check('jobs_status_known', sql`${t.status} IN ('queued', 'running', 'done', 'failed')`),
    check('jobs_attempts_range', sql`${t.attempts} >= 0 AND ${t.maxAttempts} >= 1`),
  ],
);

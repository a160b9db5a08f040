// SQL of the jobs table. Only modules/jobs and the back office's admin-jobs service (through these
// functions) touch it.
import { and, asc, desc, eq, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { JobStatus } from '@shop/domain';
import type { Db, Tx } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';

export type JobRow = typeof jobs.$inferSelect;
type Executor = Db | Tx;

export interface NewJob {
  kind: string;
  payload: unknown;
  dedupeKey?: string | null;
  runAt?: Date;
  maxAttempts?: number;
}

/** Inserts a job; with a dedupe key already used, keeps the first job and returns its id. */
export async function insertJob(ex: Executor, job: NewJob): Promise<{ id: number; created: boolean }> {
  const [row] = await ex
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload ?? {},
      dedupeKey: job.dedupeKey ?? null,
      ...(job.runAt ? { runAt: job.runAt } : {}),
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  if (row) return { id: row.id, created: true };
  const [existing] = await ex.select({ id: jobs.id }).from(jobs).where(eq(jobs.dedupeKey, job.dedupeKey!));
  return { id: existing!.id, created: false };
}

/**
 * Takes up to `limit` due queued jobs for `workerId` in one statement (its own short transaction).
 * SKIP LOCKED lets several runners poll at once: each row is locked by the first and skipped by the
 * others, so no job is taken twice and nobody waits on a lock.
 */
export async function claimDueJobs(
  db: Db,
  { now, workerId, limit }: { now: Date; workerId: string; limit: number },
): Promise<JobRow[]> {
  // A CTE with FOR UPDATE is evaluated once, before the UPDATE: the rows it locked are the rows updated.
  const due = db.$with('due').as(
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)))
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(limit)
      .for('update', { skipLocked: true }),
  );
  return db
    .with(due)
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedAt: now,
      lockedBy: workerId,
      updatedAt: now,
    })
    .from(due)
    .where(eq(jobs.id, due.id))
    .returning();
}

/**
 * Running jobs whose lease ended before `expiredBefore` belong to a process that died (or hung):
 * they go back to the queue, or are parked when that was their last try. The try already counted.
 */
export async function recoverExpiredLeases(db: Db, { now, expiredBefore }: { now: Date; expiredBefore: Date }) {
  const lastTry = sql`${jobs.attempts} >= ${jobs.maxAttempts}`;
  return db
    .update(jobs)
    .set({
      status: sql`CASE WHEN ${lastTry} THEN 'failed' ELSE 'queued' END`,
      finishedAt: sql`CASE WHEN ${lastTry} THEN ${now.toISOString()}::timestamptz ELSE NULL END`,
      lastError: sql`'執行逾時，工作程序可能已中止 (lease expired, held by ' || coalesce(${jobs.lockedBy}, '?') || ')'`,
      runAt: now,
      lockedAt: null,
      lockedBy: null,
      updatedAt: now,
    })
    .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, expiredBefore)))
    .returning({ id: jobs.id, status: jobs.status });
}

// A runner only finishes a job it still holds: after its lease was recovered the row is someone else's.
const heldBy = (id: number, workerId: string) =>
  and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId));

/** Moves the lease of a job this runner still holds to `now`; false when the job is no longer its own. */
export async function renewLease(db: Db, id: number, workerId: string, now: Date): Promise<boolean> {
  const rows = await db.update(jobs).set({ lockedAt: now }).where(heldBy(id, workerId)).returning({ id: jobs.id });
  return rows.length > 0;
}

export async function markDone(db: Db, id: number, workerId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', lockedAt: null, lockedBy: null, updatedAt: now, finishedAt: now })
    .where(heldBy(id, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function markRetry(
  db: Db,
  id: number,
  workerId: string,
  { now, runAt, error }: { now: Date; runAt: Date; error: string },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'queued', runAt, lastError: error, lockedAt: null, lockedBy: null, updatedAt: now })
    .where(heldBy(id, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function markFailed(
  db: Db,
  id: number,
  workerId: string,
  { now, error }: { now: Date; error: string },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'failed', lastError: error, lockedAt: null, lockedBy: null, updatedAt: now, finishedAt: now })
    .where(heldBy(id, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** The back office's list: the most recently touched first. */
export async function findJobs(db: Db, status: JobStatus, limit: number, offset: number): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(eq(jobs.status, status))
    .orderBy(desc(jobs.updatedAt), desc(jobs.id))
    .limit(limit)
    .offset(offset);
}

export async function countJobs(db: Db, status: JobStatus): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.status, status));
  return row?.n ?? 0;
}

/** Locks the row so a retry and a runner (or two staff) cannot both act on it. */
export async function findJobForUpdate(tx: Tx, id: number): Promise<JobRow | undefined> {
  const [row] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
  return row;
}

export async function findJob(db: Db, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** The job a dedupe key made, if any: whether some work was ever asked for and how it went. */
export async function findJobByDedupeKey(db: Db, dedupeKey: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.dedupeKey, dedupeKey));
  return row;
}

/** A failed job starts over: all its tries again, from now. The last error stays until the next try. */
export async function requeueJob(tx: Tx, id: number, now: Date): Promise<JobRow> {
  const [row] = await tx
    .update(jobs)
    .set({
      status: 'queued',
      attempts: 0,
      runAt: now,
      lockedAt: null,
      lockedBy: null,
      finishedAt: null,
      updatedAt: now,
    })
    .where(eq(jobs.id, id))
    .returning();
  return row!;
}

/** An order's parked jobs (a refund or an invoice the provider refused), newest first. */
export async function findFailedJobsOfOrder(db: Db, orderId: number): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, 'failed'), sql`${jobs.payload}->>'orderId' = ${String(orderId)}`))
    .orderBy(desc(jobs.updatedAt), desc(jobs.id))
    .limit(20);
}

export interface JobKindTotals {
  kind: string;
  /** Jobs waiting to run, due or backing off. */
  queued: number;
  /** Seconds the longest-waiting due job is past its run time; 0 when none is due. */
  oldestDueSeconds: number;
  /** Jobs parked as failed, waiting for the back office. */
  failed: number;
}

/** Queued and failed jobs by kind, for the metrics (docs/decisions/080); reads idx_jobs_status_updated_at. */
export async function jobTotalsByKind(db: Db, now: Date): Promise<JobKindTotals[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const queued = sql`${jobs.status} = 'queued'`;
  return db
    .select({
      kind: jobs.kind,
      queued: sql<number>`count(*) FILTER (WHERE ${queued})`.mapWith(Number),
      oldestDueSeconds:
        sql<number>`coalesce(extract(epoch FROM ${at} - min(${jobs.runAt}) FILTER (WHERE ${queued} AND ${jobs.runAt} <= ${at})), 0)`.mapWith(
          Number,
        ),
      failed: sql<number>`count(*) FILTER (WHERE ${jobs.status} = 'failed')`.mapWith(Number),
    })
    .from(jobs)
    .where(inArray(jobs.status, ['queued', 'failed']))
    .groupBy(jobs.kind);
}

export interface KindFailures {
  kind: string;
  /** Jobs whose last try failed. */
  jobs: number;
  /** Their failed tries: every try so far but one still running (tries before `since` included). */
  failures: number;
}

/**
 * Jobs of each kind whose last try, at or after `since`, failed: waiting to try again, running again
 * or parked. The back-office home reads it to name a provider that keeps failing (issue 39 item 8);
 * from the table, so every process's failures count.
 */
export async function recentFailuresByKind(db: Db, since: Date): Promise<KindFailures[]> {
  return db
    .select({
      kind: jobs.kind,
      jobs: sql<number>`count(*)`.mapWith(Number),
      // A running job's current try has not failed (yet).
      failures:
        sql<number>`coalesce(sum(CASE WHEN ${jobs.status} = 'running' THEN ${jobs.attempts} - 1 ELSE ${jobs.attempts} END), 0)`.mapWith(
          Number,
        ),
    })
    .from(jobs)
    .where(
      and(inArray(jobs.status, ['queued', 'running', 'failed']), gte(jobs.updatedAt, since), ne(jobs.lastError, '')),
    )
    .groupBy(jobs.kind);
}

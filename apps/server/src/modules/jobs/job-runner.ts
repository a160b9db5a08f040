// Runs outbox jobs (issue 15 item 2, docs/decisions/038): retries with backoff, parks a job after its
// last try, and is safe with several processes on one PostgreSQL (and alone on the embedded PGlite).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { jobBackoffMs } from '@shop/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import * as repo from './jobs.repository.ts';

export interface JobContext {
  /** Stable across tries: use it as the provider's idempotency key, so a repeated try is harmless. */
  jobId: number;
  /** This try, from 1. */
  attempt: number;
  maxAttempts: number;
  /**
   * Aborted when the job stopped being this runner's: its lease was taken by another runner, or could
   * not be renewed for a whole lease (the database is out of reach). Check it before a provider call:
   * another runner may be doing the same work.
   */
  signal: AbortSignal;
}

export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>;

/** What the handlers of a module that calls a provider (payments, invoices) are built from, by main.ts. */
export interface ProviderJobDeps {
  db: Db;
  config: Config;
  /** The clock of each try; the real one unless a test sets it. */
  now?: () => Date;
  log: JobLog;
}

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobRunnerOptions {
  db: Db;
  /** kind → handler; a job whose kind is missing here is parked as failed. */
  handlers: Record<string, JobHandler>;
  now?: () => Date;
  log?: JobLog;
  /** Names this process in locked_by; unique per process. */
  workerId?: string;
  /** Wait between polls when the queue was empty. */
  pollMs?: number;
  /**
   * How long a taken job stays this runner's without news from it; the runner renews it every third of
   * this while the handler runs, so only a runner that died or lost its database lets it lapse.
   */
  leaseMs?: number;
  /** Wait after the n-th failed try. */
  backoff?: (attempts: number) => number;
  /** Jobs taken per poll. */
  batchSize?: number;
}

export interface RunReport {
  recovered: number;
  claimed: number;
  done: number;
  retried: number;
  failed: number;
}

export interface JobRunner {
  /** One poll: recover expired leases, take due jobs, run them. Resolves when they all finished. */
  runOnce(): Promise<RunReport>;
  start(): void;
  /** Stops polling and waits for the handlers that are running. */
  stop(): Promise<void>;
}

const ERROR_MAX = 1_000;

// Provider errors can echo a request: keep a key's name and drop its value, whatever the spelling.
const SECRET_PATTERNS: [RegExp, string][] = [
  [/(bearer|basic)\s+[\w.~+/=-]+/gi, '$1 [hidden]'],
  [/\/\/([^:@/\s]+):[^@/\s]*@/g, '//$1:[hidden]@'],
  [
    /\b(pass(?:word)?|secret|token|api[-_]?key|hash[-_]?(?:key|iv)|channel[-_]?secret|authorization|checkmacvalue)(["']?\s*[:=]\s*["']?)(?!bearer\b|basic\b|\[hidden\])[^\s"'&,;}]+/gi,
    '$1$2[hidden]',
  ],
];

/** The error as stored in last_error and logged: a message without secrets, at most 1,000 characters. */
export function describeJobError(err: unknown): string {
  let text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  for (const [pattern, replacement] of SECRET_PATTERNS) text = text.replace(pattern, replacement);
  return text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX - 1)}…` : text;
}

const silentLog: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

/** The runner's options with every default filled in. */
type Runner = Required<JobRunnerOptions>;

/**
 * Renews the job's lease every third of it while its handler runs (decision 077), so a job is taken
 * back within a lease of its runner dying or losing the database, however long a handler takes.
 * Aborts the handler's signal when the row is someone else's, or when no renewal got through for a
 * whole lease: by then another runner may have taken the job, and both must not call the provider.
 */
function holdLease({ db, workerId, now, log, leaseMs }: Runner, job: repo.JobRow) {
  const control = new AbortController();
  let renewedAt = job.lockedAt?.getTime() ?? now().getTime();
  let renewing = false;
  const lose = (reason: string) => {
    clearInterval(timer);
    if (!control.signal.aborted) control.abort(new Error(reason));
  };
  const timer = setInterval(
    () => {
      if (renewing || control.signal.aborted) return;
      renewing = true;
      const at = now();
      repo
        .renewLease(db, job.id, workerId, at)
        .then(
          (held) => {
            if (held) renewedAt = at.getTime();
            else lose('the job was taken back by another runner');
          },
          (err: unknown) => {
            log.warn({ jobId: job.id, error: describeJobError(err) }, 'job lease not renewed');
            if (now().getTime() - renewedAt >= leaseMs) lose('the job lease lapsed without renewal');
          },
        )
        .finally(() => (renewing = false));
    },
    Math.max(1, Math.floor(leaseMs / 3)),
  );
  // The runner never keeps the process alive on its own; the server does.
  timer.unref();
  return {
    signal: control.signal,
    release: () => clearInterval(timer),
  };
}

/** A handler threw: the job is tried again after its backoff, or parked after its last try. */
async function recordFailure(runner: Runner, job: repo.JobRow, err: unknown, report: RunReport): Promise<void> {
  const { db, workerId, now, log, backoff } = runner;
  const error = describeJobError(err);
  const at = now();
  if (job.attempts >= job.maxAttempts) {
    if (await repo.markFailed(db, job.id, workerId, { now: at, error })) report.failed++;
    log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, error }, 'job parked as failed');
  } else {
    const runAt = new Date(at.getTime() + backoff(job.attempts));
    if (await repo.markRetry(db, job.id, workerId, { now: at, runAt, error })) report.retried++;
    log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, runAt, error }, 'job will be retried');
  }
}

async function runJob(runner: Runner, job: repo.JobRow, report: RunReport): Promise<void> {
  const { db, handlers, workerId, now, log } = runner;
  const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
  if (!handler) {
    const error = `沒有處理「${job.kind}」的程式 (no handler for job kind "${job.kind}")`;
    if (await repo.markFailed(db, job.id, workerId, { now: now(), error })) report.failed++;
    log.error({ jobId: job.id, kind: job.kind }, 'job parked: no handler');
    return;
  }
  const lease = holdLease(runner, job);
  try {
    await handler(job.payload, {
      jobId: job.id,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      signal: lease.signal,
    });
  } catch (err) {
    lease.release();
    if (lease.signal.aborted) {
      log.warn({ jobId: job.id, kind: job.kind, error: describeJobError(err) }, 'job stopped: its lease was lost');
      return;
    }
    return recordFailure(runner, job, err, report);
  }
  lease.release();
  if (await repo.markDone(db, job.id, workerId, now())) report.done++;
  else log.warn({ jobId: job.id, kind: job.kind }, 'job finished after its lease was taken back');
}

async function runOnce(runner: Runner): Promise<RunReport> {
  const { db, workerId, now, log, leaseMs, batchSize } = runner;
  const at = now();
  const recovered = await repo.recoverExpiredLeases(db, { now: at, expiredBefore: new Date(at.getTime() - leaseMs) });
  for (const job of recovered) log.warn({ jobId: job.id, status: job.status }, 'expired job lease recovered');
  // Claimed in their own statement and run outside it: a slow provider must not hold row locks.
  const claimed = await repo.claimDueJobs(db, { now: at, workerId, limit: batchSize });
  const report: RunReport = { recovered: recovered.length, claimed: claimed.length, done: 0, retried: 0, failed: 0 };
  await Promise.all(
    claimed.map((job) =>
      // A lost database connection while recording the outcome leaves the job running; its lease
      // expires and another poll takes it back.
      runJob(runner, job, report).catch((err: unknown) =>
        log.error({ jobId: job.id, error: describeJobError(err) }, 'job outcome not recorded'),
      ),
    ),
  );
  return report;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const {
    db,
    handlers,
    now = () => new Date(),
    log = silentLog,
    workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    pollMs = 5_000,
    leaseMs = 60_000,
    backoff = jobBackoffMs,
    batchSize = 10,
  } = options;
  const runner: Runner = { db, handlers, now, log, workerId, pollMs, leaseMs, backoff, batchSize };

  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;
  let running = false;

  function schedule(delayMs: number) {
    if (!running) return;
    timer = setTimeout(tick, delayMs);
    // The runner never keeps the process alive on its own; the server does.
    timer.unref();
  }

  function tick() {
    timer = undefined;
    current = runOnce(runner).then(
      (report) => report.claimed >= batchSize, // a full batch: more may be due, poll again at once
      (err: unknown) => {
        log.warn({ error: describeJobError(err) }, 'job poll failed');
        return false;
      },
    );
    void current.then((more) => {
      current = undefined;
      schedule(more ? 0 : pollMs);
    });
  }

  return {
    runOnce: () => runOnce(runner),
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current;
    },
  };
}

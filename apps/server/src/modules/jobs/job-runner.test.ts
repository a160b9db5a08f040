import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../../db/test-database.ts';
import { createJobRunner, describeJobError, type JobHandler } from './job-runner.ts';
import { enqueueJob } from './outbox.ts';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.cleanup());

/** A clock the test moves by hand. */
function clock(start = '2026-11-25T10:00:00Z') {
  let t = new Date(start).getTime();
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

// Each test uses its own kind, so runners only meet their own jobs' handlers and outcomes.
let kindSeq = 0;
const newKind = () => `test-kind-${++kindSeq}`;

async function enqueue(kind: string, payload: Record<string, unknown> = {}, runAt?: Date, dedupeKey?: string) {
  return db.transaction((tx) => enqueueJob(tx, { kind, payload, runAt, dedupeKey }));
}

async function jobRow(id: number) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

/**
 * The database as one runner reaches it, until the test cuts the link: then every statement fails at
 * once, as on a connection that was dropped (or a process that is gone).
 */
function cuttable(target: Db) {
  let cut = false;
  const handle = new Proxy(target, {
    get(obj, prop, receiver) {
      const value: unknown = Reflect.get(obj, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (cut) throw new Error('Connection terminated unexpectedly');
        return (value as (...a: unknown[]) => unknown).apply(obj, args);
      };
    },
  });
  return { db: handle, cut: () => void (cut = true) };
}

/** Parks whatever earlier tests left queued or running, so a runner with other handlers does not touch it. */
async function clearQueue() {
  await db
    .update(jobs)
    .set({ status: 'done' })
    .where(inArray(jobs.status, ['queued', 'running']));
}

describe('job runner', () => {
  it('never runs a job enqueued in a transaction that rolled back', async () => {
    await clearQueue();
    const kind = newKind();
    const ran: unknown[] = [];
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob(tx, { kind, payload: { n: 1 } });
        throw new Error('transition refused');
      }),
    ).rejects.toThrow('transition refused');
    const c = clock();
    const runner = createJobRunner({ db, now: c.now, handlers: { [kind]: async (p) => void ran.push(p) } });
    const report = await runner.runOnce();
    expect(report.claimed).toBe(0);
    expect(ran).toEqual([]);
    expect(await db.select().from(jobs).where(eq(jobs.kind, kind))).toEqual([]);
  });

  it('runs a job once and marks it done', async () => {
    await clearQueue();
    const kind = newKind();
    const c = clock();
    const seen: { payload: unknown; jobId: number; attempt: number }[] = [];
    const { id } = await enqueue(kind, { orderId: 7 }, c.now());
    const runner = createJobRunner({
      db,
      now: c.now,
      workerId: 'w1',
      handlers: { [kind]: async (payload, ctx) => void seen.push({ payload, jobId: ctx.jobId, attempt: ctx.attempt }) },
    });
    expect(await runner.runOnce()).toMatchObject({ claimed: 1, done: 1 });
    expect(await runner.runOnce()).toMatchObject({ claimed: 0 });
    expect(seen).toEqual([{ payload: { orderId: 7 }, jobId: id, attempt: 1 }]);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedBy: null, lockedAt: null });
    expect(row.finishedAt).toEqual(c.now());
  });

  it('does not run a job before its run_at', async () => {
    await clearQueue();
    const kind = newKind();
    const c = clock();
    let runs = 0;
    const { id } = await enqueue(kind, {}, new Date(c.now().getTime() + 60_000));
    const runner = createJobRunner({ db, now: c.now, handlers: { [kind]: async () => void runs++ } });
    await runner.runOnce();
    expect(runs).toBe(0);
    c.advance(60_000);
    await runner.runOnce();
    expect(runs).toBe(1);
    expect((await jobRow(id)).status).toBe('done');
  });

  it('retries a failing job with backoff and parks it as failed after five tries, with its last error', async () => {
    await clearQueue();
    const kind = newKind();
    const c = clock();
    let tries = 0;
    const failing: JobHandler = async () => {
      tries++;
      throw new Error(`gateway down (try ${tries}) password=hunter2`);
    };
    const { id } = await enqueue(kind, {}, c.now());
    const runner = createJobRunner({ db, now: c.now, handlers: { [kind]: failing } });

    const waits = [30_000, 120_000, 600_000, 3_600_000];
    for (const [i, wait] of waits.entries()) {
      expect(await runner.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
      const row = await jobRow(id);
      expect(row).toMatchObject({ status: 'queued', attempts: i + 1 });
      expect(row.runAt).toEqual(new Date(c.now().getTime() + wait));
      // Not due a moment before its backoff ends: a provider that is down is not hammered.
      c.advance(wait - 1);
      expect(await runner.runOnce()).toMatchObject({ claimed: 0 });
      c.advance(1);
    }
    expect(await runner.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    const parked = await jobRow(id);
    expect(parked).toMatchObject({ status: 'failed', attempts: 5 });
    expect(parked.lastError).toBe('Error: gateway down (try 5) password=[hidden]');
    expect(parked.finishedAt).toEqual(c.now());
    c.advance(24 * 3_600_000);
    expect(await runner.runOnce()).toMatchObject({ claimed: 0 });
    expect(tries).toBe(5);
  });

  it('makes one job of the same work enqueued twice with a dedupe key', async () => {
    await clearQueue();
    const kind = newKind();
    const c = clock();
    const first = await enqueue(kind, { n: 1 }, c.now(), `${kind}:order-1`);
    const second = await enqueue(kind, { n: 2 }, c.now(), `${kind}:order-1`);
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    const ran: unknown[] = [];
    await createJobRunner({ db, now: c.now, handlers: { [kind]: async (p) => void ran.push(p) } }).runOnce();
    expect(ran).toEqual([{ n: 1 }]);
  });

  it('renews the lease of a job while its handler runs, so no other runner takes it', async () => {
    await clearQueue();
    const kind = newKind();
    const c = clock();
    const { id } = await enqueue(kind, {}, c.now());
    let release!: () => void;
    let runs = 0;
    let signal: AbortSignal | undefined;
    // A short lease on real timers: renewed every 100 ms while the handler waits for the test.
    const slow = createJobRunner({
      db,
      now: c.now,
      workerId: 'slow',
      leaseMs: 300,
      handlers: {
        [kind]: async (_payload, ctx) => {
          runs++;
          signal = ctx.signal;
          await new Promise<void>((resolve) => (release = resolve));
        },
      },
    });
    const running = slow.runOnce();
    await expect.poll(async () => (await jobRow(id)).status).toBe('running');

    // Longer than the lease passes; the runner is alive, so its renewal moves the lease on.
    c.advance(301);
    await expect.poll(async () => (await jobRow(id)).lockedAt?.getTime()).toBe(c.now().getTime());
    const other = createJobRunner({
      db,
      now: c.now,
      workerId: 'other',
      leaseMs: 300,
      handlers: { [kind]: async () => {} },
    });
    expect(await other.runOnce()).toMatchObject({ recovered: 0, claimed: 0 });

    release();
    expect(await running).toMatchObject({ claimed: 1, done: 1 });
    expect(runs).toBe(1);
    expect(signal?.aborted).toBe(false);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
  });

  it('takes back a job whose runner lost its database (or died) once the lease lapsed, and tells that runner to stop', async () => {
    await clearQueue();
    const kind = newKind();
    const c = clock();
    const { id } = await enqueue(kind, {}, c.now());
    const link = cuttable(db);
    let stopped: unknown;
    let failedRenewals = 0;
    const dying = createJobRunner({
      db: link.db,
      now: c.now,
      workerId: 'dead',
      leaseMs: 300,
      log: { info() {}, error() {}, warn: (_obj, msg) => void (msg === 'job lease not renewed' && failedRenewals++) },
      handlers: {
        // A provider call that hangs until the runner gives the job up.
        [kind]: (_payload, ctx) =>
          new Promise<void>((_resolve, reject) =>
            ctx.signal.addEventListener('abort', () => reject((stopped = ctx.signal.reason))),
          ),
      },
    });
    const dyingRun = dying.runOnce();
    await expect.poll(async () => (await jobRow(id)).status).toBe('running');
    expect(await jobRow(id)).toMatchObject({ lockedBy: 'dead', attempts: 1 });
    link.cut();
    // A renewal sent just before the cut may still be waiting on the row when the survivor takes it
    // back, and SKIP LOCKED would pass the row over; one that failed after the cut means none is left.
    await expect.poll(() => failedRenewals).toBeGreaterThan(0);

    let runs = 0;
    const survivor = createJobRunner({
      db,
      now: c.now,
      workerId: 'alive',
      leaseMs: 300,
      handlers: { [kind]: async () => void runs++ },
    });
    expect(await survivor.runOnce()).toMatchObject({ recovered: 0, claimed: 0 });
    c.advance(301);
    expect(await survivor.runOnce()).toMatchObject({ recovered: 1, claimed: 1, done: 1 });
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });

    // The cut-off runner's handler learns that its lease lapsed, and records nothing.
    expect(await dyingRun).toMatchObject({ claimed: 1, done: 0, retried: 0, failed: 0 });
    expect(String(stopped)).toContain('lapsed');
  });

  it('tells a running handler when another runner holds its job', async () => {
    await clearQueue();
    const kind = newKind();
    const c = clock();
    const { id } = await enqueue(kind, {}, c.now());
    let sendsAfterLoss = 0;
    const runner = createJobRunner({
      db,
      now: c.now,
      workerId: 'first',
      leaseMs: 300,
      handlers: {
        [kind]: async (_payload, ctx) => {
          await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
          // A handler that checks the signal before calling its provider sends nothing more.
          if (!ctx.signal.aborted) sendsAfterLoss++;
          ctx.signal.throwIfAborted();
        },
      },
    });
    const run = runner.runOnce();
    await expect.poll(async () => (await jobRow(id)).status).toBe('running');
    // What a runner that took the job back after a stall leaves in the row.
    await db.update(jobs).set({ lockedBy: 'second', attempts: 2 }).where(eq(jobs.id, id));
    expect(await run).toMatchObject({ claimed: 1, done: 0, retried: 0, failed: 0 });
    expect(sendsAfterLoss).toBe(0);
    expect(await jobRow(id)).toMatchObject({ status: 'running', lockedBy: 'second', attempts: 2, lastError: '' });
  });

  it('parks a recovered job that had used its last try', async () => {
    await clearQueue();
    const kind = newKind();
    const c = clock();
    const { id } = await enqueue(kind, {}, c.now());
    await db
      .update(jobs)
      .set({ status: 'running', attempts: 5, lockedAt: c.now(), lockedBy: 'dead' })
      .where(eq(jobs.id, id));
    c.advance(10 * 60_000);
    const runner = createJobRunner({ db, now: c.now, leaseMs: 60_000, handlers: {} });
    expect(await runner.runOnce()).toMatchObject({ recovered: 1, claimed: 0 });
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 5, lockedBy: null });
    expect(row.lastError).toContain('lease expired');
  });

  it('parks a job whose kind has no handler, with a clear error', async () => {
    await clearQueue();
    const kind = newKind();
    const c = clock();
    const { id } = await enqueue(kind, {}, c.now());
    const runner = createJobRunner({ db, now: c.now, handlers: {} });
    expect(await runner.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toBe(`沒有處理「${kind}」的程式 (no handler for job kind "${kind}")`);
  });

  it('start() polls and stop() waits for the running handler', async () => {
    await clearQueue();
    const kind = newKind();
    let release!: () => void;
    let finished = false;
    const { id } = await enqueue(kind, {});
    const runner = createJobRunner({
      db,
      pollMs: 10,
      handlers: {
        [kind]: async () => {
          await new Promise<void>((resolve) => (release = resolve));
          finished = true;
        },
      },
    });
    runner.start();
    await expect.poll(async () => (await jobRow(id)).status).toBe('running');
    const stopped = runner.stop();
    release();
    await stopped;
    expect(finished).toBe(true);
    expect((await jobRow(id)).status).toBe('done');
  });
});

describe('describeJobError', () => {
  it.each([
    [new Error('401 Authorization: Bearer abc.def-ghi'), 'Error: 401 Authorization: Bearer [hidden]'],
    ['connect postgres://shop:s3cret@db/shop failed', 'connect postgres://shop:[hidden]@db/shop failed'],
    ['HashKey=5294y06JbISpM5x9&HashIV=v77hoKGq4kWxNNIS', 'HashKey=[hidden]&HashIV=[hidden]'],
    ['{"channelSecret":"abc123"}', '{"channelSecret":"[hidden]"}'],
  ])('%s → %s', (err, text) => {
    expect(describeJobError(err)).toBe(text);
  });

  it('keeps at most 1,000 characters', () => {
    expect(describeJobError('x'.repeat(5_000))).toHaveLength(1_000);
  });
});

// Separate pools are separate processes as far as PostgreSQL's row locks are concerned.
describe.skipIf(!process.env.DATABASE_URL)('several runners on one PostgreSQL', () => {
  const handles: Database[] = [];
  afterAll(async () => {
    // One was closed by its test on purpose; closing it again only fails.
    await Promise.allSettled(handles.map((h) => h.close()));
  });

  /** A second connection pool on the test's database: another process, as PostgreSQL sees it. */
  async function anotherProcess(): Promise<Database> {
    const url = new URL(process.env.DATABASE_URL!);
    const result = (await db.execute(sql`SELECT current_database() AS name`)) as unknown as {
      rows: { name: string }[];
    };
    url.pathname = `/${result.rows[0]!.name}`;
    const handle = await openDatabase({ url: url.toString() });
    handles.push(handle);
    return handle;
  }

  it('takes back the job of a process whose connections were closed under it', async () => {
    await clearQueue();
    const kind = newKind();
    const c = clock();
    const { id } = await enqueue(kind, {}, c.now());
    const lost = await anotherProcess();
    let stopped = false;
    const cutOff = createJobRunner({
      db: lost.db,
      now: c.now,
      workerId: 'cut-off',
      leaseMs: 300,
      handlers: {
        [kind]: (_payload, ctx) =>
          new Promise<void>((_resolve, reject) =>
            ctx.signal.addEventListener('abort', () => {
              stopped = true;
              reject(ctx.signal.reason as Error);
            }),
          ),
      },
    });
    const run = cutOff.runOnce();
    await expect.poll(async () => (await jobRow(id)).lockedBy).toBe('cut-off');
    await lost.close();

    let runs = 0;
    const survivor = createJobRunner({ db, now: c.now, leaseMs: 300, handlers: { [kind]: async () => void runs++ } });
    c.advance(301);
    expect(await survivor.runOnce()).toMatchObject({ recovered: 1, claimed: 1, done: 1 });
    expect(await run).toMatchObject({ done: 0, retried: 0, failed: 0 });
    expect(stopped).toBe(true);
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('runs each of 200 jobs exactly once', async () => {
    await clearQueue();
    const kind = newKind();
    const ids: number[] = [];
    for (let i = 0; i < 200; i++) ids.push((await enqueue(kind, { i })).id);
    const processes = [await anotherProcess(), await anotherProcess(), await anotherProcess()];

    const runs = new Map<number, string[]>();
    const runners = processes.map((h, i) =>
      createJobRunner({
        db: h.db,
        workerId: `process-${i}`,
        batchSize: 7,
        handlers: {
          [kind]: async (_payload, ctx) => {
            runs.set(ctx.jobId, [...(runs.get(ctx.jobId) ?? []), `process-${i}`]);
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
          },
        },
      }),
    );
    const drain = async (runner: (typeof runners)[number]) => {
      while ((await runner.runOnce()).claimed > 0);
    };
    await Promise.all(runners.map(drain));

    expect(runs.size).toBe(200);
    expect([...runs.values()].every((who) => who.length === 1)).toBe(true);
    // All three took part, or the test proved nothing about concurrency.
    expect(new Set([...runs.values()].flat()).size).toBe(3);
    const rows = await db
      .select({ status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(eq(jobs.kind, kind));
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const NOW = new Date('2026-11-25T04:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t?.close());

async function insertJob(values: Partial<typeof jobs.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(jobs)
    .values({ kind: 'send-sms', payload: { orderId: 1 }, ...values })
    .returning();
  return row!;
}

describe('who may see and retry background jobs', () => {
  it('staff and owner may; a member token, the guest credential and no token may not', async () => {
    expect((await t.asStaff('staff', 'GET', '/api/v1/admin/jobs')).statusCode).toBe(200);
    expect((await t.asStaff('owner', 'GET', '/api/v1/admin/jobs')).statusCode).toBe(200);
    expect([401, 403]).toContain((await t.asMember(1, 'GET', '/api/v1/admin/jobs')).statusCode);
    expect((await t.guest('GET', '/api/v1/admin/jobs')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/jobs' })).statusCode).toBe(401);
    expect([401, 403]).toContain((await t.asMember(1, 'POST', '/api/v1/admin/jobs/1/retry')).statusCode);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/admin/jobs/1/retry' })).statusCode).toBe(401);
  });
});

describe('GET /admin/jobs', () => {
  it('lists failed jobs by default, newest change first, paged with X-Total-Count', async () => {
    const older = await insertJob({
      status: 'failed',
      attempts: 5,
      lastError: 'Error: gateway down',
      updatedAt: new Date('2026-11-24T01:00:00Z'),
    });
    const newer = await insertJob({
      kind: 'issue-invoice',
      status: 'failed',
      attempts: 5,
      lastError: 'Error: timeout',
      updatedAt: new Date('2026-11-25T01:00:00Z'),
    });
    await insertJob({ status: 'queued' });
    await insertJob({ status: 'done' });

    const res = await t.asStaff('staff', 'GET', '/api/v1/admin/jobs?size=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: newer.id,
        kind: 'issue-invoice',
        status: 'failed',
        attempts: 5,
        max_attempts: 5,
        last_error: 'Error: timeout',
        updated_at: '2026-11-25T01:00:00.000Z',
      }),
    ]);
    const page2 = await t.asStaff('staff', 'GET', '/api/v1/admin/jobs?status=failed&page=2&size=1');
    expect(page2.json().data.map((j: { id: number }) => j.id)).toEqual([older.id]);
    const queued = await t.asStaff('staff', 'GET', '/api/v1/admin/jobs?status=queued');
    expect(queued.json().data.every((j: { status: string }) => j.status === 'queued')).toBe(true);
  });

  it('answers a bad filter with a zh-TW message', async () => {
    const res = await t.asStaff('staff', 'GET', '/api/v1/admin/jobs?status=lost&size=500');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('工作狀態不正確');
  });
});

describe('POST /admin/jobs/:id/retry', () => {
  it('re-queues a failed job with its tries reset and writes an audit row', async () => {
    const job = await insertJob({
      status: 'failed',
      attempts: 5,
      lastError: 'Error: gateway down',
      runAt: new Date('2026-11-20T00:00:00Z'),
      finishedAt: new Date('2026-11-20T01:00:00Z'),
    });
    const res = await t.asStaff('staff', 'POST', `/api/v1/admin/jobs/${job.id}/retry`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: job.id, status: 'queued', attempts: 0, run_at: NOW.toISOString() });

    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: 'queued', attempts: 0, runAt: NOW, finishedAt: null });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'jobs'), eq(auditLog.entityId, String(job.id))));
    expect(audit).toEqual([
      expect.objectContaining({
        staffId: await t.staffId('staff'),
        action: 'retry-job',
        before: { status: 'failed', attempts: 5, last_error: 'Error: gateway down' },
        after: { status: 'queued', attempts: 0, run_at: NOW.toISOString() },
      }),
    ]);
  });

  it.each([
    ['queued', '等待執行'],
    ['running', '執行中'],
    ['done', '已完成'],
  ] as const)('refuses a %s job with 409 naming its state', async (status, label) => {
    const job = await insertJob({ status });
    const res = await t.asStaff('staff', 'POST', `/api/v1/admin/jobs/${job.id}/retry`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(`此背景工作目前為「${label}」，只有失敗的工作可以重新執行`);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row!.status).toBe(status);
  });

  it('answers 404 for no such job and 400 for a bad id, in zh-TW', async () => {
    const missing = await t.asStaff('staff', 'POST', '/api/v1/admin/jobs/999999/retry');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('找不到此背景工作');
    const bad = await t.asStaff('staff', 'POST', '/api/v1/admin/jobs/abc/retry');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('編號格式錯誤');
  });
});

// Background jobs (issue 15 item 2): when a failed try is tried again, and the back office's list filter.
import { z } from 'zod';
import { adminPageQuery } from './admin-order-schemas.ts';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** zh-TW names of the states, for the back office and its 409 messages. */
export const JOB_STATUS_LABEL: Record<JobStatus, string> = {
  queued: '等待執行',
  running: '執行中',
  done: '已完成',
  failed: '失敗',
};

/** Tries before a job is parked as failed (issue 15: "a job that fails five times is parked"). */
export const JOB_MAX_ATTEMPTS = 5;

// A provider that is down usually comes back within minutes, sometimes within the hour: short waits
// first, then long ones, so five tries span about 1 h 13 min instead of hammering a dead gateway.
const BACKOFF_STEPS_MS = [30_000, 120_000, 600_000, 3_600_000] as const;

/** How long to wait after the `attempts`-th failed try (1-based); grows and stops at one hour. */
export function jobBackoffMs(attempts: number): number {
  const step = Math.min(Math.max(Math.trunc(attempts), 1), BACKOFF_STEPS_MS.length) - 1;
  return BACKOFF_STEPS_MS[step]!;
}

/** GET /admin/jobs?status=&page=&size=; without a status the back office sees failed jobs. */
export const adminJobListQuery = adminPageQuery.extend({
  status: z.preprocess(
    (value) => (value === '' || value === undefined ? 'failed' : value),
    z.enum(JOB_STATUSES, { error: '工作狀態不正確' }),
  ),
});
export type AdminJobListQuery = z.infer<typeof adminJobListQuery>;

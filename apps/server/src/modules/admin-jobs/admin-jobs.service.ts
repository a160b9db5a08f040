// Background jobs in the back office (issue 15 item 2): staff see the jobs that failed and run one again
// once the provider is back. The runner itself lives in modules/jobs.
import { JOB_STATUS_LABEL, type AdminJob, type AdminJobListQuery, type JobStatus } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Conflict, NotFound } from '../../errors.ts';
import type { Wire } from '../../http/replies.ts';
import { recordAudit } from '../admin/index.ts';
import { jobsRepository as repo } from '../jobs/index.ts';

export interface Actor {
  id: number;
}

function jobJson(j: repo.JobRow) {
  return {
    id: j.id,
    kind: j.kind,
    payload: j.payload,
    status: j.status,
    attempts: j.attempts,
    max_attempts: j.maxAttempts,
    last_error: j.lastError,
    run_at: j.runAt.toISOString(),
    created_at: j.createdAt.toISOString(),
    /** The last try ended (or the last change) at this time. */
    updated_at: j.updatedAt.toISOString(),
    finished_at: j.finishedAt ? j.finishedAt.toISOString() : null,
  };
}

export async function listJobs(db: Db, q: AdminJobListQuery) {
  const [rows, total] = await Promise.all([
    repo.findJobs(db, q.status, q.size, (q.page - 1) * q.size),
    repo.countJobs(db, q.status),
  ]);
  return { items: rows.map(jobJson), total };
}

/** Only a parked job runs again: a queued or running one would run twice. */
export async function retryJob(db: Db, actor: Actor, id: number, now: Date): Promise<Wire<AdminJob>> {
  const row = await db.transaction(async (tx) => {
    const before = await repo.findJobForUpdate(tx, id);
    if (!before) throw new NotFound('找不到此背景工作');
    if (before.status !== 'failed') {
      throw new Conflict(
        `此背景工作目前為「${JOB_STATUS_LABEL[before.status as JobStatus] ?? before.status}」，只有失敗的工作可以重新執行`,
      );
    }
    const after = await repo.requeueJob(tx, id, now);
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'retry-job',
      entity: 'jobs',
      entityId: id,
      before: { status: before.status, attempts: before.attempts, last_error: before.lastError },
      after: { status: after.status, attempts: after.attempts, run_at: after.runAt },
    });
    return after;
  });
  return jobJson(row);
}

// The outbox (issue 15 item 2): a transition records the work it causes elsewhere in its own
// transaction, so the work exists exactly when the transition committed. The job runner does it later.
import type { Tx } from '../../db/client.ts';
import { insertJob } from './jobs.repository.ts';

export interface JobRequest {
  /** Which handler runs it, e.g. 'send-sms'. */
  kind: string;
  /** The handler's input: ids and values, never secrets (it is stored and shown to staff). */
  payload: Record<string, unknown>;
  /** The same work enqueued twice (a repeated callback, a retried request) makes one job. */
  dedupeKey?: string;
  /** Not before this time; now when absent. */
  runAt?: Date;
}

/** Records a job in the caller's transaction; takes a `Tx`, not a `Db`, on purpose. */
export async function enqueueJob(tx: Tx, job: JobRequest): Promise<{ id: number; created: boolean }> {
  return insertJob(tx, job);
}

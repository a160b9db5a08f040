// The steps of the refund tests of every payment provider: staff approve a shopper's cancel request,
// the refund job that move recorded is found, and a job handler is called as the runner calls it.
import { eq } from 'drizzle-orm';
import { jobs, type orders } from '../db/schema/index.ts';
import { insertCancelRecord } from '../modules/admin-orders/test-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** Staff approve the shopper's request to cancel `order` (its record inserted first); the approval's answer. */
export async function approveCancelRequest(t: TestApp, order: typeof orders.$inferSelect) {
  await insertCancelRecord(t.db, order);
  return t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/cancel-request/approve`, {
    version: order.version,
  });
}

/** The refund job the order's cancel or return recorded. */
export async function refundJobOf(t: TestApp, orderId: number, reason: 'cancel' | 'return') {
  const [job] = await t.db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, `refund:${orderId}:${reason}`));
  return job!;
}

/** What the runner hands a job's handler on attempt `attempt` of 5, not aborted. */
export const jobAttempt = (jobId: number, attempt = 1) => ({
  jobId,
  attempt,
  maxAttempts: 5,
  signal: new AbortController().signal,
});

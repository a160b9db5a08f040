// What the owner should know of the background jobs (issue 39 item 8): how many failed and wait for
// 背景工作, and which outside service has failed again and again in the last hour. Read from the
// jobs table, so the failures of every process count, not one process's memory.
import type { Db } from '../../db/client.ts';
import { jobsRepository } from '../jobs/index.ts';
import { CREATE_SHIPMENT_JOB } from '../logistics/index.ts';
import {
  INVOICE_ALLOWANCE_JOB,
  ISSUE_INVOICE_JOB,
  NOTIFY_ORDER_JOB,
  REFUND_PAYMENT_JOB,
  VOID_INVOICE_JOB,
} from '../orders/index.ts';
import { LINEPAY_CONFIRM_JOB } from '../payments/index.ts';
import { RESTOCK_ALERT_JOB } from '../restock-alerts/index.ts';
import { CART_REMINDER_JOB } from '../cart-reminders/index.ts';

/** Failed tries of one service within the hour that make it "failing": more than one job's bad luck. */
export const FAILING_PROVIDER_FAILURES = 3;
const WINDOW_MS = 60 * 60 * 1000;

/** The service a job kind calls, with its zh-TW name. */
const PROVIDER_OF_KIND: Record<string, { provider: string; name: string }> = {
  [ISSUE_INVOICE_JOB]: { provider: 'invoice', name: '電子發票（綠界）' },
  [VOID_INVOICE_JOB]: { provider: 'invoice', name: '電子發票（綠界）' },
  [INVOICE_ALLOWANCE_JOB]: { provider: 'invoice', name: '電子發票（綠界）' },
  [CREATE_SHIPMENT_JOB]: { provider: 'logistics', name: '物流（綠界）' },
  [LINEPAY_CONFIRM_JOB]: { provider: 'linepay', name: 'LINE Pay' },
  [REFUND_PAYMENT_JOB]: { provider: 'refund', name: '金流退款（綠界、LINE Pay、銀行刷卡）' },
  [NOTIFY_ORDER_JOB]: { provider: 'notification', name: '訂單通知（簡訊、Email）' },
  [RESTOCK_ALERT_JOB]: { provider: 'member-message', name: '貨到通知與購物車提醒（簡訊、Email）' },
  [CART_REMINDER_JOB]: { provider: 'member-message', name: '貨到通知與購物車提醒（簡訊、Email）' },
};

export interface FailingProvider {
  provider: string;
  name: string;
  /** Failed tries of its jobs whose last try, within the hour, failed. */
  failures: number;
}

export async function jobTrouble(
  db: Db,
  now: Date,
): Promise<{ failed_jobs: number; failing_providers: FailingProvider[] }> {
  const [failedJobs, recent] = await Promise.all([
    jobsRepository.countJobs(db, 'failed'),
    jobsRepository.recentFailuresByKind(db, new Date(now.getTime() - WINDOW_MS)),
  ]);
  const byProvider = new Map<string, FailingProvider>();
  for (const { kind, failures } of recent) {
    const { provider, name } = PROVIDER_OF_KIND[kind] ?? { provider: kind, name: kind };
    const entry = byProvider.get(provider) ?? { provider, name, failures: 0 };
    entry.failures += failures;
    byProvider.set(provider, entry);
  }
  const failing = [...byProvider.values()]
    .filter((p) => p.failures >= FAILING_PROVIDER_FAILURES)
    .sort((a, b) => b.failures - a.failures || a.provider.localeCompare(b.provider));
  return { failed_jobs: failedJobs, failing_providers: failing };
}

import { Link } from 'react-router';
import type { AdminDashboard } from '@shop/domain';

/**
 * Trouble the owner should see first (issue 39 item 8): jobs that gave up, and a service that failed
 * again and again in the last hour (its jobs keep retrying; the figures come from every process).
 */
export function JobTrouble({ jobs }: { jobs: AdminDashboard['jobs'] }) {
  if (jobs.failed_jobs === 0 && jobs.failing_providers.length === 0) return null;
  return (
    <section className="bo-notice bo-notice--warn bo-trouble" aria-labelledby="job-trouble">
      <h2 id="job-trouble" className="bo-trouble__title">
        需要留意
      </h2>
      <ul className="bo-trouble__list">
        {jobs.failed_jobs > 0 ? <li>有 {jobs.failed_jobs} 件背景工作已停止重試，請查看原因後重新執行。</li> : null}
        {jobs.failing_providers.map((p) => (
          <li key={p.provider}>
            「{p.name}」在最近一小時失敗了 {p.failures} 次，可能是服務暫時無法連線。
          </li>
        ))}
      </ul>
      <Link to="/admin/jobs">前往背景工作</Link>
    </section>
  );
}

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@shop/domain';
import { JobTrouble } from './job-trouble.tsx';

afterEach(cleanup);

function show(jobs: AdminDashboard['jobs']) {
  const router = createMemoryRouter([{ path: '/admin', element: <JobTrouble jobs={jobs} /> }], {
    initialEntries: ['/admin'],
  });
  return render(<RouterProvider router={router} />);
}

describe('JobTrouble', () => {
  it('shows nothing while no job failed', () => {
    const { container } = show({ failed_jobs: 0, failing_providers: [] });
    expect(container.textContent).toBe('');
  });

  it('names the failed jobs and each failing service, and leads to 背景工作', () => {
    show({
      failed_jobs: 2,
      failing_providers: [{ provider: 'logistics', name: '物流（綠界）', failures: 7 }],
    });
    const region = screen.getByRole('region', { name: '需要留意' });
    expect(region.textContent).toContain('有 2 件背景工作已停止重試');
    expect(region.textContent).toContain('「物流（綠界）」在最近一小時失敗了 7 次');
    expect(screen.getByRole('link', { name: '前往背景工作' }).getAttribute('href')).toBe('/admin/jobs');
  });

  it('warns of a failing service even before any job gave up', () => {
    show({ failed_jobs: 0, failing_providers: [{ provider: 'linepay', name: 'LINE Pay', failures: 3 }] });
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['「LINE Pay」在最近一小時失敗了 3 次，可能是服務暫時無法連線。']);
  });
});

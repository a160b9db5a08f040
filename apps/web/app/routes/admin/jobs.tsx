import type { Route } from './+types/jobs';
import { shopDateTime, type AdminJob } from '@shop/domain';
import { adminGet, adminSend, staffApi, type ActionResult } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { ListTable, RowIntentButton } from '../../features/admin/components/list-table.tsx';
import { ActionNotice, PageHeader, pageOf } from '../../features/admin/components/page-parts.tsx';
import { readForm } from '../../lib/form-post.server.ts';

const PAGE_SIZE = 20;

export const meta: Route.MetaFunction = () => adminMeta('背景工作');

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageOf(url.searchParams);
  const query = new URLSearchParams({ status: 'failed', page: String(page), size: String(PAGE_SIZE) });
  const { data, total } = await adminGet<AdminJob[]>(staffApi({ request, url, context }), `/admin/jobs?${query}`);
  return { jobs: data, total, page };
}

export async function action({ request, url, context }: Route.ActionArgs): Promise<ActionResult> {
  const form = await readForm(request);
  const id = String(form.get('id') ?? '');
  if (form.get('intent') !== 'retry' || !/^\d+$/.test(id)) return { ok: false, message: '不支援此操作' };
  const result = await adminSend(staffApi({ request, url, context }), 'POST', `/admin/jobs/${id}/retry`);
  return result.ok ? { ok: true, message: `工作 #${id} 已重新排入佇列` } : result;
}

export default function AdminJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { jobs, total, page } = loaderData;
  return (
    <>
      <PageHeader
        title="背景工作"
        description="寄送簡訊、開立發票、建立物流單等工作多次失敗後停在這裡，排除問題後可重新執行"
      />
      <ActionNotice result={actionData} />
      <ListTable
        headCells={
          <>
            <th scope="col">編號</th>
            <th scope="col">種類</th>
            <th scope="col">嘗試次數</th>
            <th scope="col">最後錯誤</th>
            <th scope="col">建立時間</th>
            <th scope="col">最後嘗試</th>
            <th scope="col">操作</th>
          </>
        }
        rowCount={jobs.length}
        emptyText="沒有失敗的背景工作"
        pages={{ total, page, size: PAGE_SIZE }}
      >
        {jobs.map((j) => (
          <tr key={j.id}>
            <td className="bo-nowrap">#{j.id}</td>
            <td className="bo-nowrap">{j.kind}</td>
            <td className="bo-nowrap">
              {j.attempts} / {j.max_attempts}
            </td>
            <td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', minWidth: 240 }}>{j.last_error || '—'}</td>
            <td className="bo-nowrap">{shopDateTime(j.created_at)}</td>
            <td className="bo-nowrap">{shopDateTime(j.updated_at)}</td>
            <td>
              <RowIntentButton id={j.id} intent="retry" label={`重新執行工作 #${j.id}`}>
                重新執行
              </RowIntentButton>
            </td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}

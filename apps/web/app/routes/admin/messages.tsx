import type { Route } from './+types/messages';
import { shopDateTime, type AdminContactMessage } from '@shop/domain';
import { adminSend, staffApi, type ActionResult } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { ListTable, RowIntentButton } from '../../features/admin/components/list-table.tsx';
import { ActionNotice, PageHeader, pageOf, StateFilter } from '../../features/admin/components/page-parts.tsx';
import { unwrap } from '../../api/client.ts';
import { readForm } from '../../lib/form-post.server.ts';

const PAGE_SIZE = 20;

export const meta: Route.MetaFunction = () => adminMeta('聯絡留言');

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageOf(url.searchParams);
  const query = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE) });
  const state = url.searchParams.get('state');
  if (state === 'read' || state === 'unread') query.set('state', state);
  const res = await staffApi({ request, url, context })(`/api/v1/admin/contact-messages?${query}`);
  const messages = await unwrap<AdminContactMessage[]>(res);
  return {
    messages,
    page,
    total: Number(res.headers.get('x-total-count') ?? messages.length),
    unread: Number(res.headers.get('x-unread-count') ?? 0),
  };
}

export async function action({ request, url, context }: Route.ActionArgs): Promise<ActionResult> {
  const form = await readForm(request);
  const id = String(form.get('id') ?? '');
  if (!/^\d+$/.test(id)) return { ok: false, message: '不支援此操作' };
  const read = form.get('intent') === 'read';
  const result = await adminSend(staffApi({ request, url, context }), 'PUT', `/admin/contact-messages/${id}/read`, {
    read,
  });
  return result.ok ? { ok: true, message: read ? '已標為已讀' : '已標為未讀' } : result;
}

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, page, total, unread } = loaderData;
  return (
    <>
      <PageHeader title="聯絡留言" description={`未讀 ${unread} 則`} />
      <ActionNotice result={actionData} />
      <StateFilter
        label="留言篩選"
        states={[
          ['', '全部'],
          ['unread', '未讀'],
          ['read', '已讀'],
        ]}
      />
      <ListTable
        headCells={
          <>
            <th scope="col">時間</th>
            <th scope="col">聯絡人</th>
            <th scope="col">內容</th>
            <th scope="col">狀態</th>
          </>
        }
        rowCount={messages.length}
        emptyText="沒有留言"
        pages={{ total, page, size: PAGE_SIZE }}
      >
        {messages.map((m) => (
          <tr key={m.id} style={m.is_read ? undefined : { fontWeight: 600 }}>
            <td className="bo-nowrap">{shopDateTime(m.created_at)}</td>
            <td>
              {m.name}
              <br />
              <small>
                <a href={`tel:${m.phone}`}>{m.phone}</a> · <a href={`mailto:${m.email}`}>{m.email}</a>
              </small>
            </td>
            <td style={{ whiteSpace: 'pre-wrap', minWidth: 240 }}>{m.content}</td>
            <td>
              <RowIntentButton
                id={m.id}
                intent={m.is_read ? 'unread' : 'read'}
                label={`${m.name} 的留言標為${m.is_read ? '未讀' : '已讀'}`}
              >
                {m.is_read ? '標為未讀' : '標為已讀'}
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

import { Form, Link } from 'react-router';
import type { Route } from './+types/members';
import { shopDay, type AdminMemberListItem } from '@shop/domain';
import { adminGet, staffApi } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { PageHeader, Pager, pageOf, StatusBadge } from '../../features/admin/components/page-parts.tsx';
import { useQuery } from '../../features/admin/use-query.ts';

const PAGE_SIZE = 20;

export const meta: Route.MetaFunction = () => adminMeta('會員管理');

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageOf(url.searchParams);
  const query = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE) });
  for (const key of ['keyword', 'celebrity']) {
    const value = url.searchParams.get(key)?.trim();
    if (value) query.set(key, value);
  }
  const { data, total } = await adminGet<AdminMemberListItem[]>(
    staffApi({ request, url, context }),
    `/admin/members?${query}`,
  );
  return { members: data, total, page };
}

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const { members, total, page } = loaderData;
  const params = useQuery();
  return (
    <>
      <PageHeader title="會員管理" description="會員資料、等級、紅利與網紅設定" />
      <Form method="get" className="bo-toolbar" role="search" aria-label="搜尋會員">
        <div className="bo-field bo-field--grow">
          <label htmlFor="m-keyword">關鍵字</label>
          <input
            id="m-keyword"
            name="keyword"
            type="search"
            className="bo-input"
            defaultValue={params.get('keyword') ?? ''}
            placeholder="帳號、姓名、手機或推薦碼"
          />
        </div>
        <div className="bo-field">
          <label htmlFor="m-celebrity">網紅</label>
          <select id="m-celebrity" name="celebrity" className="bo-select" defaultValue={params.get('celebrity') ?? ''}>
            <option value="">全部</option>
            <option value="1">網紅會員</option>
            <option value="0">一般會員</option>
          </select>
        </div>
        <button type="submit" className="bo-button bo-button--primary">
          搜尋
        </button>
      </Form>
      <div className="bo-table-wrap">
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">會員</th>
              <th scope="col">手機</th>
              <th scope="col">等級</th>
              <th scope="col" className="bo-num">
                紅利
              </th>
              <th scope="col">網紅</th>
              <th scope="col">狀態</th>
              <th scope="col">加入日期</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id}>
                <td>
                  <Link to={`/admin/members/${m.id}`}>{m.name || '（未填姓名）'}</Link>
                  <br />
                  <small>{m.account}</small>
                </td>
                <td>{m.cell_phone}</td>
                <td>{m.level_name || '—'}</td>
                <td className="bo-num">{m.bonus}</td>
                <td>
                  {m.is_internet_celebrity ? (
                    <span className="bo-badge bo-badge--brand">{m.internet_celebrity_code}</span>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  <StatusBadge status={m.status} on="正常" off="停用" />
                </td>
                <td className="bo-nowrap">{shopDay(m.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {members.length === 0 ? <p className="bo-empty">找不到符合的會員</p> : null}
      </div>
      <Pager total={total} page={page} size={PAGE_SIZE} />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}

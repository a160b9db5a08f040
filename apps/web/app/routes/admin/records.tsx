import { useLocation } from 'react-router';
import type { Route } from './+types/records';
import { adminGet, listQuery, rowAction, staffApi, type ActionResult } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { INDEX_SORTS, pageOf } from '../../features/admin/components/page-parts.tsx';
import { kindOf, loadSources } from '../../features/admin/records/record-data.server.ts';
import {
  cellMarkup,
  RECORD_KINDS,
  type ListFilter,
  type RecordRow,
  type SourceChoice,
  type SourceRows,
} from '../../features/admin/records/record-kinds.tsx';
import type { RecordPath } from '../../features/admin/records/record-paths.ts';
import { ListPageFrame, StatusAndActionCells } from '../../features/admin/records/list-page-frame.tsx';
import { useQuery } from '../../features/admin/use-query.ts';
import { readForm } from '../../lib/form-post.server.ts';

const PAGE_SIZE = 20;

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data ? RECORD_KINDS[data.path].title : '後台');

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const kind = kindOf(url);
  const api = staffApi({ request, url, context });
  const [{ data, total }, sources] = await Promise.all([
    adminGet<RecordRow[]>(api, `${kind.api}?${listQuery(url, kind.filters?.map((f) => f.name) ?? [], PAGE_SIZE)}`),
    loadSources(api, kind),
  ]);
  return { path: kind.path as RecordPath, rows: data, total, page: pageOf(url.searchParams), sources };
}

export async function action({ request, url, context }: Route.ActionArgs): Promise<ActionResult | null> {
  const kind = kindOf(url);
  return rowAction(staffApi({ request, url, context }), await readForm(request), {
    read: kind.api,
    write: kind.write,
  });
}

function Filter({ filter, sources }: { filter: ListFilter; sources: SourceRows }) {
  const params = useQuery();
  const options = Array.isArray(filter.options)
    ? filter.options
    : (sources[(filter.options as SourceChoice).source] ?? []).map((r) => ({ value: r.id, label: r.name }));
  return (
    <div className="bo-field">
      <label htmlFor={`f-${filter.name}`}>{filter.label}</label>
      <select
        id={`f-${filter.name}`}
        name={filter.name}
        className="bo-select"
        defaultValue={params.get(filter.name) ?? ''}
      >
        <option value="">全部</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function AdminRecords({ loaderData, actionData }: Route.ComponentProps) {
  const { path, rows, total, page, sources } = loaderData;
  const kind = RECORD_KINDS[path];
  const { pathname } = useLocation();
  return (
    <ListPageFrame
      title={kind.title}
      description={kind.description}
      newTo={`${pathname}/new`}
      newLabel={`＋ 新增${kind.noun}`}
      result={actionData}
      toolbar={{
        sortOptions: kind.sortable ? INDEX_SORTS : undefined,
        filters: kind.filters?.map((f) => <Filter key={f.name} filter={f} sources={sources} />),
      }}
      headCells={kind.columns.map((c) => (
        <th key={c.label} scope="col" className={c.numeric ? 'bo-num' : undefined}>
          {c.label}
        </th>
      ))}
      rowCount={rows.length}
      emptyText="還沒有資料"
      pages={{ total, page, size: PAGE_SIZE }}
    >
      {rows.map((row) => {
        const label = kind.label(row);
        return (
          <tr key={row.id}>
            {kind.columns.map((c) => (
              <td key={c.label} className={c.numeric ? 'bo-num' : undefined}>
                {cellMarkup(c.cell(row, sources))}
              </td>
            ))}
            <StatusAndActionCells
              editTo={`${pathname}/${row.id}`}
              id={row.id}
              status={row.status ?? 1}
              version={row.version}
              label={label}
              deletable={!kind.keep?.(row)}
            />
          </tr>
        );
      })}
    </ListPageFrame>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}

// Pieces every back-office page uses: the header, notices, list toolbar, pager, status toggle and
// delete button. Lists are plain GET forms and links, so they work before hydration too.
import type { ReactNode } from 'react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import type { ActionResult } from '../admin-api.server.ts';
import type { Option } from './fields.tsx';
import { useQuery } from '../use-query.ts';

export function PageHeader({
  title,
  description,
  back,
  actions,
}: {
  title: string;
  description?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
}) {
  return (
    <div className="bo-page-header">
      <div>
        {back ? (
          <p className="bo-breadcrumb">
            <Link to={back.to}>← {back.label}</Link>
          </p>
        ) : null}
        <h1>{title}</h1>
        {description ? <p>{description}</p> : null}
      </div>
      {actions ? <div className="bo-page-header__actions">{actions}</div> : null}
    </div>
  );
}

const NOTICES: Record<string, string> = {
  created: '已新增',
  saved: '已儲存',
  deleted: '已刪除',
};

/**
 * What happened: the `?notice=` of a redirect after a save, or the action's answer (a 409 offers to
 * reload the newest data, a 400 points at the fields).
 */
export function ActionNotice({ result }: { result?: ActionResult | null }) {
  const params = useQuery();
  const location = useLocation();
  if (result && !result.ok) {
    return (
      <div className="bo-notice bo-notice--error" role="alert">
        {result.errors && !result.conflict ? '資料有誤，請修正標示的欄位。' : result.message}
        {result.conflict ? (
          <>
            {' '}
            <a href={`${location.pathname}${location.search}`}>重新載入最新資料</a>
          </>
        ) : null}
        {result.errors && result.message && result.message !== '輸入資料有誤' ? ` ${result.message}` : null}
      </div>
    );
  }
  const notice = result?.ok ? (result.message ?? '已儲存') : NOTICES[params.get('notice') ?? ''];
  if (!notice) return null;
  return (
    <div className="bo-notice bo-notice--ok" role="status">
      {notice}
    </div>
  );
}

export function StatusBadge({ status, on = '上架', off = '下架' }: { status: number; on?: string; off?: string }) {
  return <span className={`bo-badge ${status === 1 ? 'bo-badge--ok' : ''}`}>{status === 1 ? on : off}</span>;
}

/** The list's GET form: keyword, status, the page's own filters and the sort order. */
export function ListToolbar({
  placeholder = '搜尋名稱或編號',
  filters,
  statusFilter = true,
  sortOptions,
}: {
  placeholder?: string;
  filters?: ReactNode;
  statusFilter?: boolean;
  sortOptions?: readonly Option[];
}) {
  const params = useQuery();
  return (
    <Form method="get" className="bo-toolbar" role="search" aria-label="篩選">
      <div className="bo-field bo-field--grow">
        <label htmlFor="list-q">關鍵字</label>
        <input
          id="list-q"
          name="q"
          type="search"
          className="bo-input"
          defaultValue={params.get('q') ?? ''}
          placeholder={placeholder}
        />
      </div>
      {statusFilter ? (
        <div className="bo-field">
          <label htmlFor="list-status">狀態</label>
          <select id="list-status" name="status" className="bo-select" defaultValue={params.get('status') ?? ''}>
            <option value="">全部</option>
            <option value="1">上架中</option>
            <option value="0">已下架</option>
          </select>
        </div>
      ) : null}
      {filters}
      {sortOptions ? (
        <div className="bo-field">
          <label htmlFor="list-sort">排序</label>
          <select
            id="list-sort"
            name="sort"
            className="bo-select"
            defaultValue={params.get('sort') ?? sortOptions[0]?.value}
          >
            {sortOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className="bo-button bo-button--primary">
        搜尋
      </button>
    </Form>
  );
}

export const INDEX_SORTS: readonly Option[] = [
  { value: 'index_id', label: '排序 小→大' },
  { value: '-index_id', label: '排序 大→小' },
  { value: '-id', label: '最新建立' },
  { value: 'name', label: '名稱' },
];

/** Previous / next and "第 N 頁，共 M 筆": links that keep the filters. */
export function Pager({ total, page, size }: { total: number; page: number; size: number }) {
  const params = useQuery();
  const pages = Math.max(1, Math.ceil(total / size));
  const href = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    next.delete('notice');
    return `?${next.toString()}`;
  };
  return (
    <div className="bo-pager">
      <span>
        共 {total} 筆，第 {Math.min(page, pages)} / {pages} 頁
      </span>
      {pages > 1 ? (
        <nav aria-label="分頁">
          {page > 1 ? (
            <Link className="bo-button bo-button--small" to={href(page - 1)} rel="prev">
              上一頁
            </Link>
          ) : null}
          {page < pages ? (
            <Link className="bo-button bo-button--small" to={href(page + 1)} rel="next">
              下一頁
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/** A one-click status switch for a list row; posts to the page's action with the row's version. */
export function StatusToggle({
  id,
  status,
  version,
  label,
}: {
  id: number;
  status: number;
  version: number;
  label: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('id') === String(id);
  return (
    <Form method="post" className="bo-inline-form">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="status" value={status === 1 ? '0' : '1'} />
      <button
        type="submit"
        className="bo-button bo-button--small"
        disabled={busy}
        aria-label={`${status === 1 ? '下架' : '上架'}「${label}」`}
      >
        {status === 1 ? '下架' : '上架'}
      </button>
    </Form>
  );
}

/** Delete with a confirmation; the server still refuses what is in use, with the reason. */
export function DeleteButton({
  id,
  version,
  label,
  small = true,
}: {
  id?: number;
  version: number;
  label: string;
  small?: boolean;
}) {
  return (
    <Form
      method="post"
      className="bo-inline-form"
      onSubmit={(event) => {
        if (!window.confirm(`確定要刪除「${label}」嗎？刪除後無法復原。`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
      <input type="hidden" name="version" value={version} />
      <button
        type="submit"
        className={`bo-button bo-button--danger${small ? ' bo-button--small' : ''}`}
        aria-label={`刪除「${label}」`}
      >
        刪除
      </button>
    </Form>
  );
}

/** The page's own number of the query (`?page=`), 1 when missing or wrong. */
export function pageOf(params: URLSearchParams): number {
  const n = Number(params.get('page'));
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** A submit button that says it is working while its form is being sent. */
export function SubmitButton({ children, intent = 'save' }: { children: ReactNode; intent?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <button type="submit" name="intent" value={intent} className="bo-button bo-button--primary" disabled={busy}>
      {busy ? '儲存中…' : children}
    </button>
  );
}

/** Links that filter a list by its `state` query value ('' = all), the current one marked. */
export function StateFilter({ label, states }: { label: string; states: readonly (readonly [string, string])[] }) {
  const state = useQuery().get('state') ?? '';
  return (
    <nav className="bo-actions" aria-label={label} style={{ marginBottom: 14 }}>
      {states.map(([value, text]) => (
        <Link
          key={value}
          to={value ? `?state=${value}` : '?'}
          className={`bo-button bo-button--small${state === value ? ' bo-button--primary' : ''}`}
          aria-current={state === value ? 'page' : undefined}
        >
          {text}
        </Link>
      ))}
    </nav>
  );
}

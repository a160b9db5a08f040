import { Outlet, isRouteErrorResponse, useRouteError } from 'react-router';
import type { Route } from './+types/layout';
import adminStyles from '../../styles/admin.css?url';
import { currentStaff } from '../../features/admin/admin-api.server.ts';
import { AdminShell } from '../../features/admin/components/admin-shell.tsx';
import type { OwnLayoutHandle } from '../../features/admin/back-office-path.ts';

/** The back office is its own route tree: no storefront layout, its own stylesheet. */
export const handle: OwnLayoutHandle = { ownLayout: true };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  return { staff: await currentStaff({ request, url, context }) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell staff={loaderData.staff}>
      <Outlet />
    </AdminShell>
  );
}

const ERRORS: Record<number, { title: string; detail: string }> = {
  403: { title: '此功能僅限店長使用', detail: '請以店長帳號登入，或請店長協助操作。' },
  404: { title: '找不到資料', detail: '這筆資料不存在或已被刪除。' },
};

/** Errors of the layout itself (its loader failed): a bare page with a way back. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, detail } = ERRORS[status] ?? { title: '系統忙碌中', detail: '頁面暫時無法顯示，請稍後再試。' };
  return (
    <main className="bo-login">
      <div className="bo-login__card" role="alert">
        <h1>{title}</h1>
        <p>{detail}</p>
        <a className="bo-button bo-button--primary" href="/admin">
          回後台首頁
        </a>
      </div>
    </main>
  );
}

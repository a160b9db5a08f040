import type { Route } from './+types/orders-export';
import { staffApi } from '../../features/admin/admin-api.server.ts';

/**
 * GET /admin/orders/export?…filters: the API's Excel-ready CSV of the filtered list (UTF-8 with a
 * byte order mark), passed on as a download with the staff token from the back office's cookie.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const res = await staffApi(request, context)(`/api/v1/admin/orders/export${url.search}`);
  if (!res.ok) {
    // A bad filter or a missing right: say it in the page the person is on (the list shows the same filters).
    return new Response(`無法匯出：${res.status === 400 ? '篩選條件有誤' : '請稍後再試'}`, {
      status: res.status,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  return new Response(res.body, {
    headers: {
      'content-type': res.headers.get('content-type') ?? 'text/csv; charset=utf-8',
      'content-disposition': res.headers.get('content-disposition') ?? 'attachment; filename="orders.csv"',
      'cache-control': 'no-store',
    },
  });
}

// The API's Excel-ready CSV files (orders, the e-invoice register) passed on to the browser as a
// download, with the staff token from the back office's cookie.
import { staffApi } from './admin-api.server.ts';

type LoaderArgs = { request: Request; context: Parameters<typeof staffApi>[1] };

/** GET `apiPath` + the page's own query; a refusal is said as text in the tab the person is on. */
export async function csvDownload({ request, context }: LoaderArgs, apiPath: string, filename: string) {
  const url = new URL(request.url);
  const res = await staffApi(request, context)(`/api/v1${apiPath}${url.search}`);
  if (!res.ok) {
    return new Response(`無法匯出：${res.status === 400 ? '篩選條件有誤' : '請稍後再試'}`, {
      status: res.status,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  return new Response(res.body, {
    headers: {
      'content-type': res.headers.get('content-type') ?? 'text/csv; charset=utf-8',
      'content-disposition': res.headers.get('content-disposition') ?? `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}

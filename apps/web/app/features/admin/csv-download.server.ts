// The API's Excel-ready CSV files (orders, the e-invoice register) passed on to the browser as a
// download, with the staff token from the back office's cookie.
import { staffApi, type PageArgs } from './admin-api.server.ts';

/** GET `apiPath` + the page's own query; a refusal is said as text in the tab the person is on. */
export async function csvDownload(page: PageArgs, apiPath: string, filename: string) {
  const res = await staffApi(page)(`/api/v1${apiPath}${page.url.search}`);
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

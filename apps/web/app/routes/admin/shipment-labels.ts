import type { Route } from './+types/shipment-labels';
import { staffApi } from '../../features/admin/admin-api.server.ts';

/**
 * GET /admin/orders/labels?order_id=…: 列印託運單 of the selected orders, the API's page (the form that
 * posts to the chain's print page at ECPay, or the simulator's labels) passed on with its own policy.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const ids = url.searchParams.getAll('order_id').filter((id) => /^\d{1,10}$/.test(id));
  const text = (status: number, body: string) =>
    new Response(body, {
      status,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  if (ids.length === 0) return text(400, '請先勾選要列印託運單的訂單');
  const res = await staffApi({ request, url, context })(
    `/api/v1/admin/shipments/labels?order_ids=${ids.slice(0, 100).join(',')}`,
  );
  if (!res.ok) return text(res.status, '無法開啟託運單，請稍後再試');
  return new Response(res.body, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': res.headers.get('content-security-policy') ?? "default-src 'none'",
      'cache-control': 'no-store',
    },
  });
}

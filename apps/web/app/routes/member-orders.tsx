import { parsePageParam } from '@shop/domain';
import type { Route } from './+types/member-orders';
import { ORDER_PAGE_SIZE, getMemberOrders } from '../api/orders.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { OrderList } from '../features/orders/order-list.tsx';
import { toOrderView } from '../features/orders/order-view.ts';
import { loginHref } from '../lib/login-link.ts';
import { isSessionExpired, memberRead, requireMemberId } from '../lib/member-pages.server.ts';
import { pageMeta } from '../lib/page-meta.ts';
import { noStoreHeaders } from '../features/member-centre/member-session.server.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '我的訂單');

export const headers = noStoreHeaders;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const memberId = requireMemberId(request, url);
  const page = parsePageParam(url.searchParams.get('page') ?? undefined);
  const result = await memberRead(getMemberOrders(context.apiFetch, memberId, page));
  if (isSessionExpired(result)) return { expired: true as const, orders: [], total: 0, page };
  return { expired: false as const, orders: result.items.map((o) => toOrderView(o)), total: result.total, page };
}

/** spec §2 member orders: 5 per page, newest first, date yyyy-MM-dd; each links to its detail. */
export default function MemberOrders({ loaderData }: Route.ComponentProps) {
  const { orders, total, page, expired } = loaderData;
  return (
    <section className="member-orders" aria-labelledby="member-orders-title">
      <h1 id="member-orders-title" className="member-section__title">
        我的訂單
      </h1>
      {expired ? (
        <p className="form-result form-result--error" role="alert">
          登入已逾時，請<ShopLink to={loginHref('/member/orders')}>重新登入</ShopLink>後再查看訂單。
        </p>
      ) : orders.length === 0 ? (
        <div className="cart-empty">
          <EmptyState text="目前沒有訂單" />
          <ShopLink to="/products" className="button button--primary">
            去逛逛
          </ShopLink>
        </div>
      ) : (
        <>
          <OrderList orders={orders} detailHref={(o) => `/member/orders/${encodeURIComponent(o.orderNumber)}`} />
          <Pagination length={total} size={ORDER_PAGE_SIZE} page={page} />
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

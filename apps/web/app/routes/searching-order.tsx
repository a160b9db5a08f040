import { TW_MOBILE_PATTERN, msg, normalizeKeyword, parsePageParam } from '@shop/domain';
import { redirect } from 'react-router';
import type { Route } from './+types/searching-order';
import { ApiError } from '../api/client.ts';
import { ORDER_PAGE_SIZE, getOrdersByCellphone } from '../api/orders.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { OrderLookupForm } from '../components/home/order-lookup-form.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { Breadcrumb } from '../components/ui/breadcrumb.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { memberIdFromCookies } from '../features/cart/cart-owner.ts';
import { OrderDetail } from '../features/orders/order-detail.tsx';
import { OrderList } from '../features/orders/order-list.tsx';
import { toOrderView, type OrderView } from '../features/orders/order-view.ts';
import { loginHref } from '../lib/login-link.ts';
import { pageMeta } from '../lib/page-meta.ts';
import { currentReferralCode, hrefWithQuery, withReferralCode } from '../lib/referral-code.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, msg.orderQuery);

type Lookup =
  { state: 'empty' } | { state: 'invalid'; error: string } | { state: 'found'; orders: OrderView[]; total: number };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  // spec §2: the lookup is for guests; a member's header entry leads to their own orders instead.
  if (memberIdFromCookies(request.headers.get('cookie') ?? '') !== null) {
    throw redirect(withReferralCode('/member/orders', currentReferralCode(url)));
  }
  const keyword = normalizeKeyword(url.searchParams.get('keyword'));
  const page = parsePageParam(url.searchParams.get('page') ?? undefined);
  const orderNumber = url.searchParams.get('order') ?? '';
  const base = { keyword, page, orderNumber };
  // spec §5: the lookup needs a mobile number; an empty keyword shows nothing.
  if (keyword === '') return { ...base, lookup: { state: 'empty' } as Lookup };
  if (!TW_MOBILE_PATTERN.test(keyword))
    return { ...base, lookup: { state: 'invalid', error: msg.mobileFormat } as Lookup };
  try {
    const result = await getOrdersByCellphone(context.apiFetch, keyword, page);
    return {
      ...base,
      lookup: { state: 'found', orders: result.items.map((o) => toOrderView(o)), total: result.total } as Lookup,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      return { ...base, lookup: { state: 'invalid', error: error.message } as Lookup };
    }
    throw error;
  }
}

/**
 * An unpaid order found by mobile number: until when it can be paid, and the way to pay. The lookup
 * shows nothing that acts on an order (docs/decisions/020), so paying goes through the buyer's login
 * and their own order page (docs/decisions/045).
 */
function PayAfterLogin({ order }: { order: OrderView }) {
  return (
    <>
      <p className="order-payment-deadline">
        此訂單尚未付款，請於 <time>{order.paymentDeadline}</time> 前完成付款，逾期未付款的訂單將自動取消。
      </p>
      <p>
        <ShopLink className="button button--primary" to={loginHref(`/member/orders/${order.orderNumber}`)}>
          登入會員並前往付款
        </ShopLink>
      </p>
    </>
  );
}

/**
 * spec §2 order search for guests: a mobile number, its orders 5 per page (masked by the server: 王*明,
 * 0912***678, the address cut after the district), and an order's detail with a back link.
 */
export default function SearchingOrder({ loaderData }: Route.ComponentProps) {
  const { keyword, page, orderNumber, lookup } = loaderData;
  const listHref = hrefWithQuery('/searching-order', { keyword, page: page > 1 ? page : null });
  const selected = lookup.state === 'found' ? lookup.orders.find((o) => o.orderNumber === orderNumber) : undefined;
  if (selected) {
    return (
      <div className="orders-page container">
        <Breadcrumb items={[{ title: msg.orderQuery, link: listHref }, { title: '訂單明細' }]} />
        <OrderDetail
          order={selected}
          backHref={listHref}
          backLabel="返回查詢結果"
          actions={selected.paymentDeadline ? <PayAfterLogin order={selected} /> : null}
        />
      </div>
    );
  }
  return (
    <div className="orders-page container">
      <Breadcrumb items={[{ title: msg.orderQuery }]} />
      <h1 className="page-title">{msg.orderQuery}</h1>
      <p className="orders-page__intro">
        輸入訂購時的手機號碼，查詢訂單狀態。為保護個人資料，收件資訊會部分隱藏；完整明細請登入會員查看。
      </p>
      <OrderLookupForm
        key={keyword}
        keyword={keyword}
        error={lookup.state === 'invalid' ? lookup.error : ''}
        landmark
      />
      {lookup.state === 'found' ? (
        lookup.orders.length === 0 ? (
          <EmptyState text="查無此手機號碼的訂單" />
        ) : (
          <section aria-label="查詢結果" className="orders-page__results">
            <OrderList
              orders={lookup.orders}
              detailHref={(o) =>
                hrefWithQuery('/searching-order', { keyword, page: page > 1 ? page : null, order: o.orderNumber })
              }
            />
            <Pagination length={lookup.total} size={ORDER_PAGE_SIZE} page={page} />
          </section>
        )
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

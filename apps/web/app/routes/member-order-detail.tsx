import { useRevalidator } from 'react-router';
import type { Route } from './+types/member-order-detail';
import { orFallback } from '../api/client.ts';
import { getMemberOrder } from '../api/orders.ts';
import { getReviewLines } from '../api/reviews.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { OrderActions } from '../features/after-sales/order-actions.tsx';
import { OrderReviews } from '../features/after-sales/order-reviews.tsx';
import { noStoreHeaders } from '../features/member-centre/member-session.server.ts';
import { useMember } from '../features/member-centre/use-member.ts';
import { OrderDetail } from '../features/orders/order-detail.tsx';
import { PayButton } from '../features/orders/pay-button.tsx';
import { toOrderView } from '../features/orders/order-view.ts';
import { loginHref } from '../lib/login-link.ts';
import { isSessionExpired, memberRead, requireMemberId } from '../lib/member-pages.server.ts';
import { pageMeta } from '../lib/page-meta.ts';

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  pageMeta(matches, page?.order ? `訂單 ${page.order.orderNumber}` : '訂單明細');

export const headers = noStoreHeaders;

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const memberId = requireMemberId(request, url);
  const order = await memberRead(getMemberOrder(context.apiFetch, memberId, params.orderNumber));
  if (isSessionExpired(order)) return { order: null, reviewLines: [] };
  const view = toOrderView(order);
  // Issue 43: a received order's products may be reviewed; any other order answers an empty list.
  const reviewLines = view.id === null ? [] : await orFallback(getReviewLines(context.apiFetch, view.id), []);
  return { order: view, reviewLines };
}

/** spec §2 order detail in the member centre, with the after-sales actions of spec §4. */
export default function MemberOrderDetail({ loaderData }: Route.ComponentProps) {
  const { order, reviewLines } = loaderData;
  // spec §2 Modals: the return form is prefilled with the member's name and cell phone.
  const member = useMember();
  const revalidator = useRevalidator();
  if (!order) {
    return (
      <p className="form-result form-result--error" role="alert">
        登入已逾時，請<ShopLink to={loginHref('/member/orders')}>重新登入</ShopLink>後再查看訂單。
      </p>
    );
  }
  return (
    <div className="member-order">
      <OrderDetail
        order={order}
        backHref="/member/orders"
        backLabel="返回訂單列表"
        actions={
          order.id !== null ? (
            <>
              {order.paymentDeadline ? (
                <p className="order-payment-deadline">
                  請於 <time>{order.paymentDeadline}</time> 前完成付款，逾期未付款的訂單將自動取消。
                </p>
              ) : null}
              {order.actions.pay ? (
                <PayButton orderId={order.id} paymentType={order.paymentType} label="前往付款" />
              ) : null}
              <OrderActions
                order={{ ...order, id: order.id }}
                actions={order.actions}
                member={{ name: member.name || order.recvName, cellPhone: member.cell_phone || order.recvCellphone }}
                onChanged={() => void revalidator.revalidate()}
              />
              <OrderReviews orderId={order.id} orderNumber={order.orderNumber} lines={reviewLines} />
            </>
          ) : null
        }
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

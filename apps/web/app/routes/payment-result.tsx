import { formatNtd, LINEPAY_RETURN_NOTICES, type LinePayReturn } from '@shop/domain';
import { useEffect } from 'react';
import { data, redirect, useRevalidator } from 'react-router';
import type { Route } from './+types/payment-result';
import { orFallback, withGuestFallback } from '../api/client.ts';
import { getOrder, getOrderPayment, getPaymentSetting } from '../api/orders.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { OrderActions } from '../features/after-sales/order-actions.tsx';
import { OrderStates } from '../features/orders/order-detail.tsx';
import { Fact } from '../features/orders/order-fact.tsx';
import { toOrderView } from '../features/orders/order-view.ts';
import { PaymentStep, paymentHeadline } from '../features/orders/payment-step.tsx';
import { trackPurchaseOnce } from '../lib/analytics.tsx';
import { loginHref } from '../lib/login-link.ts';
import { isSessionExpired, memberRead, requireMemberId } from '../lib/member-pages.server.ts';
import { pageMeta } from '../lib/page-meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '訂單付款');

function orderIdOf(url: URL): number {
  const raw = url.searchParams.get('order') ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  return id;
}

/** The `linepay` parameter LINE Pay's return adds (modules/payments): paid, cancelled, failed or pending. */
function linePayReturnOf(url: URL): LinePayReturn | null {
  const value = url.searchParams.get('linepay') ?? '';
  return Object.hasOwn(LINEPAY_RETURN_NOTICES, value) ? (value as LinePayReturn) : null;
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireMemberId(request, url);
  const id = orderIdOf(url);
  const linePayReturn = linePayReturnOf(url);
  const pub = withGuestFallback(context.apiFetch, context.guestAuthorization, { tokenExpired: false });
  const [order, payment, bank] = await Promise.all([
    memberRead(getOrder(context.apiFetch, id)),
    orFallback(getOrderPayment(context.apiFetch, id), null),
    orFallback(getPaymentSetting(pub), null),
  ]);
  if (isSessionExpired(order)) return { order: null, payment: null, bank: null, linePayReturn };
  return { order: toOrderView(order), payment, bank, linePayReturn };
}

/**
 * ECPay's OrderResultURL: after paying, ECPay posts the result here from its own page (cross-site, so
 * without the session cookie). The payment itself arrives server-to-server (ReturnURL); the browser is
 * sent on to the GET page, which reads the order's state.
 */
export async function action({ url }: Route.ActionArgs) {
  return redirect(`${url.pathname}${url.search}`, 303);
}

type ResultOrder = NonNullable<Route.ComponentProps['loaderData']['order']>;

/** Issue 43 item 5: the order's purchase, once, however often this page is shown again. */
function usePurchaseReport(order: ResultOrder | null) {
  const purchased = order ? { number: order.orderNumber, value: order.payAmount, lines: order.lines } : null;
  useEffect(() => {
    if (!purchased) return;
    trackPurchaseOnce(
      purchased.number,
      purchased.value,
      purchased.lines.map((l) => ({
        item_name: l.name,
        ...(l.specName ? { item_variant: l.specName } : {}),
        price: l.unitPrice,
        quantity: l.qty,
      })),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one report per order shown
  }, [purchased?.number]);
}

/** The order's number, time, payment method and amount, and its state chips. */
function OrderSummary({ order }: { order: ResultOrder }) {
  return (
    <>
      <dl className="facts payment-page__summary">
        <Fact label="訂單編號">{order.orderNumber}</Fact>
        <Fact label="訂購時間">{order.detailDate}</Fact>
        <Fact label="付款方式">{order.paymentLabel}</Fact>
        <Fact label="應付金額" valueClass="payment-step__amount">
          {formatNtd(order.payAmount)}
        </Fact>
      </dl>
      <OrderStates order={order} />
    </>
  );
}

/** Issue 6 item 2: the step after ordering — pay (or how to pay), then the order's state. */
export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  const { order, payment, bank, linePayReturn } = loaderData;
  const revalidator = useRevalidator();
  usePurchaseReport(order);
  if (!order) {
    return (
      <div className="payment-page container">
        <p className="form-result form-result--error" role="alert">
          登入已逾時，請<ShopLink to={loginHref('/member/orders')}>重新登入</ShopLink>後到「我的訂單」查看這筆訂單。
        </p>
      </div>
    );
  }
  const detailHref = `/member/orders/${encodeURIComponent(order.orderNumber)}`;
  return (
    <div className="payment-page container">
      <header className="payment-page__head">
        <h1 className="page-title">{paymentHeadline(order, payment)}</h1>
        <OrderSummary order={order} />
      </header>
      <PaymentStep
        order={order}
        payment={payment}
        bank={bank}
        linePayReturn={linePayReturn}
        transferAction={
          // Rendered after the notice too, to keep its success line (spec §8) in view.
          order.id !== null ? (
            <OrderActions
              order={{ ...order, id: order.id }}
              actions={{ cancel: null, return: false, notifyTransfer: order.actions.notifyTransfer }}
              member={null}
              onChanged={() => void revalidator.revalidate()}
            />
          ) : null
        }
      />
      <div className="payment-page__links">
        <ShopLink to={detailHref} className="button button--primary">
          查看訂單明細
        </ShopLink>
        <ShopLink to="/" className="button button--ghost">
          繼續購物
        </ShopLink>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

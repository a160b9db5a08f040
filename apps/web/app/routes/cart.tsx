import { useMemo } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/cart';
import type { loader as rootLoader } from '../root.tsx';
import { orFallback, withGuestFallback } from '../api/client.ts';
import { getBundlesInActivity, getCelebrityOffer } from '../api/checkout-offers.ts';
import { getMember } from '../api/members.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { Breadcrumb } from '../components/ui/breadcrumb.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { LoadingSpinner } from '../components/ui/loading-spinner.tsx';
import { CartLines } from '../features/cart/cart-lines.tsx';
import { memberIdFromCookies } from '../features/cart/cart-owner.ts';
import {
  bundleOffers,
  priceCart,
  shippingSettingsOf,
  type CartLineView,
  type CheckoutOffers,
} from '../features/cart/cart-view.ts';
import { CheckoutForm } from '../features/cart/checkout-form.tsx';
import { checkoutMemberOf, type CheckoutMember } from '../features/cart/checkout-values.ts';
import { OrderSummary } from '../features/cart/order-summary.tsx';
import { useCart } from '../features/cart/use-cart.ts';
import { useCheckout } from '../features/cart/use-checkout.ts';
import { DeliveryMethod } from '@shop/domain';
import { loginHref } from '../lib/login-link.ts';
import { pageMeta } from '../lib/page-meta.ts';
import { QueryProvider } from '../lib/query-provider.tsx';
import { currentReferralCode } from '../lib/referral-code.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '購物車');

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const code = currentReferralCode(url);
  const memberId = memberIdFromCookies(request.headers.get('cookie') ?? '');
  // Offers are public: an expired token still gets them (as a guest); the member's own data does not.
  const pub = withGuestFallback(context.apiFetch, context.guestAuthorization, { tokenExpired: false });
  const [bundles, celebrity, member] = await Promise.all([
    orFallback(getBundlesInActivity(pub), []),
    code ? orFallback(getCelebrityOffer(pub, code), null) : null,
    memberId ? orFallback(getMember(context.apiFetch, memberId), null) : null,
  ]);
  return {
    memberId,
    code,
    bundles: bundleOffers(bundles),
    celebrity,
    member: member ? checkoutMemberOf(member) : null,
  };
}

const CHECKOUT_FORM_ID = 'checkout-form';

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const settings = useRouteLoaderData<typeof rootLoader>('root')?.settings;
  const { bundles, celebrity } = loaderData;
  const offers = useMemo<CheckoutOffers>(
    () => ({ bundles, celebrity, shipping: shippingSettingsOf(settings) }),
    [bundles, celebrity, settings],
  );
  return (
    <div className="cart-page container">
      <Breadcrumb items={[{ title: '購物車' }]} />
      <h1 className="page-title">購物車</h1>
      {celebrity?.discount ? (
        <p className="cart-page__referral">
          您正透過 {celebrity.name || celebrity.code} 的推薦連結購物，推薦商品享網紅優惠價。
        </p>
      ) : null}
      <QueryProvider>
        <CartScreen memberId={loaderData.memberId} member={loaderData.member} code={loaderData.code} offers={offers} />
      </QueryProvider>
    </div>
  );
}

interface CartScreenProps {
  memberId: number | null;
  member: CheckoutMember | null;
  code: string | null;
  offers: CheckoutOffers;
}

function CartScreen({ memberId, member, code, offers }: CartScreenProps) {
  const { query, setQty, remove, removeAll } = useCart(memberId);
  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) {
    return (
      <p className="form-result form-result--error" role="alert">
        購物車暫時無法讀取，請重新整理頁面後再試。
      </p>
    );
  }
  const lines = query.data;
  if (lines.length === 0) {
    return (
      <div className="cart-empty">
        <EmptyState text="購物車是空的" />
        <ShopLink to="/products" className="button button--primary">
          去逛逛
        </ShopLink>
      </div>
    );
  }
  const failed = setQty.error ?? remove.error ?? removeAll.error;
  const cartLines = (
    <CartLines
      lines={lines}
      onQty={(line) => setQty.mutate(line)}
      onRemove={(line) => remove.mutate(line)}
      onClear={() => removeAll.mutate()}
      error={failed ? failed.message || '購物車更新失敗，請稍後再試' : ''}
    />
  );
  return memberId !== null ? (
    <MemberCheckout lines={lines} member={member} code={code} offers={offers} cartLines={cartLines} />
  ) : (
    <GuestCheckout lines={lines} offers={offers} cartLines={cartLines} />
  );
}

/** A guest sees the lines and totals, and is asked to log in to check out (back to /cart afterwards). */
function GuestCheckout({
  lines,
  offers,
  cartLines,
}: {
  lines: CartLineView[];
  offers: CheckoutOffers;
  cartLines: React.ReactNode;
}) {
  const location = useLocation();
  const priced = useMemo(() => priceCart(lines, offers, DeliveryMethod.GeneralHome), [lines, offers]);
  return (
    <div className="cart-layout">
      <div className="cart-layout__main">{cartLines}</div>
      <aside className="cart-layout__aside">
        <OrderSummary
          priced={priced}
          freeShippingThreshold={offers.shipping.freeShippingThreshold}
          celebrityName={offers.celebrity?.name}
          estimated
        />
        <div className="checkout-login">
          <p>結帳前請先登入會員，購物車內的商品會保留並合併到會員購物車。</p>
          <ShopLink to={loginHref(`${location.pathname}${location.search}`)} className="button button--primary">
            登入會員並結帳
          </ShopLink>
        </div>
      </aside>
    </div>
  );
}

function MemberCheckout({
  lines,
  member,
  code,
  offers,
  cartLines,
}: {
  lines: CartLineView[];
  member: CheckoutMember | null;
  code: string | null;
  offers: CheckoutOffers;
  cartLines: React.ReactNode;
}) {
  const { form, priced, submit, alert, busy } = useCheckout({ lines, offers, member, code });
  return (
    <div className="cart-layout">
      <div className="cart-layout__main">
        {cartLines}
        <CheckoutForm
          id={CHECKOUT_FORM_ID}
          form={form}
          priced={priced}
          shipping={offers.shipping}
          bonusBalance={member?.bonus ?? 0}
          onSubmit={submit}
        />
      </div>
      <aside className="cart-layout__aside">
        <OrderSummary
          priced={priced}
          freeShippingThreshold={offers.shipping.freeShippingThreshold}
          celebrityName={offers.celebrity?.name}
        />
        <div className="checkout-submit">
          <p className={alert ? 'form-result form-result--error' : 'form-result'} role="alert">
            {alert}
          </p>
          <button type="submit" form={CHECKOUT_FORM_ID} className="button button--primary" disabled={busy}>
            {busy ? '訂單處理中…' : '確認訂購'}
          </button>
        </div>
      </aside>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

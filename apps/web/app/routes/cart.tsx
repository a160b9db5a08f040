import { couponMsg, DeliveryMethod } from '@shop/domain';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Route } from './+types/cart';
import { useRootData } from '../root-data.ts';
import { orFallback, withGuestFallback } from '../api/client.ts';
import {
  BASIC_PAYMENT_METHODS,
  getInstallmentPlan,
  NO_INSTALLMENTS,
  getBundlesInActivity,
  getCelebrityOffer,
  getPaymentMethods,
} from '../api/checkout-offers.ts';
import { getMember } from '../api/members.ts';
import { ALL_STORE_CHAINS, getStoreChains } from '../api/logistics.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { Breadcrumb } from '../components/ui/breadcrumb.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { LoadingSpinner } from '../components/ui/loading-spinner.tsx';
import { CartLines } from '../features/cart/cart-lines.tsx';
import { memberIdFromCookies } from '../features/cart/cart-owner.ts';
import { loadMemberLines } from '../features/cart/cart-source.ts';
import {
  bundleOffers,
  priceCart,
  shippingSettingsOf,
  type CartLineView,
  type CheckoutOffers,
} from '../features/cart/cart-view.ts';
import { checkoutMemberOf, type CheckoutMember } from '../features/cart/checkout-values.ts';
import { OrderSummary } from '../features/cart/order-summary.tsx';
import { useCart } from '../features/cart/use-cart.ts';
import { loginHref } from '../lib/login-link.ts';
import { pageMeta } from '../lib/page-meta.ts';
import { QueryProvider } from '../lib/query-provider.tsx';
import { currentReferralCode } from '../lib/referral-code.ts';

// The checkout form (React Hook Form, the address data, the order calls) is for members only.
const MemberCheckout = lazy(() => import('../features/cart/member-checkout.tsx'));

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '購物車');

/** The cart is personal: never kept by a browser or a proxy. */
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const code = currentReferralCode(url);
  const memberId = memberIdFromCookies(request.headers.get('cookie') ?? '');
  // Offers are public: an expired token still gets them (as a guest); the member's own data does not.
  const pub = withGuestFallback(context.apiFetch, context.guestAuthorization, { tokenExpired: false });
  const [bundles, celebrity, member, lines, paymentMethods, storeChains, installmentPlan] = await Promise.all([
    orFallback(getBundlesInActivity(pub), []),
    code ? orFallback(getCelebrityOffer(pub, code), null) : null,
    memberId ? orFallback(getMember(context.apiFetch, memberId), null) : null,
    // A member's cart is on the server: rendered with the page (a guest's is in the browser only).
    memberId ? orFallback(loadMemberLines(context.apiFetch, memberId), null) : null,
    orFallback(getPaymentMethods(pub), BASIC_PAYMENT_METHODS),
    orFallback(
      getStoreChains(pub).then((answer) => answer.chains),
      ALL_STORE_CHAINS,
    ),
    orFallback(getInstallmentPlan(pub), NO_INSTALLMENTS),
  ]);
  return {
    memberId,
    code,
    bundles: bundleOffers(bundles),
    celebrity,
    member: member ? checkoutMemberOf(member) : null,
    lines,
    paymentMethods,
    storeChains,
    installmentPlan,
  };
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const settings = useRootData()?.settings;
  const { bundles, celebrity, paymentMethods, storeChains, installmentPlan } = loaderData;
  const offers = useMemo<CheckoutOffers>(
    () => ({
      bundles,
      celebrity,
      shipping: shippingSettingsOf(settings),
      paymentMethods,
      storeChains,
      installmentPlan,
    }),
    [bundles, celebrity, settings, paymentMethods, storeChains, installmentPlan],
  );
  return (
    <div className="cart-page container">
      <Breadcrumb items={[{ title: '購物車' }]} />
      <h1 className="page-title">購物車</h1>
      {loaderData.memberId === null ? (
        // spec §4: a guest's cart lives in this browser's local storage until a login joins it.
        <p className="cart-page__note">
          您尚未登入：購物車商品暫存在這個瀏覽器。登入會員後，商品會合併到會員購物車，即可填寫收件資料並結帳。
        </p>
      ) : null}
      {celebrity?.discount ? (
        <p className="cart-page__referral">
          您正透過 {celebrity.name || celebrity.code} 的推薦連結購物，推薦商品享網紅優惠價。
        </p>
      ) : null}
      <QueryProvider>
        <CartScreen
          memberId={loaderData.memberId}
          member={loaderData.member}
          code={loaderData.code}
          offers={offers}
          initialLines={loaderData.lines ?? undefined}
        />
      </QueryProvider>
    </div>
  );
}

interface CartScreenProps {
  memberId: number | null;
  member: CheckoutMember | null;
  code: string | null;
  offers: CheckoutOffers;
  initialLines?: CartLineView[];
}

function CartScreen({ memberId, member, code, offers, initialLines }: CartScreenProps) {
  const { query, setQty, remove, removeAll, joining } = useCart(memberId, initialLines);
  if (query.isPending || joining) {
    // Room for the lines, so the footer does not jump when they arrive.
    return (
      <div className="cart-loading">
        <LoadingSpinner />
      </div>
    );
  }
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
      celebrity={offers.celebrity}
    />
  );
  if (memberId === null) return <GuestCheckout lines={lines} offers={offers} cartLines={cartLines} />;
  return (
    <Suspense fallback={<CheckoutLoading lines={lines} offers={offers} cartLines={cartLines} />}>
      <MemberCheckout lines={lines} member={member} code={code} offers={offers} cartLines={cartLines} />
    </Suspense>
  );
}

interface SummaryProps {
  lines: CartLineView[];
  offers: CheckoutOffers;
  cartLines: ReactNode;
}

/** A guest sees the lines and totals, and is asked to log in to check out (back to /cart afterwards). */
function GuestCheckout({ lines, offers, cartLines }: SummaryProps) {
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
          <p>還不是會員？登入頁可以用手機號碼快速註冊。</p>
          <p>{couponMsg.loginRequired}；會員等級折扣也於登入後結帳時折抵。</p>
          <ShopLink to={loginHref(`${location.pathname}${location.search}`)} className="button button--primary">
            登入會員並結帳
          </ShopLink>
        </div>
      </aside>
    </div>
  );
}

/** While the checkout form loads (a member's first client-side visit): the lines and totals already. */
function CheckoutLoading({ lines, offers, cartLines }: SummaryProps) {
  const priced = useMemo(() => priceCart(lines, offers, DeliveryMethod.GeneralHome), [lines, offers]);
  return (
    <div className="cart-layout">
      <div className="cart-layout__main">
        {cartLines}
        <LoadingSpinner />
      </div>
      <aside className="cart-layout__aside">
        <OrderSummary priced={priced} freeShippingThreshold={offers.shipping.freeShippingThreshold} estimated />
      </aside>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

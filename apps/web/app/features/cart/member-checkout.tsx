import { Suspense, useEffect, type ReactNode } from 'react';
import { itemOf, track, valueOf } from '../../lib/analytics.tsx';
import { ALL_STORE_CHAINS } from '../../api/logistics.ts';
import type { CartLineView, CheckoutOffers } from './cart-view.ts';
import { CheckoutForm } from './checkout-form.tsx';
import { CouponBox } from './coupon-box.tsx';
import type { CheckoutMember } from './checkout-values.ts';
import { OrderSummary } from './order-summary.tsx';
import { useCheckout } from './use-checkout.ts';

const CHECKOUT_FORM_ID = 'checkout-form';

export interface MemberCheckoutProps {
  lines: CartLineView[];
  member: CheckoutMember | null;
  code: string | null;
  offers: CheckoutOffers;
  /** The cart's lines (features/cart/cart-lines.tsx), above the form. */
  cartLines: ReactNode;
}

/**
 * A member's /cart: the lines, the checkout form and, beside them on a desktop (under them on a
 * phone), the totals and 「確認訂購」. Loaded only for members: guests never download the form.
 */
export default function MemberCheckout({ lines, member, code, offers, cartLines }: MemberCheckoutProps) {
  const { form, priced, level, coupon, submit, alert, busy, openStoreMap } = useCheckout({
    lines,
    offers,
    member,
    code,
  });
  const orderable = lines.length > 0;
  useEffect(() => {
    // Once per visit of the checkout with something in it (issue 43 item 5).
    if (!orderable) return;
    const items = lines.map(itemOf);
    track('begin_checkout', { value: valueOf(items), items });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the lines as they were when the checkout opened
  }, [orderable]);
  return (
    <div className="cart-layout">
      <div className="cart-layout__main">
        {cartLines}
        {/* Its own boundary: the long form hydrates in a task of its own, after the lines and totals. */}
        <Suspense fallback={null}>
          <CheckoutForm
            id={CHECKOUT_FORM_ID}
            form={form}
            priced={priced}
            shipping={offers.shipping}
            paymentMethods={offers.paymentMethods}
            installmentPlan={offers.installmentPlan}
            bonusBalance={member?.bonus ?? 0}
            storeChains={offers.storeChains ?? ALL_STORE_CHAINS}
            onChooseStore={(chain) => void openStoreMap(chain)}
            busy={busy}
            onSubmit={submit}
          />
        </Suspense>
      </div>
      <aside className="cart-layout__aside">
        <CouponBox {...coupon} />
        <OrderSummary
          priced={priced}
          freeShippingThreshold={offers.shipping.freeShippingThreshold}
          celebrityName={offers.celebrity?.name}
          levelName={level?.name}
        />
        <div className="checkout-submit">
          <p className={alert.text ? `form-result form-result--${alert.tone}` : 'form-result'} role="alert">
            {alert.text}
          </p>
          <button type="submit" form={CHECKOUT_FORM_ID} className="button button--primary" disabled={busy}>
            {busy ? '訂單處理中…' : '確認訂購'}
          </button>
        </div>
      </aside>
    </div>
  );
}

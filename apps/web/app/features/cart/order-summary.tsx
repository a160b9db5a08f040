import { formatNtd, msg, type OrderTotals } from '@shop/domain';

interface OrderSummaryProps {
  priced: OrderTotals;
  /** Net goods amount from which shipping is free; null = never. */
  freeShippingThreshold: number | null;
  /** The influencer whose code gave the discount (spec §5). */
  celebrityName?: string;
  /** Whether a delivery method was chosen (a guest's summary assumes home delivery). */
  estimated?: boolean;
  /** The member level whose discount applies (docs/decisions/061). */
  levelName?: string;
}

/**
 * The cart's totals, computed by the same rule as the order (docs/decisions/009): goods, bundle,
 * influencer, member-level and coupon discounts (docs/decisions/061), shipping (with the free-shipping badge at NT$0), points, and what to pay.
 */
export function OrderSummary({
  priced,
  freeShippingThreshold,
  celebrityName = '',
  estimated = false,
  levelName = '',
}: OrderSummaryProps) {
  const missing =
    freeShippingThreshold !== null && priced.shipping > 0 ? freeShippingThreshold - priced.netGoodsAmount : 0;
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="order-summary__title">
        訂單金額
      </h2>
      <dl className="order-summary__rows">
        <div>
          <dt>商品小計</dt>
          <dd>{formatNtd(priced.goodsAmount)}</dd>
        </div>
        {priced.bundles.map((bundle) => (
          <div key={bundle.id} className="order-summary__discount">
            <dt>組合優惠：{bundle.title}</dt>
            <dd>{formatNtd(-bundle.discount)}</dd>
          </div>
        ))}
        {priced.celebrityDiscount > 0 ? (
          <div className="order-summary__discount">
            <dt>網紅推薦優惠{celebrityName ? `（${celebrityName}）` : ''}</dt>
            <dd>{formatNtd(-priced.celebrityDiscount)}</dd>
          </div>
        ) : null}
        {priced.levelDiscount > 0 ? (
          <div className="order-summary__discount">
            <dt>會員折扣{levelName ? `（${levelName}）` : ''}</dt>
            <dd>{formatNtd(-priced.levelDiscount)}</dd>
          </div>
        ) : null}
        {priced.coupon && priced.couponDiscount > 0 ? (
          <div className="order-summary__discount">
            <dt>優惠券：{priced.coupon.name}</dt>
            <dd>{formatNtd(-priced.couponDiscount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>運費{estimated ? '（宅配估算）' : ''}</dt>
          <dd>
            {priced.freeShipping ? <span className="free-badge">{msg.freeShipping}</span> : formatNtd(priced.shipping)}
          </dd>
        </div>
        {priced.useBonus > 0 ? (
          <div className="order-summary__discount">
            <dt>紅利折抵</dt>
            <dd>{formatNtd(-priced.useBonus)}</dd>
          </div>
        ) : null}
        <div className="order-summary__total">
          <dt>應付金額</dt>
          <dd>{formatNtd(priced.payAmount)}</dd>
        </div>
      </dl>
      {missing > 0 ? <p className="order-summary__note">再買 {formatNtd(missing)} 即可享免運費</p> : null}
    </section>
  );
}

import { money } from '../format.ts';
import type { OrderDetail } from './order-detail.ts';

function Amount({ label, value, negative }: { label: string; value: number; negative?: boolean }) {
  if (!value && negative) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{money(negative ? -value : value)}</dd>
    </>
  );
}

/** What was bought, at the prices frozen in the order, and how the amount to pay adds up. */
export function OrderLinesCard({ order: o }: { order: OrderDetail }) {
  return (
    <section className="bo-card" aria-labelledby="lines-title">
      <h2 id="lines-title">訂購內容</h2>
      <div className="bo-table-wrap">
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">品項</th>
              <th scope="col" className="bo-num">
                單價
              </th>
              <th scope="col" className="bo-num">
                數量
              </th>
              <th scope="col" className="bo-num">
                小計
              </th>
            </tr>
          </thead>
          <tbody>
            {o.lines.map((l, i) => (
              <tr key={i}>
                <td>
                  {l.kind === 'package' ? <span className="bo-badge">組合</span> : null} {l.name}
                  {l.spec_name ? `（${l.spec_name}）` : ''}
                </td>
                <td className="bo-num">{money(l.on_sale_price)}</td>
                <td className="bo-num">{l.qty}</td>
                <td className="bo-num">{money(l.on_sale_price * l.qty)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="bo-dl" style={{ marginTop: 12 }}>
        <Amount label="商品金額" value={o.goods_amount} />
        <Amount label="組合優惠" value={o.discount_amount} negative />
        <Amount label="網紅折扣" value={o.celebrity_discount} negative />
        <Amount label="會員折扣" value={o.level_discount} negative />
        <Amount label={o.coupon_code ? `優惠券 ${o.coupon_code}` : '優惠券'} value={o.coupon_discount} negative />
        <dt>運費</dt>
        <dd>{o.shipping === 0 ? '免運費' : money(o.shipping)}</dd>
        <Amount label="紅利折抵" value={o.use_bonus} negative />
        <dt>應付金額</dt>
        <dd>
          <strong>{money(o.pay_amount)}</strong>
        </dd>
      </dl>
    </section>
  );
}

// A short list of orders (the dashboard's latest, a member's own): number, time, payment, amount, state.
import { Link } from 'react-router';
import { type AdminOrderListItem, labelOf, msg, shopDateTime } from '@shop/domain';
import { money } from '../format.ts';
import { OrderBadges } from './order-badges.tsx';

/** `withRecipient` adds the 收件人 column (a member's own orders do not need it). */
export function OrderSummaryTable({
  orders,
  withRecipient = false,
}: {
  orders: readonly AdminOrderListItem[];
  withRecipient?: boolean;
}) {
  return (
    <div className="bo-table-wrap">
      <table className="bo-table">
        <thead>
          <tr>
            <th scope="col">訂單編號</th>
            <th scope="col">訂購時間</th>
            {withRecipient ? <th scope="col">收件人</th> : null}
            <th scope="col">付款方式</th>
            <th scope="col" className="bo-num">
              金額
            </th>
            <th scope="col">狀態</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id}>
              <td>
                <Link to={`/admin/orders/${o.id}`}>{o.order_number}</Link>
              </td>
              <td className="bo-nowrap">{shopDateTime(o.created_at)}</td>
              {withRecipient ? <td>{o.recv_name}</td> : null}
              <td>{labelOf(msg.paymentMethodLabel, o.payment_type)}</td>
              <td className="bo-num">{money(o.pay_amount)}</td>
              <td>
                <OrderBadges order={o} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

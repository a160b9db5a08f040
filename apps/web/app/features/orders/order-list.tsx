import { formatNtd } from '@shop/domain';
import { ShopLink } from '../../components/shop-link.tsx';
import { OrderStates } from './order-detail.tsx';
import type { OrderView } from './order-view.ts';

interface OrderListProps {
  orders: OrderView[];
  /** Where an order's detail is; each list links its own way (member centre, guest lookup). */
  detailHref: (order: OrderView) => string;
}

/** spec §2 order lists: one card per order, date `yyyy-MM-dd`, amount and states; 5 per page (caller). */
export function OrderList({ orders, detailHref }: OrderListProps) {
  return (
    <ul className="order-list">
      {orders.map((order) => (
        <li key={order.orderNumber} className="order-card">
          <div className="order-card__head">
            <ShopLink to={detailHref(order)} className="order-card__number">
              <span className="visually-hidden">訂單編號 </span>
              {order.orderNumber}
            </ShopLink>
            <time className="order-card__date">{order.listDate}</time>
          </div>
          <dl className="order-card__facts">
            <div>
              <dt>付款方式</dt>
              <dd>{order.paymentLabel}</dd>
            </div>
            <div>
              <dt>訂單金額</dt>
              <dd className="order-card__amount">{formatNtd(order.payAmount)}</dd>
            </div>
          </dl>
          <div className="order-card__foot">
            <OrderStates order={order} />
            <ShopLink
              to={detailHref(order)}
              className="order-card__more"
              // The visible words come first in the name (WCAG 2.5.3), the order number tells the links apart.
              aria-label={`查看明細：訂單 ${order.orderNumber}`}
            >
              查看明細 <span aria-hidden="true">›</span>
            </ShopLink>
          </div>
        </li>
      ))}
    </ul>
  );
}

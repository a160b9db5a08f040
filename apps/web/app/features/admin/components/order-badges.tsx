import { orderBadges, type OrderStateFields } from '../order-labels.ts';

export function OrderBadges({ order }: { order: OrderStateFields }) {
  return (
    <span className="bo-actions">
      {orderBadges(order).map((b) => (
        <span key={b.text} className={`bo-badge${b.tone ? ` bo-badge--${b.tone}` : ''}`}>
          {b.text}
        </span>
      ))}
    </span>
  );
}

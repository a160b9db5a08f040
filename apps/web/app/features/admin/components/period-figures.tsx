import type { AdminDashboard } from '@shop/domain';
import { money } from '../format.ts';

/**
 * A period's orders with their revenue, and its unpaid orders apart: money not in yet (a card
 * payment given up, an ATM account not paid) is no revenue (issue 20 item 6, docs/decisions/030).
 */
export function PeriodFigures({ period, totals }: { period: '今日' | '本月'; totals: AdminDashboard['today'] }) {
  return (
    <>
      <div className="bo-stat">
        <div className="bo-stat__label">{period}訂單</div>
        <div className="bo-stat__value">{totals.orders}</div>
        <div className="bo-stat__sub">營業額（已付款） {money(totals.revenue)}</div>
      </div>
      <div className="bo-stat">
        <div className="bo-stat__label">{period}未付款訂單</div>
        <div className="bo-stat__value">{totals.unpaid.orders}</div>
        <div className="bo-stat__sub">尚未收款 {money(totals.unpaid.amount)}</div>
      </div>
    </>
  );
}

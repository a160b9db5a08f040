// The owner's numbers (issue 42): the sales report of a range of Taiwan days, beside the period of the
// same length before it, read from the daily sums the order lifecycle keeps (docs/decisions/084).
import {
  eachDay,
  previousPeriod,
  SALES_REPORT_TOP,
  shopDateSpan,
  type SalesDay,
  type SalesReport,
  type SalesReportQuery,
  type SalesTotals,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { countMembersJoined } from '../members/index.ts';
import { salesSummary } from '../orders/index.ts';

type DailyRow = Awaited<ReturnType<typeof salesSummary.readDailySums>>[number];

/** Sums of rows by a key, in the key's order. */
function sumBy<K extends number | string>(rows: readonly DailyRow[], key: (r: DailyRow) => K) {
  const sums = new Map<K, { orders: number; paid: number; refunded: number }>();
  for (const r of rows) {
    const s = sums.get(key(r)) ?? { orders: 0, paid: 0, refunded: 0 };
    s.orders += r.orders;
    s.paid += r.paid;
    s.refunded += r.refunded;
    sums.set(key(r), s);
  }
  return [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const money = (s: { orders: number; paid: number; refunded: number }) => ({
  orders: s.orders,
  revenue: s.paid - s.refunded,
  refunds: s.refunded,
});

async function periodTotals(db: Db, range: SalesReportQuery, rows: readonly DailyRow[]): Promise<SalesTotals> {
  const span = shopDateSpan(range.from, range.to);
  const [newMembers, buyingMembers] = await Promise.all([
    countMembersJoined(db, span.start!, span.end!),
    salesSummary.countBuyingMembers(db, range),
  ]);
  const all = sumBy(rows, () => 0)[0]?.[1] ?? { orders: 0, paid: 0, refunded: 0 };
  return {
    ...money(all),
    average_order_value: all.orders === 0 ? 0 : Math.round(all.paid / all.orders),
    new_members: newMembers,
    buying_members: buyingMembers,
  };
}

function dailySeries(range: SalesReportQuery, rows: readonly DailyRow[]): SalesDay[] {
  const byDay = new Map(sumBy(rows, (r) => r.day));
  return eachDay(range.from, range.to).map((date) => {
    const s = byDay.get(date) ?? { orders: 0, paid: 0, refunded: 0 };
    return { date, ...money(s) };
  });
}

async function bestSellers(db: Db, range: SalesReportQuery) {
  const top = (perSpec: boolean, by: 'units' | 'revenue') =>
    salesSummary.readTopProducts(db, range, { perSpec, by, limit: SALES_REPORT_TOP });
  const [byUnits, byRevenue, specs] = await Promise.all([
    top(false, 'units'),
    top(false, 'revenue'),
    top(true, 'units'),
  ]);
  const product = (r: (typeof byUnits)[number]) => ({
    products_id: r.productId,
    name: r.name,
    units: r.units,
    revenue: r.revenue,
  });
  return {
    top_products: byUnits.map(product),
    top_products_by_revenue: byRevenue.map(product),
    top_specs: specs.map((r) => ({ ...product(r), spec_id: r.specId, spec_name: r.specName })),
  };
}

async function afterSales(db: Db, range: SalesReportQuery): Promise<SalesReport['after_sales']> {
  const span = shopDateSpan(range.from, range.to);
  const { cancels, returns } = await salesSummary.readAfterSales(db, span.start!, span.end!, SALES_REPORT_TOP);
  return {
    cancellations: cancels.total,
    returns: returns.total,
    cancel_reasons: cancels.reasons,
    return_reasons: returns.reasons,
  };
}

/** GET /admin/reports/sales: the range's figures, those of the period before, and the breakdowns. */
export async function salesReport(db: Db, range: SalesReportQuery): Promise<SalesReport> {
  const previous = previousPeriod(range);
  const [rows, previousRows] = await Promise.all([
    salesSummary.readDailySums(db, range),
    salesSummary.readDailySums(db, previous),
  ]);
  const [totals, previousTotals, sellers, requests] = await Promise.all([
    periodTotals(db, range, rows),
    periodTotals(db, previous, previousRows),
    bestSellers(db, range),
    afterSales(db, range),
  ]);
  return {
    from: range.from,
    to: range.to,
    days: dailySeries(range, rows),
    totals,
    previous: { ...previous, totals: previousTotals },
    by_payment_type: sumBy(rows, (r) => r.paymentType).map(([payment_type, s]) => ({ payment_type, ...money(s) })),
    by_delivery_method: sumBy(rows, (r) => r.deliveryMethod).map(([delivery_method, s]) => ({
      delivery_method,
      ...money(s),
    })),
    ...sellers,
    after_sales: requests,
  };
}

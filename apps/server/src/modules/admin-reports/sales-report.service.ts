// The owner's numbers (issue 42): the sales report of a range of Taiwan days, beside the period of the
// same length before it, read from the daily sums the order lifecycle keeps (docs/decisions/084).
import {
  eachDay,
  previousPeriod,
  SALES_REPORT_TOP,
  shopDateSpan,
  type SalesReport,
  type SalesReportQuery,
  type SalesTotals,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { countMembersJoined } from '../members/index.ts';
import { salesSummary } from '../orders/index.ts';
import type { KeptSalesSums } from './kept-sales-sums.ts';

type Sums = salesSummary.SalesSums;
const NONE: Sums = { orders: 0, paid: 0, refunded: 0 };

/** Revenue is what was paid less what went back, each on its own day. */
const money = (s: Sums = NONE) => ({ orders: s.orders, revenue: s.paid - s.refunded, refunds: s.refunded });

function totalsOf(sums: Sums, newMembers: number, buyingMembers: number): SalesTotals {
  return {
    ...money(sums),
    average_order_value: sums.orders === 0 ? 0 : Math.round(sums.paid / sums.orders),
    new_members: newMembers,
    buying_members: buyingMembers,
  };
}

const byKey = <K extends number>(map: Map<K, Sums>) => [...map.entries()].sort(([a], [b]) => a - b);

function bestSellers(rows: salesSummary.BestSeller[]) {
  const of = (list: salesSummary.BestSeller['list']) => rows.filter((r) => r.list === list);
  const product = (r: salesSummary.BestSeller) => ({
    products_id: r.product_id,
    name: r.name,
    units: r.units,
    revenue: r.revenue,
  });
  return {
    top_products: of('units').map(product),
    top_products_by_revenue: of('revenue').map(product),
    top_specs: of('specs').map((r) => ({ ...product(r), spec_id: r.spec_id, spec_name: r.spec_name })),
  };
}

function afterSales(rows: salesSummary.RequestReason[]): SalesReport['after_sales'] {
  const of = (kind: salesSummary.RequestReason['kind']) => rows.filter((r) => r.kind === kind);
  const reasons = (kind: salesSummary.RequestReason['kind']) =>
    of(kind).map((r) => ({ reason: r.reason, count: r.count }));
  return {
    cancellations: of('cancel')[0]?.total ?? 0,
    returns: of('return')[0]?.total ?? 0,
    cancel_reasons: reasons('cancel'),
    return_reasons: reasons('return'),
  };
}

/** What a report reads from the kept sums and the requests: the part a process may keep until they change. */
export interface SalesSumsPart {
  now: salesSummary.SalesBreakdown;
  figures: salesSummary.PeriodFigures;
  sellers: salesSummary.BestSeller[];
  requests: salesSummary.RequestReason[];
}

/**
 * GET /admin/reports/sales: the range's figures, those of the period before, and the breakdowns.
 * With `kept`, all but the sign-ups is read once per range until a payment, refund, request or
 * rebuild moves the count (decision 093); the members module's sign-ups are read every time.
 */
export async function salesReport(
  db: Db,
  range: SalesReportQuery,
  kept?: KeptSalesSums<SalesSumsPart>,
): Promise<SalesReport> {
  const previous = previousPeriod(range);
  const span = shopDateSpan(range.from, range.to);
  const previousSpan = shopDateSpan(previous.from, previous.to);
  const readSums = async (): Promise<SalesSumsPart> => {
    const [now, figures, sellers, requests] = await Promise.all([
      salesSummary.readSalesBreakdown(db, range),
      salesSummary.readPeriodFigures(db, range, previous),
      salesSummary.readBestSellers(db, range, SALES_REPORT_TOP),
      salesSummary.readAfterSales(db, span.start!, span.end!, SALES_REPORT_TOP),
    ]);
    return { now, figures, sellers, requests };
  };
  // The count first: sums read after it are at least as new as it says.
  const sums = kept
    ? kept.get(`${range.from}/${range.to}`, await salesSummary.readSalesVersion(db), readSums)
    : readSums();
  // On the embedded database the statements run one after another, so fewer is faster.
  const [{ now, figures, sellers, requests }, [joined = 0, joinedBefore = 0]] = await Promise.all([
    sums,
    countMembersJoined(db, [
      { start: span.start!, end: span.end! },
      { start: previousSpan.start!, end: previousSpan.end! },
    ]),
  ]);
  return {
    from: range.from,
    to: range.to,
    days: eachDay(range.from, range.to).map((date) => ({ date, ...money(now.days.get(date)) })),
    totals: totalsOf(now.total, joined, figures.buyingMembers),
    previous: { ...previous, totals: totalsOf(figures.before, joinedBefore, figures.buyingMembersBefore) },
    by_payment_type: byKey(now.paymentTypes).map(([payment_type, s]) => ({ payment_type, ...money(s) })),
    by_delivery_method: byKey(now.deliveryMethods).map(([delivery_method, s]) => ({ delivery_method, ...money(s) })),
    ...bestSellers(sellers),
    after_sales: afterSales(requests),
  };
}

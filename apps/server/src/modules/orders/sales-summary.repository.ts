// Reads of the daily sums for the sales report (issue 42): each query is bounded by the range's days
// through the tables' primary keys and aggregates in the database, so a year of a busy shop answers a
// few hundred rows in a handful of queries.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { salesSummaryVersion } from '../../db/schema/index.ts';

export interface DayRange {
  from: string;
  to: string;
}

export interface SalesSums {
  orders: number;
  paid: number;
  refunded: number;
}

/**
 * How many changes the sums have had (docs/decisions/093). Read before the sums it keys: sums read
 * after it are at least as new as the count, never older.
 */
export async function readSalesVersion(db: Db): Promise<number> {
  const [row] = await db.select({ changes: salesSummaryVersion.changes }).from(salesSummaryVersion);
  return row?.changes ?? 0;
}

export interface SalesBreakdown {
  total: SalesSums;
  days: Map<string, SalesSums>;
  paymentTypes: Map<number, SalesSums>;
  deliveryMethods: Map<number, SalesSums>;
}

type SumRow = SalesSums & {
  day: string | null;
  payment_type: number | null;
  delivery_method: number | null;
  g: number;
};

/** The range's sums in total, per day, per way of paying and per way of delivery, in one pass. */
export async function readSalesBreakdown(db: Db, { from, to }: DayRange): Promise<SalesBreakdown> {
  const { rows } = (await db.execute(sql`
    SELECT day::text AS day, payment_type, delivery_method, GROUPING(day, payment_type, delivery_method)::int AS g,
           coalesce(sum(orders), 0)::int AS orders, coalesce(sum(paid), 0)::int AS paid,
           coalesce(sum(refunded), 0)::int AS refunded
    FROM sales_daily WHERE day BETWEEN ${from} AND ${to}
    GROUP BY GROUPING SETS ((day), (payment_type), (delivery_method), ())`)) as unknown as { rows: SumRow[] };
  const out: SalesBreakdown = {
    total: { orders: 0, paid: 0, refunded: 0 },
    days: new Map(),
    paymentTypes: new Map(),
    deliveryMethods: new Map(),
  };
  for (const r of rows) {
    const sums = { orders: r.orders, paid: r.paid, refunded: r.refunded };
    // GROUPING's bits, day first: 0b011 = by day, 0b101 = by payment type, 0b110 = by delivery, 0b111 = all.
    if (r.g === 3 && r.day) out.days.set(r.day, sums);
    else if (r.g === 5 && r.payment_type !== null) out.paymentTypes.set(r.payment_type, sums);
    else if (r.g === 6 && r.delivery_method !== null) out.deliveryMethods.set(r.delivery_method, sums);
    else if (r.g === 7) out.total = sums;
  }
  return out;
}

export interface BestSeller {
  list: 'units' | 'revenue' | 'specs';
  product_id: number;
  spec_id: number;
  name: string;
  spec_name: string;
  units: number;
  revenue: number;
}

/**
 * The best sellers three ways in one query: products by units, products by line amounts, specs by
 * units; `limit` of each, ties broken by the other figure and then the product's number. Names are
 * looked up for the winners only: the catalogue's, or the order snapshot's for a product deleted since.
 */
export async function readBestSellers(db: Db, { from, to }: DayRange, limit: number): Promise<BestSeller[]> {
  const { rows } = (await db.execute(sql`
    WITH spec_sums AS (
      SELECT product_id, spec_id, sum(units)::int AS units, sum(revenue)::int AS revenue
      FROM sales_daily_products WHERE day BETWEEN ${from} AND ${to}
      GROUP BY product_id, spec_id
    ),
    product_sums AS (
      SELECT product_id, 0 AS spec_id, sum(units)::int AS units, sum(revenue)::int AS revenue
      FROM spec_sums GROUP BY product_id
    ),
    winners AS (
      (SELECT 'units' AS list, 1 AS list_order, row_number() OVER (ORDER BY units DESC, revenue DESC, product_id) AS rank, *
       FROM product_sums ORDER BY rank LIMIT ${limit})
      UNION ALL
      (SELECT 'revenue', 2, row_number() OVER (ORDER BY revenue DESC, units DESC, product_id), *
       FROM product_sums ORDER BY 3 LIMIT ${limit})
      UNION ALL
      (SELECT 'specs', 3, row_number() OVER (ORDER BY units DESC, revenue DESC, product_id, spec_id), *
       FROM spec_sums ORDER BY 3 LIMIT ${limit})
    )
    SELECT w.list, w.product_id, w.spec_id, w.units, w.revenue,
           coalesce(p.name, snapshot.name, '') AS name,
           CASE WHEN w.list = 'specs' THEN coalesce(ps.name, snapshot.spec_name, '') ELSE '' END AS spec_name
    FROM winners w
    LEFT JOIN products p ON p.id = w.product_id
    LEFT JOIN product_specs ps ON ps.id = w.spec_id AND ps.product_id = w.product_id
    -- A product or spec deleted since: the name its last sale in the range was made under.
    LEFT JOIN LATERAL (
      SELECT d.name, d.spec_name FROM sales_daily_products d
      WHERE (p.id IS NULL OR (w.list = 'specs' AND ps.id IS NULL))
        AND d.product_id = w.product_id AND (w.list <> 'specs' OR d.spec_id = w.spec_id)
        AND d.day BETWEEN ${from} AND ${to}
      ORDER BY d.day DESC LIMIT 1
    ) snapshot ON true
    ORDER BY w.list_order, w.rank`)) as unknown as { rows: BestSeller[] };
  return rows;
}

/** What the figures beside the range's need of it and of the period before, in one statement. */
export interface PeriodFigures {
  /** The period before's sums. */
  before: SalesSums;
  /** Members who paid for at least one order in the range, each once; and in the period before. */
  buyingMembers: number;
  buyingMembersBefore: number;
}

export async function readPeriodFigures(db: Db, range: DayRange, before: DayRange): Promise<PeriodFigures> {
  const buying = (r: DayRange) =>
    sql`(SELECT count(DISTINCT member_id)::int FROM sales_member_days WHERE day BETWEEN ${r.from} AND ${r.to})`;
  const { rows } = (await db.execute(sql`
    SELECT coalesce(sum(orders), 0)::int AS orders, coalesce(sum(paid), 0)::int AS paid,
           coalesce(sum(refunded), 0)::int AS refunded,
           ${buying(range)} AS buying, ${buying(before)} AS buying_before
    FROM sales_daily WHERE day BETWEEN ${before.from} AND ${before.to}`)) as unknown as {
    rows: (SalesSums & { buying: number; buying_before: number })[];
  };
  const row = rows[0] ?? { orders: 0, paid: 0, refunded: 0, buying: 0, buying_before: 0 };
  return {
    before: { orders: row.orders, paid: row.paid, refunded: row.refunded },
    buyingMembers: row.buying,
    buyingMembersBefore: row.buying_before,
  };
}

export interface RequestReason {
  kind: 'cancel' | 'return';
  reason: string;
  count: number;
  /** All requests of the kind in the range. */
  total: number;
}

/** Cancel and return requests made between two instants: how many of each, and the most given reasons. */
export async function readAfterSales(db: Db, start: Date, end: Date, limit: number): Promise<RequestReason[]> {
  const { rows } = (await db.execute(sql`
    WITH requests AS (
      SELECT 'cancel' AS kind, btrim(reason) AS reason FROM order_cancel_records
      WHERE created_at >= ${start.toISOString()}::timestamptz AND created_at < ${end.toISOString()}::timestamptz
      UNION ALL
      SELECT 'return', btrim(reason) FROM order_return_records
      WHERE created_at >= ${start.toISOString()}::timestamptz AND created_at < ${end.toISOString()}::timestamptz
    ),
    reasons AS (
      SELECT kind, reason, count(*)::int AS count FROM requests GROUP BY kind, reason
    ),
    ranked AS (
      SELECT kind, reason, count, sum(count) OVER (PARTITION BY kind)::int AS total,
             row_number() OVER (PARTITION BY kind ORDER BY count DESC, reason) AS n
      FROM reasons
    )
    SELECT kind, reason, count, total FROM ranked WHERE n <= ${limit} ORDER BY kind, n`)) as unknown as {
    rows: RequestReason[];
  };
  return rows;
}

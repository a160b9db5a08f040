// Reads of the daily sums for the sales report (issue 42): every query is bounded by the range's days
// through the tables' primary keys, so a year of a busy shop is a few thousand small rows.
import { and, count, countDistinct, desc, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  orderCancelRecords,
  orderReturnRecords,
  salesDaily,
  salesDailyProducts,
  salesMemberDays,
} from '../../db/schema/index.ts';

export interface DayRange {
  from: string;
  to: string;
}

/** The day's sums per way of paying and way of delivery. */
export async function readDailySums(db: Db, { from, to }: DayRange) {
  return db
    .select({
      day: salesDaily.day,
      paymentType: salesDaily.paymentType,
      deliveryMethod: salesDaily.deliveryMethod,
      orders: salesDaily.orders,
      paid: salesDaily.paid,
      refunded: salesDaily.refunded,
    })
    .from(salesDaily)
    .where(and(gte(salesDaily.day, from), lte(salesDaily.day, to)));
}

/** The best sellers, summed per product (or per spec), the most units (or NT$) first. */
export async function readTopProducts(
  db: Db,
  { from, to }: DayRange,
  options: { perSpec: boolean; by: 'units' | 'revenue'; limit: number },
) {
  const p = salesDailyProducts;
  const units = sql<number>`sum(${p.units})::int`;
  const revenue = sql<number>`sum(${p.revenue})::int`;
  const latest = (column: SQL | typeof p.name) => sql<string>`(array_agg(${column} ORDER BY ${p.day} DESC))[1]`;
  const groups = options.perSpec ? [p.productId, p.specId] : [p.productId];
  const [first, second] = options.by === 'units' ? [units, revenue] : [revenue, units];
  return db
    .select({
      productId: p.productId,
      specId: options.perSpec ? p.specId : sql<number>`0`,
      name: latest(p.name),
      specName: latest(sql`${p.specName}`),
      units,
      revenue,
    })
    .from(p)
    .where(and(gte(p.day, from), lte(p.day, to)))
    .groupBy(...groups)
    .orderBy(desc(first), desc(second), p.productId)
    .limit(options.limit);
}

/** Members who paid for at least one order in the range, each once. */
export async function countBuyingMembers(db: Db, { from, to }: DayRange): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(salesMemberDays.memberId) })
    .from(salesMemberDays)
    .where(and(gte(salesMemberDays.day, from), lte(salesMemberDays.day, to)));
  return row?.n ?? 0;
}

type RequestTable = typeof orderCancelRecords | typeof orderReturnRecords;

async function requestsOf(db: Db, table: RequestTable, start: Date, end: Date, limit: number) {
  const inRange = and(gte(table.createdAt, start), lt(table.createdAt, end));
  const [[total], reasons] = await Promise.all([
    db.select({ n: count() }).from(table).where(inRange),
    db
      .select({ reason: sql<string>`btrim(${table.reason})`, count: sql<number>`count(*)::int` })
      .from(table)
      .where(inRange)
      .groupBy(sql`btrim(${table.reason})`)
      .orderBy(desc(sql`count(*)`), sql`btrim(${table.reason})`)
      .limit(limit),
  ]);
  return { total: total?.n ?? 0, reasons };
}

/** Cancel and return requests made between two instants, and their most given reasons. */
export async function readAfterSales(db: Db, start: Date, end: Date, limit: number) {
  const [cancels, returns] = await Promise.all([
    requestsOf(db, orderCancelRecords, start, end, limit),
    requestsOf(db, orderReturnRecords, start, end, limit),
  ]);
  return { cancels, returns };
}

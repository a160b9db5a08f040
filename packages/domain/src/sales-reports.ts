// The owner's numbers (issue 42): the sales report's range, its answer and the pure rules around it
// (range presets, the previous period of the same length, ± %, days folded into weeks). Days are
// Taiwan calendar days, written yyyy-MM-dd, both ends inclusive.
import { z } from 'zod';
import { isShopDate, taipeiDate } from './shop-calendar.ts';

/** The longest range one report covers (issue 42 item 3). */
export const SALES_REPORT_MAX_DAYS = 366;
/** Longer ranges chart weeks instead of days. */
export const SALES_REPORT_WEEKLY_AFTER_DAYS = 90;
/** How many best sellers each list shows. */
export const SALES_REPORT_TOP = 20;

export const salesReportMsg = {
  badDate: '日期格式應為 yyyy-MM-dd',
  reversed: '開始日期不能晚於結束日期',
  tooLong: `查詢區間最多 ${SALES_REPORT_MAX_DAYS} 天`,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to`, both counted. */
export function daysInRange(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** `day` moved by `n` days. */
export function addDays(day: string, n: number): string {
  return dayOf(dayNumber(day) + n);
}

/** Every day of the range, in order. */
export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) out.push(dayOf(n));
  return out;
}

const reportDate = z
  .string({ error: salesReportMsg.badDate })
  .trim()
  .refine(isShopDate, { error: salesReportMsg.badDate });

/** GET /admin/reports/sales?from=&to= */
export const salesReportQuerySchema = z
  .object({ from: reportDate, to: reportDate })
  .superRefine(({ from, to }, ctx) => {
    if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: salesReportMsg.reversed });
    else if (daysInRange(from, to) > SALES_REPORT_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: salesReportMsg.tooLong });
    }
  });
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

/** The period of the same length just before the range, for the ± % beside each figure. */
export function previousPeriod({ from, to }: SalesReportQuery): SalesReportQuery {
  const length = daysInRange(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** Change against the previous period in whole per cent; null when there is nothing to compare with. */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return now === 0 ? 0 : null;
  return Math.round(((now - before) / Math.abs(before)) * 100);
}

export const SALES_RANGE_PRESETS = ['today', '7d', '30d', 'this_month', 'last_month'] as const;
export type SalesRangePreset = (typeof SALES_RANGE_PRESETS)[number];

export const salesRangePresetLabel: Record<SalesRangePreset | 'custom', string> = {
  today: '今天',
  '7d': '近 7 天',
  '30d': '近 30 天',
  this_month: '本月',
  last_month: '上個月',
  custom: '自訂',
};

/** The Taiwan days a preset covers on the day `now` falls on. */
export function presetRange(preset: SalesRangePreset, now: Date): SalesReportQuery {
  const today = taipeiDate(now);
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'this_month':
      return { from: monthStart, to: today };
    case 'last_month': {
      const lastDay = addDays(monthStart, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

const int = z.number().int();

export const salesDaySchema = z.object({
  date: z.string(),
  /** Orders paid that day. */
  orders: int,
  /** NT$ paid that day less NT$ refunded that day. */
  revenue: int,
  /** NT$ refunded that day. */
  refunds: int,
});
export type SalesDay = z.infer<typeof salesDaySchema>;

export const salesTotalsSchema = z.object({
  orders: int,
  revenue: int,
  refunds: int,
  /** NT$ paid per paid order, before refunds. */
  average_order_value: int,
  /** Members who joined in the range. */
  new_members: int,
  /** Members with at least one order paid in the range. */
  buying_members: int,
});
export type SalesTotals = z.infer<typeof salesTotalsSchema>;

const methodSum = { orders: int, revenue: int, refunds: int };
const productSum = { products_id: int, name: z.string(), units: int, revenue: int };
const reasonCount = z.object({ reason: z.string(), count: int });

export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(salesDaySchema),
  totals: salesTotalsSchema,
  /** The same figures for the period of the same length just before. */
  previous: z.object({ from: z.string(), to: z.string(), totals: salesTotalsSchema }),
  by_payment_type: z.array(z.object({ payment_type: int, ...methodSum })),
  by_delivery_method: z.array(z.object({ delivery_method: int, ...methodSum })),
  /** The best sellers by units. */
  top_products: z.array(z.object(productSum)),
  /** The best sellers by line amounts. */
  top_products_by_revenue: z.array(z.object(productSum)),
  /** The best-selling specs by units. */
  top_specs: z.array(z.object({ ...productSum, spec_id: int, spec_name: z.string() })),
  /** Cancel and return requests made in the range, how many of each, and why. */
  after_sales: z.object({
    cancellations: int,
    returns: int,
    cancel_reasons: z.array(reasonCount),
    return_reasons: z.array(reasonCount),
  }),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

export interface SalesPeriodPoint {
  /** First day of the day or week. */
  start: string;
  /** Last day of it. */
  end: string;
  orders: number;
  revenue: number;
  refunds: number;
}

/** The chart's points: each day, or weeks of seven days from the range's first day when it is long. */
export function chartPeriods(days: readonly SalesDay[]): SalesPeriodPoint[] {
  const size = days.length > SALES_REPORT_WEEKLY_AFTER_DAYS ? 7 : 1;
  const out: SalesPeriodPoint[] = [];
  for (let i = 0; i < days.length; i += size) {
    const chunk = days.slice(i, i + size);
    out.push({
      start: chunk[0]!.date,
      end: chunk[chunk.length - 1]!.date,
      orders: chunk.reduce((s, d) => s + d.orders, 0),
      revenue: chunk.reduce((s, d) => s + d.revenue, 0),
      refunds: chunk.reduce((s, d) => s + d.refunds, 0),
    });
  }
  return out;
}

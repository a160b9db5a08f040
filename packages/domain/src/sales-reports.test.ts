import { describe, expect, it } from 'vitest';
import {
  changePercent,
  chartPeriods,
  eachDay,
  presetRange,
  previousPeriod,
  salesReportQuerySchema,
  type SalesDay,
} from './sales-reports.ts';

describe('salesReportQuerySchema', () => {
  it.each([
    [{ from: '2026-08-01', to: '2026-08-31' }, null],
    [{ from: '2028-01-01', to: '2028-12-31' }, null], // 366 days
    [{ from: '2026-01-01', to: '2027-01-02' }, '查詢區間最多 366 天'], // 367 days
    [{ from: '2026-08-02', to: '2026-08-01' }, '開始日期不能晚於結束日期'],
    [{ from: '2026-02-29', to: '2026-03-01' }, '日期格式應為 yyyy-MM-dd'],
    [{ from: '20260801', to: '2026-08-02' }, '日期格式應為 yyyy-MM-dd'],
  ])('%j → %s', (query, reason) => {
    const parsed = salesReportQuerySchema.safeParse(query);
    expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe(reason);
  });
});

describe('the period before', () => {
  it.each([
    [
      { from: '2026-08-20', to: '2026-08-20' },
      { from: '2026-08-19', to: '2026-08-19' },
    ],
    [
      { from: '2026-03-01', to: '2026-03-07' },
      { from: '2026-02-22', to: '2026-02-28' },
    ],
    [
      { from: '2026-08-01', to: '2026-08-31' },
      { from: '2026-07-01', to: '2026-07-31' },
    ],
  ])('%j comes after %j', (range, before) => expect(previousPeriod(range)).toEqual(before));
});

describe('changePercent', () => {
  it.each([
    [110, 100, 10],
    [50, 100, -50],
    [0, 0, 0],
    [5, 0, null],
    [-100, -200, 50],
  ])('%d against %d is %s %', (now, before, pct) => expect(changePercent(now, before)).toBe(pct));
});

describe('presetRange', () => {
  // 00:30 on 1 March 2028 in Taipei (a leap year): still 29 February in UTC.
  const now = new Date('2028-02-29T16:30:00Z');
  it.each([
    ['today', { from: '2028-03-01', to: '2028-03-01' }],
    ['7d', { from: '2028-02-24', to: '2028-03-01' }],
    ['last_month', { from: '2028-02-01', to: '2028-02-29' }],
  ] as const)('%s', (preset, range) => expect(presetRange(preset, now)).toEqual(range));
});

describe('chartPeriods', () => {
  const days = (n: number): SalesDay[] =>
    eachDay('2026-01-01', '2026-12-31')
      .slice(0, n)
      .map((date) => ({ date, orders: 1, revenue: 100, refunds: 0 }));

  it('keeps days up to 90, and folds longer ranges into weeks from the first day', () => {
    expect(chartPeriods(days(90))).toHaveLength(90);
    const weeks = chartPeriods(days(91));
    expect(weeks).toHaveLength(13);
    expect(weeks[0]).toEqual({ start: '2026-01-01', end: '2026-01-07', orders: 7, revenue: 700, refunds: 0 });
    expect(weeks.at(-1)).toEqual({ start: '2026-03-26', end: '2026-04-01', orders: 7, revenue: 700, refunds: 0 });
  });
});

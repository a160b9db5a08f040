import { describe, expect, it } from 'vitest';
import {
  isShopDate,
  shopDateSpan,
  startOfShopDate,
  taipeiDate,
  taipeiDateTime,
  shopDateTime,
  shopDay,
  shopDayRange,
  shopMonthRange,
} from './shop-calendar.ts';

describe('taipeiDate / taipeiDateTime', () => {
  it.each([
    ['2025-01-15T15:59:59Z', '2025-01-15', '2025-01-15 23:59'],
    ['2025-01-15T16:00:00Z', '2025-01-16', '2025-01-16 00:00'],
    ['2024-12-31T16:30:00Z', '2025-01-01', '2025-01-01 00:30'],
    ['2024-02-28T20:00:00Z', '2024-02-29', '2024-02-29 04:00'],
  ])('%s is %s in Taipei', (iso, date, dateTime) => {
    expect(taipeiDate(new Date(iso))).toBe(date);
    expect(taipeiDateTime(new Date(iso))).toBe(dateTime);
  });
});

describe('shopDateTime / shopDay: the one way screens write a time', () => {
  it.each([
    // A 24-hour clock: the afternoon reads 15:05, never 03:05 PM (issue 20 item 5).
    ['2025-01-15T07:05:00Z', '2025-01-15 15:05', '2025-01-15'],
    ['2025-01-15T03:04:00Z', '2025-01-15 11:04', '2025-01-15'],
    ['2025-01-15T04:00:00Z', '2025-01-15 12:00', '2025-01-15'],
    ['2025-01-15T15:59:00Z', '2025-01-15 23:59', '2025-01-15'],
    // Taipei midnight is 16:00 UTC the day before.
    ['2025-01-15T16:00:00Z', '2025-01-16 00:00', '2025-01-16'],
    ['2024-12-31T23:59:59+08:00', '2024-12-31 23:59', '2024-12-31'],
    ['2026-06-01T01:30:00.000Z', '2026-06-01 09:30', '2026-06-01'],
  ])('%s → %s', (iso, dateTime, day) => {
    expect(shopDateTime(iso)).toBe(dateTime);
    expect(shopDay(iso)).toBe(day);
  });

  it('takes a Date as well', () => {
    expect(shopDateTime(new Date('2025-06-01T00:30:00Z'))).toBe('2025-06-01 08:30');
    expect(shopDay(new Date('2025-06-01T00:30:00Z'))).toBe('2025-06-01');
  });

  it.each([[null], [undefined], [''], ['not a date'], [new Date(Number.NaN)]])('writes nothing for %s', (value) => {
    expect(shopDateTime(value)).toBe('');
    expect(shopDay(value)).toBe('');
  });
});

describe('isShopDate', () => {
  it.each([
    ['2025-01-31', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-1-01', false],
    ['2025-01-01T00:00', false],
    ['', false],
    [20250101, false],
    [null, false],
  ])('%s → %s', (value, expected) => {
    expect(isShopDate(value)).toBe(expected);
  });
});

describe('day and month ranges', () => {
  it('today starts at Taipei midnight, which is 16:00 UTC the day before', () => {
    const r = shopDayRange(new Date('2025-03-01T01:00:00Z'));
    expect(r.start.toISOString()).toBe('2025-02-28T16:00:00.000Z');
    expect(r.end.toISOString()).toBe('2025-03-01T16:00:00.000Z');
  });

  it('late evening UTC already belongs to the next Taipei day', () => {
    const r = shopDayRange(new Date('2025-03-01T17:00:00Z'));
    expect(r.start.toISOString()).toBe('2025-03-01T16:00:00.000Z');
  });

  it.each([
    ['2025-01-31T17:00:00Z', '2025-01-31T16:00:00.000Z', '2025-02-28T16:00:00.000Z'],
    ['2025-12-15T00:00:00Z', '2025-11-30T16:00:00.000Z', '2025-12-31T16:00:00.000Z'],
    ['2024-02-10T00:00:00Z', '2024-01-31T16:00:00.000Z', '2024-02-29T16:00:00.000Z'],
  ])('the month of %s is [%s, %s)', (now, start, end) => {
    const r = shopMonthRange(new Date(now));
    expect(r.start.toISOString()).toBe(start);
    expect(r.end.toISOString()).toBe(end);
  });
});

describe('shopDateSpan', () => {
  it('includes the whole of both days', () => {
    const span = shopDateSpan('2025-01-01', '2025-01-31');
    expect(span.start?.toISOString()).toBe('2024-12-31T16:00:00.000Z');
    expect(span.end?.toISOString()).toBe('2025-01-31T16:00:00.000Z');
  });

  it('leaves an open side open', () => {
    expect(shopDateSpan(undefined, '2025-01-31').start).toBeUndefined();
    expect(shopDateSpan('2025-01-01').end).toBeUndefined();
    expect(shopDateSpan()).toEqual({});
  });

  it('startOfShopDate is Taipei midnight', () => {
    expect(startOfShopDate('2025-06-01').toISOString()).toBe('2025-05-31T16:00:00.000Z');
  });
});

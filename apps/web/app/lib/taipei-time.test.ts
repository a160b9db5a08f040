import { describe, expect, it } from 'vitest';
import { formatTaipeiDate, formatTaipeiDateTime } from './taipei-time.ts';

describe('formatTaipeiDate', () => {
  it.each([
    ['2025-01-15T03:04:00Z', '2025-01-15'],
    // 16:30 UTC is already the next day in Taipei.
    ['2025-01-15T16:30:00Z', '2025-01-16'],
    ['2024-12-31T23:59:59+08:00', '2024-12-31'],
    ['', ''],
    [null, ''],
    ['not a date', ''],
  ])('%s → %s', (value, expected) => {
    expect(formatTaipeiDate(value)).toBe(expected);
  });
});

describe('formatTaipeiDateTime', () => {
  it.each([
    ['2025-01-15T03:04:00Z', '2025-01-15 11:04 AM'],
    ['2025-01-15T04:00:00Z', '2025-01-15 12:00 PM'],
    ['2025-01-15T07:05:00Z', '2025-01-15 03:05 PM'],
    ['2025-01-15T16:00:00Z', '2025-01-16 12:00 AM'],
    ['2025-01-15T15:59:00Z', '2025-01-15 11:59 PM'],
    [undefined, ''],
  ])('%s → %s', (value, expected) => {
    expect(formatTaipeiDateTime(value)).toBe(expected);
  });

  it('takes a Date as well', () => {
    expect(formatTaipeiDateTime(new Date('2025-06-01T00:30:00Z'))).toBe('2025-06-01 08:30 AM');
  });
});

import { describe, expect, it } from 'vitest';
import { localInputValue, money, shopDateTime, shopDay } from './format.ts';

describe('back-office formats', () => {
  it.each([
    ['2026-06-01T01:30:00.000Z', '2026-06-01 09:30', '2026-06-01', '2026-06-01T09:30'],
    ['2026-05-31T16:00:00.000Z', '2026-06-01 00:00', '2026-06-01', '2026-06-01T00:00'],
  ])('%s is %s in Taipei', (iso, dateTime, day, input) => {
    expect(shopDateTime(iso)).toBe(dateTime);
    expect(shopDay(iso)).toBe(day);
    expect(localInputValue(iso)).toBe(input);
  });

  it('writes nothing for no time and a dash for no amount', () => {
    expect(shopDateTime(null)).toBe('');
    expect(localInputValue(undefined)).toBe('');
    expect(money(null)).toBe('—');
    expect(money(1280)).toBe('NT$1,280');
  });
});

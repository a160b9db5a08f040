import { describe, expect, it } from 'vitest';
import { applyCelebrityDiscount, type CelebrityDiscount } from './celebrity-pricing.ts';

describe('applyCelebrityDiscount', () => {
  it.each<[number, CelebrityDiscount | null | undefined, number]>([
    // Discount (1): subtract, floor at 0
    [1000, { type: 1, value: 100 }, 900],
    [1000, { type: 1, value: 0 }, 1000],
    [100, { type: 1, value: 150 }, 0],
    [1000, { type: 1, value: 99.5 }, 901],
    [1000, { type: 1, value: -50 }, 1000],
    // PercentOn (2): round(sale × value / 100)
    [1000, { type: 2, value: 80 }, 800],
    [999, { type: 2, value: 85 }, 849], // 849.15
    [101, { type: 2, value: 50 }, 51], // 50.5 rounds up
    [105, { type: 2, value: 10 }, 11], // 10.5 rounds up
    [1001, { type: 2, value: 50 }, 501], // 500.5 rounds up
    [999, { type: 2, value: 55 }, 549], // 549.45 rounds down
    [1000, { type: 2, value: 100 }, 1000],
    [1000, { type: 2, value: 0 }, 1000],
    [1000, { type: 2, value: 120 }, 1000],
    // invalid
    [1000, { type: 3, value: 10 }, 1000],
    [1000, { type: 2, value: Number.NaN }, 1000],
    [1000, { type: 1, value: '100' as unknown as number }, 1000],
    [1000, null, 1000],
    [1000, undefined, 1000],
  ])('applyCelebrityDiscount(%s, %j) → %s', (price, discount, expected) => {
    expect(applyCelebrityDiscount(price, discount)).toBe(expected);
  });
});

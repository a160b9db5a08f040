import { describe, expect, it } from 'vitest';
import { applyCelebrityDiscount, describeCelebrityDiscount, type CelebrityDiscount } from './celebrity-pricing.ts';

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
    // edge cases: a sale price that is not a number stays as it is; a free product stays free
    [Number.NaN, { type: 1, value: 100 }, Number.NaN],
    [0, { type: 1, value: 100 }, 0],
    [0, { type: 2, value: 80 }, 0],
    [1, { type: 2, value: 50 }, 1], // 0.5 rounds up
    [1, { type: 2, value: 49 }, 0], // 0.49 rounds down
    [1000, { type: 2, value: 99.9 }, 999],
    [1000, { type: 2, value: Number.POSITIVE_INFINITY }, 1000],
    [1000, { type: 1, value: Number.POSITIVE_INFINITY }, 1000],
  ])('applyCelebrityDiscount(%s, %j) → %s', (price, discount, expected) => {
    expect(applyCelebrityDiscount(price, discount)).toBe(expected);
  });
});

describe('describeCelebrityDiscount', () => {
  it.each<[CelebrityDiscount | null | undefined, string]>([
    [{ type: 1, value: 50 }, '推薦商品每件折 NT$50'],
    [{ type: 1, value: 1200 }, '推薦商品每件折 NT$1,200'],
    [{ type: 2, value: 90 }, '推薦商品 9 折'],
    [{ type: 2, value: 85 }, '推薦商品 85 折'],
    [{ type: 2, value: 5 }, '推薦商品 0.5 折'],
    [{ type: 2, value: 100 }, ''],
    [{ type: 2, value: 0 }, ''],
    [{ type: 1, value: 0 }, ''],
    [{ type: 1, value: -10 }, ''],
    [{ type: 3, value: 10 }, ''],
    [{ type: 1, value: Number.NaN }, ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %s', (discount, expected) => {
    expect(describeCelebrityDiscount(discount)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { courseFee } from './course-fee.ts';

describe('courseFee', () => {
  it.each([
    // price, on_sale_price → shown
    [1200, 980, { amount: 980, was: 1200 }],
    [800, 800, { amount: 800, was: null }],
    [1500, 0, { amount: 1500, was: null }],
    [0, 600, { amount: 600, was: null }],
    [500, 700, { amount: 700, was: null }],
    [0, 0, null],
  ])('price %i, sale %i → %j', (price, sale, fee) => {
    expect(courseFee({ price, on_sale_price: sale })).toEqual(fee);
  });
});

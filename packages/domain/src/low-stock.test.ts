import { describe, expect, it } from 'vitest';
import { isLowStock } from './low-stock.ts';

describe('isLowStock', () => {
  it.each([
    [null, null, 5, false],
    [null, 10, 5, false],
    [6, null, 5, false],
    [5, null, 5, true],
    [0, null, 5, true],
    [8, 10, 5, true],
    [3, 2, 5, false],
    [0, 0, 5, true],
  ])('stock %s, own level %s, shop level %s → %s', (stock, level, shop, low) => {
    expect(isLowStock(stock, level, shop)).toBe(low);
  });
});

import { describe, expect, it } from 'vitest';
import { formatNtd, isOnSale } from './money.ts';

describe('formatNtd', () => {
  it.each([
    [1280, 'NT$1,280'],
    [0, 'NT$0'],
    [999, 'NT$999'],
    [1234567, 'NT$1,234,567'],
    [100000, 'NT$100,000'],
    [12345678901, 'NT$12,345,678,901'],
    [-100, '-NT$100'],
    [99.5, 'NT$100'],
    [Number.NaN, 'NT$0'],
  ])('formatNtd(%s) → %s', (amount, expected) => {
    expect(formatNtd(amount)).toBe(expected);
  });
});

describe('isOnSale', () => {
  it.each([
    [{ price: 1000, on_sale_price: 800 }, true],
    [{ price: 1000, on_sale_price: 1000 }, false],
    [{ price: 1000, on_sale_price: null }, false],
    [{ price: undefined, on_sale_price: 800 }, false],
  ])('%j → %s', (item, expected) => {
    expect(isOnSale(item)).toBe(expected);
  });
});

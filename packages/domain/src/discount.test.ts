import { describe, expect, it } from 'vitest';
import {
  bundleDiscountFor,
  describeDiscount,
  formatZhe,
  parseDiscountTier,
  type BundleLine,
  type DiscountRule,
} from './discount.ts';

describe('parseDiscountTier', () => {
  it.each<[DiscountRule | null, ReturnType<typeof parseDiscountTier>]>([
    [
      { type: 1, rule: '[{"amount":2,"value":80}]' },
      { amount: 2, value: 80 },
    ],
    [
      { type: 1, rule: '[{"amount":2,"value":80},{"amount":3,"value":70}]' },
      { amount: 2, value: 80 },
    ],
    [
      { type: 2, rule: [{ amount: 3, value: 100 }] },
      { amount: 3, value: 100 },
    ],
    [
      { type: 3, rule: '[{"amount":"2","value":"999"}]' },
      { amount: 2, value: 999 },
    ],
    [
      { type: 3, rule: '{"amount":2,"value":999}' },
      { amount: 2, value: 999 },
    ],
    [{ type: 1, rule: 'oops' }, null],
    [{ type: 1, rule: '[]' }, null],
    [{ type: 1, rule: '' }, null],
    [{ type: 1, rule: '[{"amount":0,"value":80}]' }, null],
    [{ type: 1, rule: '[{"amount":2,"value":0}]' }, null],
    [{ type: 1, rule: '[{"amount":2.5,"value":80}]' }, null],
    [{ type: 1, rule: '[{"amount":2,"value":-5}]' }, null],
    [{ type: 1, rule: '[{"amount":2}]' }, null],
    [{ type: 1, rule: '[{"amount":2,"value":100}]' }, null],
    [{ type: 1, rule: '[null]' }, null],
    [null, null],
  ])('%j → %j', (rule, expected) => {
    expect(parseDiscountTier(rule)).toEqual(expected);
  });
});

describe('formatZhe', () => {
  it.each([
    [80, '8'],
    [85, '85'],
    [75, '75'],
    [90, '9'],
    [5, '0.5'],
    [10, '1'],
  ])('formatZhe(%s) → %s', (value, expected) => {
    expect(formatZhe(value)).toBe(expected);
  });
});

describe('describeDiscount', () => {
  it.each<[DiscountRule | null | undefined, string]>([
    [{ type: 1, rule: '[{"amount":2,"value":80}]' }, '任選 2 件 8 折'],
    [{ type: 1, rule: '[{"amount":3,"value":85}]' }, '任選 3 件 85 折'],
    [{ type: 1, rule: '[{"amount":2,"value":75}]' }, '任選 2 件 75 折'],
    [{ type: 2, rule: '[{"amount":2,"value":100}]' }, '任選 2 件折 100 元'],
    [{ type: 3, rule: '[{"amount":3,"value":999}]' }, '任選 3 件 999 元'],
    [{ type: 3, rule: [{ amount: 3, value: 999 }] }, '任選 3 件 999 元'],
    [{ type: 1, rule: 'not json' }, ''],
    [{ type: 2, rule: '[{"amount":0,"value":100}]' }, ''],
    [{ type: 2, rule: '[{"amount":2,"value":0}]' }, ''],
    [{ type: 9, rule: '[{"amount":2,"value":80}]' }, ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %s', (rule, expected) => {
    expect(describeDiscount(rule)).toBe(expected);
  });
});

describe('bundleDiscountFor', () => {
  const pct = (amount: number, value: number): DiscountRule => ({ type: 1, rule: JSON.stringify([{ amount, value }]) });
  const off = (amount: number, value: number): DiscountRule => ({ type: 2, rule: [{ amount, value }] });
  const combo = (amount: number, value: number): DiscountRule => ({ type: 3, rule: [{ amount, value }] });

  it.each<[string, DiscountRule | null, BundleLine[], number]>([
    ['percent: one group of 2 at 8 折', pct(2, 80), [{ unitPrice: 500, qty: 2 }], 200],
    ['percent: fewer items than N', pct(2, 80), [{ unitPrice: 500, qty: 1 }], 0],
    ['percent: leftover item pays full', pct(2, 80), [{ unitPrice: 500, qty: 3 }], 200],
    ['percent: two groups', pct(2, 80), [{ unitPrice: 500, qty: 4 }], 400],
    // highest-priced first: group {900, 300} saves 240; the 100 item is left over
    [
      'percent: highest-priced items form the group',
      pct(2, 80),
      [
        { unitPrice: 100, qty: 1 },
        { unitPrice: 900, qty: 1 },
        { unitPrice: 300, qty: 1 },
      ],
      240,
    ],
    // 333 + 334 = 667 × 0.85 = 566.95 → pays 567, saves 100
    [
      'percent: rounding of the price paid',
      pct(2, 85),
      [
        { unitPrice: 333, qty: 1 },
        { unitPrice: 334, qty: 1 },
      ],
      100,
    ],
    // 101 × 0.5 = 50.5 → pays 51, saves 50 (half rounds up, in the shop's favour by NT$1)
    ['percent: .5 rounds the price paid up', pct(1, 50), [{ unitPrice: 101, qty: 1 }], 50],
    ['amount: NT$100 off per group', off(2, 100), [{ unitPrice: 300, qty: 5 }], 200],
    ['amount: never more than the group is worth', off(2, 100), [{ unitPrice: 30, qty: 2 }], 60],
    ['amount: fewer items than N', off(3, 100), [{ unitPrice: 300, qty: 2 }], 0],
    ['combined: 3 for NT$999', combo(3, 999), [{ unitPrice: 400, qty: 3 }], 201],
    ['combined: leftovers pay full', combo(3, 999), [{ unitPrice: 400, qty: 4 }], 201],
    ['combined: group cheaper than M saves nothing', combo(2, 999), [{ unitPrice: 100, qty: 2 }], 0],
    [
      'combined: most expensive items grouped',
      combo(2, 500),
      [
        { unitPrice: 100, qty: 1 },
        { unitPrice: 400, qty: 2 },
      ],
      300,
    ],
    ['unparsable rule', { type: 1, rule: '[{' }, [{ unitPrice: 500, qty: 2 }], 0],
    ['zero amount', pct(0, 80), [{ unitPrice: 500, qty: 2 }], 0],
    ['unknown type', { type: 7, rule: [{ amount: 1, value: 10 }] }, [{ unitPrice: 500, qty: 2 }], 0],
    ['no rule', null, [{ unitPrice: 500, qty: 2 }], 0],
    [
      'bad lines ignored',
      off(1, 10),
      [
        { unitPrice: Number.NaN, qty: 1 },
        { unitPrice: 100, qty: 0 },
        { unitPrice: 100, qty: -2 },
        { unitPrice: 100, qty: 1.9 },
      ],
      10,
    ],
    ['empty cart', pct(2, 80), [], 0],
  ])('%s', (_name, rule, lines, expected) => {
    expect(bundleDiscountFor(rule, lines)).toBe(expected);
  });
});

describe('bundleDiscountFor with large quantities', () => {
  it('counts whole groups in bulk', () => {
    expect(bundleDiscountFor({ type: 2, rule: [{ amount: 2, value: 10 }] }, [{ unitPrice: 100, qty: 1e9 + 1 }])).toBe(
      5e9,
    );
  });
});

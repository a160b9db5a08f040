import { describe, expect, it } from 'vitest';
import { PaymentMethod } from './enums.ts';
import { installmentError, installmentMsg, instalmentAmounts, offeredCounts } from './installments.ts';

const plan = { counts: [3, 6, 12], minAmount: 3000 };

describe('instalmentAmounts', () => {
  it('puts the remainder on the first instalment, as ECPay does', () => {
    expect(instalmentAmounts(10_000, 3)).toEqual({ first: 3334, each: 3333 });
    expect(instalmentAmounts(3000, 6)).toEqual({ first: 500, each: 500 });
    expect(instalmentAmounts(12_345, 12)).toEqual({ first: 1037, each: 1028 });
  });
});

describe('offeredCounts', () => {
  it('offers the owner’s counts from the minimum amount on, none below it', () => {
    expect(offeredCounts(plan, 3000)).toEqual([3, 6, 12]);
    expect(offeredCounts(plan, 2999)).toEqual([]);
    expect(offeredCounts({ counts: [], minAmount: 0 }, 5000)).toEqual([]);
  });
});

describe('installmentError', () => {
  const card = { paymentType: PaymentMethod.Credit, installments: 6, payAmount: 3000 };
  it.each([
    ['one payment', { ...card, installments: null }, null],
    ['an offered count from the minimum', card, null],
    ['another method', { ...card, paymentType: PaymentMethod.CvsCode }, installmentMsg.cardOnly],
    ['a count not offered', { ...card, installments: 24 }, installmentMsg.notOffered(24)],
    ['an amount below the minimum', { ...card, payAmount: 2999 }, '訂單金額滿 NT$3,000 才能分期付款'],
  ] as const)('%s', (_what, order, expected) => {
    expect(installmentError(plan, order)).toBe(expected);
  });

  it('refuses every count while the owner offers none', () => {
    expect(installmentError({ counts: [], minAmount: 0 }, card)).toBe(installmentMsg.noneOffered);
  });
});

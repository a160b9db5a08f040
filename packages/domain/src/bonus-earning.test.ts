import { describe, expect, it } from 'vitest';
import { downlineBonus, earnedPoints, pointsTakenBack } from './bonus-earning.ts';

describe('earnedPoints', () => {
  it.each([
    ['1 % of the goods, shipping left out', { pay_amount: 1380, shipping: 100 }, 1, 12],
    ['rounded down', { pay_amount: 199, shipping: 0 }, 1, 1],
    ['5 % for a higher level', { pay_amount: 2100, shipping: 100 }, 5, 100],
    ['nothing at 0 %', { pay_amount: 2100, shipping: 100 }, 0, 0],
    ['nothing when points paid everything', { pay_amount: 100, shipping: 100 }, 5, 0],
    ['a rate above the cap counts as the cap', { pay_amount: 1000, shipping: 0 }, 80, 200],
    ['a broken rate earns nothing', { pay_amount: 1000, shipping: 0 }, Number.NaN, 0],
  ])('%s', (_what, order, rate, points) => {
    expect(earnedPoints(order, rate)).toBe(points);
  });
});

describe('pointsTakenBack', () => {
  const order = { pay_amount: 1100, shipping: 100 };
  it.each([
    ['all of them for a whole refund', 50, 1100, 50],
    ['all of them when the refund covers the goods', 50, 1000, 50],
    ['the refunded share, rounded up', 50, 333, 17],
    ['none for no refund', 50, 0, 0],
    ['none when none were earned', 0, 500, 0],
  ])('%s', (_what, earned, refund, back) => {
    expect(pointsTakenBack(earned, order, refund)).toBe(back);
  });
});

describe('downlineBonus', () => {
  it.each([
    ['5 % of a level-1 order', 1990, 5, 99],
    ['2 % of a level-2 order', 1990, 2, 39],
    ['nothing at 0 %', 1990, 0, 0],
    ['nothing for no revenue', 0, 5, 0],
    ['capped like the earning rate', 1000, 90, 200],
  ])('%s', (_what, revenue, percent, bonus) => {
    expect(downlineBonus(revenue, percent)).toBe(bonus);
  });
});

import { describe, expect, it } from 'vitest';
import { OrderStatus } from './enums.ts';
import {
  approvedAt,
  calcRevenueBonus,
  orderRevenue,
  taipeiMonth,
  taipeiMonthRange,
  type BonusOrder,
} from './revenue-bonus.ts';

const order = (over: Partial<BonusOrder> = {}): BonusOrder => ({
  member_id: 1,
  status: OrderStatus.Complete,
  is_payment: true,
  is_shipping: true,
  is_return: false,
  // 2026-03-01 10:00 Taipei
  ship_date: new Date('2026-03-01T02:00:00Z'),
  pay_amount: 1_100,
  shipping: 100,
  ...over,
});

describe('taipeiMonth / taipeiMonthRange', () => {
  it.each([
    ['2026-02-28T15:59:59Z', '2026-02'],
    ['2026-02-28T16:00:00Z', '2026-03'],
    ['2026-12-31T16:00:00Z', '2027-01'],
  ])('%s is in %s in Taipei', (iso, month) => {
    expect(taipeiMonth(new Date(iso))).toBe(month);
  });

  it('gives the month as [start, end) in UTC', () => {
    expect(taipeiMonthRange('2026-03')).toEqual({
      start: new Date('2026-02-28T16:00:00Z'),
      end: new Date('2026-03-31T16:00:00Z'),
    });
    expect(taipeiMonthRange('2026-12')?.end).toEqual(new Date('2026-12-31T16:00:00Z'));
  });

  it.each(['2026-13', '2026-3', '', 'abc', '2026-00'])('rejects %j', (month) => {
    expect(taipeiMonthRange(month)).toBeNull();
  });
});

describe('approvedAt', () => {
  it('is the start of the Taipei day after the 7-day return window', () => {
    // shipped 1 March (Taipei) → returns allowed until 8 March 23:59:59 → approved 9 March 00:00 Taipei
    expect(approvedAt(order())).toEqual(new Date('2026-03-08T16:00:00Z'));
  });

  it('counts the ship day in Taipei, not UTC', () => {
    // 1 March 23:30 Taipei is still 1 March
    expect(approvedAt(order({ ship_date: '2026-03-01T15:30:00Z' }))).toEqual(new Date('2026-03-08T16:00:00Z'));
  });

  it.each<[string, Partial<BonusOrder>]>([
    ['processing', { status: OrderStatus.Processing }],
    ['cancelled', { status: OrderStatus.Cancel }],
    ['unpaid', { is_payment: false }],
    ['unshipped', { is_shipping: false }],
    ['returned', { is_return: true }],
    ['without ship date', { ship_date: null }],
    ['with an unreadable ship date', { ship_date: 'soon' }],
  ])('never approves an order %s', (_label, over) => {
    expect(approvedAt(order(over))).toBeNull();
  });
});

describe('orderRevenue', () => {
  it.each([
    [{ pay_amount: 1_100, shipping: 100 }, 1_000],
    [{ pay_amount: 80, shipping: 100 }, 0],
    [{ pay_amount: 500, shipping: 0 }, 500],
  ])('%j → %i', (o, expected) => {
    expect(orderRevenue(o)).toBe(expected);
  });
});

describe('calcRevenueBonus', () => {
  const members = [
    { id: 1, level: 1 as const },
    { id: 2, level: 2 as const },
  ];
  const now = new Date('2026-04-15T00:00:00Z');

  it('pays 5 % on level 1 and 2 % on level 2, rounded down per member', () => {
    const result = calcRevenueBonus(
      members,
      [order(), order({ pay_amount: 359, shipping: 0 }), order({ member_id: 2, pay_amount: 1_049, shipping: 0 })],
      { month: '2026-03', now },
    );
    expect(result.lines).toEqual([
      { member_id: 1, level: 1, order_count: 2, approved_revenue: 1_359, bonus: 67 },
      { member_id: 2, level: 2, order_count: 1, approved_revenue: 1_049, bonus: 20 },
    ]);
    expect(result.total_revenue).toBe(2_408);
    expect(result.total_bonus).toBe(87);
  });

  it('counts an order in the month its return window closes', () => {
    // shipped 25 March → approved 2 April: April's revenue, not March's
    const late = order({ ship_date: '2026-03-25T02:00:00Z' });
    expect(calcRevenueBonus(members, [late], { month: '2026-03', now }).total_revenue).toBe(0);
    expect(calcRevenueBonus(members, [late], { month: '2026-04', now }).total_revenue).toBe(1_000);
  });

  it('leaves out orders whose return window is still open now', () => {
    const recent = order({ ship_date: '2026-04-10T02:00:00Z' });
    expect(calcRevenueBonus(members, [recent], { month: '2026-04', now }).total_revenue).toBe(0);
  });

  it('ignores orders of members outside the downline', () => {
    const result = calcRevenueBonus(members, [order({ member_id: 99 })], { month: '2026-03', now });
    expect(result.total_revenue).toBe(0);
    expect(result.lines.map((l) => l.order_count)).toEqual([0, 0]);
  });

  it('gives zero lines for a malformed month', () => {
    expect(calcRevenueBonus(members, [order()], { month: 'March', now }).total_bonus).toBe(0);
  });

  it('takes other percentages', () => {
    const result = calcRevenueBonus(members, [order()], { month: '2026-03', now, percent: { 1: 10, 2: 1 } });
    expect(result.lines[0]!.bonus).toBe(100);
  });
});

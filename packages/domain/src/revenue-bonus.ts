// The revenue bonus of a member's two-level downline (spec §6 "2-level downline lookup", §7
// members-find-2-level-by-account-with-calc-approve-revenue-bonus). The spec leaves the rule out;
// docs/decisions/013-downline-revenue-bonus.md gives the reasons for each choice below.
import { OrderStatus } from './enums.ts';
import { TAIPEI_OFFSET_MS } from './shop-calendar.ts';

/** Percent of approved revenue credited to the upline: direct referrals (level 1) and theirs (level 2). */
export const DOWNLINE_BONUS_PERCENT: Readonly<Record<DownlineLevel, number>> = Object.freeze({ 1: 5, 2: 2 });

/** Days after shipping during which an order may still be returned (Consumer Protection Act art. 19). */
export const BONUS_RETURN_DAYS = 7;

export type DownlineLevel = 1 | 2;

/** The order fields the rule reads. */
export interface BonusOrder {
  member_id: number;
  status: number;
  is_payment: boolean;
  is_shipping: boolean;
  is_return: boolean;
  ship_date: Date | string | null;
  pay_amount: number;
  shipping: number;
}

export interface DownlineMemberRef {
  id: number;
  level: DownlineLevel;
}

export interface MemberBonusLine {
  member_id: number;
  level: DownlineLevel;
  /** Orders approved in the month. */
  order_count: number;
  /** What those orders paid for goods (NT$, shipping excluded). */
  approved_revenue: number;
  /** floor(approved_revenue × percent / 100). */
  bonus: number;
}

export interface RevenueBonusResult {
  month: string;
  percent: Readonly<Record<DownlineLevel, number>>;
  lines: MemberBonusLine[];
  total_revenue: number;
  total_bonus: number;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM` of an instant on the Taipei calendar. */
export function taipeiMonth(at: Date): string {
  return new Date(at.getTime() + TAIPEI_OFFSET_MS).toISOString().slice(0, 7);
}

/** [start, end) of a Taipei calendar month; null for a malformed `YYYY-MM`. */
export function taipeiMonthRange(month: string): { start: Date; end: Date } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  return {
    start: new Date(Date.UTC(year, index, 1) - TAIPEI_OFFSET_MS),
    end: new Date(Date.UTC(year, index + 1, 1) - TAIPEI_OFFSET_MS),
  };
}

/**
 * When an order's revenue becomes final: the end of the Taipei day `returnDays` after shipping, once
 * no return can be asked for any more. null when the order never counts: not completed, unpaid,
 * unshipped, or with a return.
 */
export function approvedAt(order: BonusOrder, returnDays: number = BONUS_RETURN_DAYS): Date | null {
  if (order.status !== OrderStatus.Complete || !order.is_payment || !order.is_shipping || order.is_return) return null;
  if (order.ship_date === null || order.ship_date === '') return null;
  const shipped = order.ship_date instanceof Date ? order.ship_date : new Date(order.ship_date);
  if (Number.isNaN(shipped.getTime())) return null;
  const dayStart = Math.floor((shipped.getTime() + TAIPEI_OFFSET_MS) / DAY_MS) * DAY_MS - TAIPEI_OFFSET_MS;
  return new Date(dayStart + (Math.max(0, Math.floor(returnDays)) + 1) * DAY_MS);
}

/** What an order paid for goods: pay_amount without shipping (bonus points and discounts already off). */
export function orderRevenue(order: Pick<BonusOrder, 'pay_amount' | 'shipping'>): number {
  return Math.max(0, Math.round(order.pay_amount) - Math.max(0, Math.round(order.shipping)));
}

/**
 * The bonus of one month: every downline member's orders approved within the Taipei month (and
 * already approved by `now`), times the percent of that member's level, rounded down per member.
 * Orders of members outside the downline are ignored. Lines follow the order of `members`.
 */
export function calcRevenueBonus(
  members: readonly DownlineMemberRef[],
  orders: readonly BonusOrder[],
  options: { month: string; now: Date; returnDays?: number; percent?: Readonly<Record<DownlineLevel, number>> },
): RevenueBonusResult {
  const percent = options.percent ?? DOWNLINE_BONUS_PERCENT;
  const range = taipeiMonthRange(options.month);
  const lines = new Map<number, MemberBonusLine>();
  for (const m of members) {
    if (!lines.has(m.id))
      lines.set(m.id, { member_id: m.id, level: m.level, order_count: 0, approved_revenue: 0, bonus: 0 });
  }
  if (range) {
    for (const order of orders) {
      const line = lines.get(order.member_id);
      const at = approvedAt(order, options.returnDays);
      if (!line || !at) continue;
      if (at < range.start || at >= range.end || at > options.now) continue;
      line.order_count += 1;
      line.approved_revenue += orderRevenue(order);
    }
  }
  let totalRevenue = 0;
  let totalBonus = 0;
  for (const line of lines.values()) {
    line.bonus = Math.floor((line.approved_revenue * percent[line.level]) / 100);
    totalRevenue += line.approved_revenue;
    totalBonus += line.bonus;
  }
  return {
    month: options.month,
    percent,
    lines: [...lines.values()],
    total_revenue: totalRevenue,
    total_bonus: totalBonus,
  };
}

// Member-level prices and coupons (issue 21 item 3, docs/decisions/061): the pure rules. The server's
// pricing (order-pricing.ts) applies them; the database only says whether a coupon may still be used.
import { z } from 'zod';
import { formatNtd } from './money.ts';

/** How a coupon takes money off: a fixed NT$ amount, or a percent of the goods. */
export const CouponKind = { Amount: 1, Percent: 2 } as const;
export type CouponKind = (typeof CouponKind)[keyof typeof CouponKind];
export const couponKindLabel: Record<CouponKind, string> = {
  [CouponKind.Amount]: '折抵金額（NT$）',
  [CouponKind.Percent]: '折扣百分比（% off）',
};

/** A percent coupon takes at most 90% off: a typo must not give the goods away. */
export const COUPON_PERCENT_MAX = 90;
/** A member level takes at most 50% off (member_levels.discount_percent). */
export const LEVEL_DISCOUNT_MAX = 50;
/** A code as stored: upper-case letters, digits, - and _, 3–32 characters. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** zh-TW texts of coupons (the checkout and the back office). */
export const couponMsg = {
  notFound: '找不到此優惠券',
  notStarted: '優惠券尚未開始使用',
  expired: '優惠券已過期',
  minSpend: (amount: number) => `未達最低消費 ${formatNtd(amount)}`,
  usedUp: '優惠券已用完',
  usedByYou: '您已使用過此優惠券',
  loginRequired: '需登入會員才能使用優惠券',
  codeFormat: '優惠券代碼為 3 到 32 個英文字母、數字、- 或 _',
  codeTaken: '此優惠券代碼已存在',
  kindChoose: '請選擇折扣方式',
  percentRange: `折扣百分比須為 1 到 ${COUPON_PERCENT_MAX}`,
  amountRange: '折抵金額須為 1 以上的整數',
  limitRange: '使用次數上限須為 1 以上的整數，留空表示不限',
  windowOrder: '結束時間不可早於開始時間',
  limitBelowUsed: (used: number) => `已使用 ${used} 次，上限不可低於 ${used}`,
  inUse: '此優惠券已被訂單使用，無法刪除；請改為停用',
} as const;

/** What a shopper types, as the code is stored: trimmed, upper-case (codes are not case-sensitive). */
export function normalizeCouponCode(text: string): string {
  return text.trim().toUpperCase();
}

/** The coupon as the pricing sees it. */
export interface CouponOffer {
  id: number;
  code: string;
  name: string;
  kind: CouponKind | number;
  /** NT$ for Amount, percent off (1–90) for Percent. */
  value: number;
  /** Goods amount (after the other discounts) the order must reach; 0 = none. */
  minSpend: number;
}

/** What decides whether a coupon may be used at all, apart from the order's amount. */
export interface CouponUsability {
  active: boolean;
  validFrom: Date | null;
  /** Exclusive end; null = no end. */
  validUntil: Date | null;
  /** Uses allowed in total; null = unlimited. */
  usageLimit: number | null;
  usedCount: number;
  perMemberOnce: boolean;
}

/**
 * Why a coupon cannot be used now, or null when it can: inactive reads as not found (a shopper
 * should not learn about a withdrawn code), then the window, the total limit, the member's own use.
 */
export function couponRefusal(coupon: CouponUsability, memberUses: number, now: Date): string | null {
  if (!coupon.active) return couponMsg.notFound;
  if (coupon.validFrom && now.getTime() < coupon.validFrom.getTime()) return couponMsg.notStarted;
  if (coupon.validUntil && now.getTime() >= coupon.validUntil.getTime()) return couponMsg.expired;
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return couponMsg.usedUp;
  if (coupon.perMemberOnce && memberUses > 0) return couponMsg.usedByYou;
  return null;
}

const whole = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);

/** NT$ a level's percent takes off an amount: rounded down, so never more than the percent. */
export function levelDiscountFor(amount: number, percent: number): number {
  const p = Math.min(LEVEL_DISCOUNT_MAX, whole(percent));
  return Math.floor((whole(amount) * p) / 100);
}

/**
 * NT$ a coupon takes off `amount` (the goods after every other discount): an Amount coupon its value,
 * a Percent coupon that percent rounded down; never more than the amount. Minimum spend is the caller's.
 */
export function couponDiscountFor(coupon: Pick<CouponOffer, 'kind' | 'value'>, amount: number): number {
  const base = whole(amount);
  if (coupon.kind === CouponKind.Amount) return Math.min(base, whole(coupon.value));
  if (coupon.kind === CouponKind.Percent) {
    return Math.floor((base * Math.min(COUPON_PERCENT_MAX, whole(coupon.value))) / 100);
  }
  return 0;
}

/** How the back office and the cart describe a coupon: 「折 NT$100，滿 NT$1,000 可用」. */
export function describeCoupon(coupon: Pick<CouponOffer, 'kind' | 'value' | 'minSpend'>): string {
  const off =
    coupon.kind === CouponKind.Percent
      ? `${coupon.value}% off（${(100 - coupon.value) % 10 === 0 ? (100 - coupon.value) / 10 : 100 - coupon.value} 折）`
      : `折 ${formatNtd(coupon.value)}`;
  return coupon.minSpend > 0 ? `${off}，滿 ${formatNtd(coupon.minSpend)} 可用` : off;
}

/** A code the shopper types in the cart: '' or absent = none; any text is looked up (unknown → 找不到此優惠券). */
export const couponCodeInputSchema = z
  .string({ error: couponMsg.notFound })
  .trim()
  .max(32, { error: couponMsg.notFound })
  .nullable()
  .optional()
  .transform((v) => (v ? normalizeCouponCode(v) : null));

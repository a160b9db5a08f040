import { describe, expect, it } from 'vitest';
import {
  couponDiscountFor,
  CouponKind,
  couponMsg,
  couponRefusal,
  describeCoupon,
  levelDiscountFor,
  normalizeCouponCode,
  type CouponUsability,
} from './coupons.ts';

const now = new Date('2026-06-15T04:00:00Z');
const usable: CouponUsability = {
  active: true,
  validFrom: new Date('2026-06-01T00:00:00+08:00'),
  validUntil: new Date('2026-07-01T00:00:00+08:00'),
  usageLimit: 10,
  usedCount: 3,
  perMemberOnce: true,
};

describe('couponRefusal', () => {
  it.each<[string, Partial<CouponUsability>, number, string | null]>([
    ['usable', {}, 0, null],
    ['inactive reads as unknown', { active: false }, 0, couponMsg.notFound],
    ['before its start', { validFrom: new Date('2026-06-16T00:00:00+08:00') }, 0, couponMsg.notStarted],
    ['at its end (exclusive)', { validUntil: now }, 0, couponMsg.expired],
    ['after its end', { validUntil: new Date('2026-06-01T00:00:00Z') }, 0, couponMsg.expired],
    ['no window at all', { validFrom: null, validUntil: null }, 0, null],
    ['limit reached', { usedCount: 10 }, 0, couponMsg.usedUp],
    ['unlimited', { usageLimit: null, usedCount: 5000 }, 0, null],
    ['used by this member', {}, 1, couponMsg.usedByYou],
    ['used by this member, reusable coupon', { perMemberOnce: false }, 3, null],
  ])('%s', (_name, change, memberUses, expected) => {
    expect(couponRefusal({ ...usable, ...change }, memberUses, now)).toBe(expected);
  });
});

describe('couponDiscountFor', () => {
  it.each([
    [CouponKind.Amount, 100, 1000, 100],
    [CouponKind.Amount, 100, 60, 60],
    [CouponKind.Percent, 10, 999, 99],
    [CouponKind.Percent, 15, 1000, 150],
    [CouponKind.Percent, 95, 1000, 900],
    [CouponKind.Amount, -5, 1000, 0],
    [9, 100, 1000, 0],
  ])('kind %i value %i on NT$%i → NT$%i', (kind, value, amount, off) => {
    expect(couponDiscountFor({ kind, value }, amount)).toBe(off);
  });
});

describe('levelDiscountFor', () => {
  it.each([
    [1000, 5, 50],
    [999, 5, 49],
    [1000, 0, 0],
    [1000, 80, 500],
    [0, 5, 0],
    [Number.NaN, 5, 0],
  ])('NT$%i at %i%% → NT$%i', (amount, percent, off) => {
    expect(levelDiscountFor(amount, percent)).toBe(off);
  });
});

describe('normalizeCouponCode and describeCoupon', () => {
  it('reads a typed code as stored', () => {
    expect(normalizeCouponCode('  summer-100 ')).toBe('SUMMER-100');
  });
  it('says what the coupon gives', () => {
    expect(describeCoupon({ kind: CouponKind.Amount, value: 100, minSpend: 1000 })).toBe('折 NT$100，滿 NT$1,000 可用');
    expect(describeCoupon({ kind: CouponKind.Percent, value: 10, minSpend: 0 })).toBe('10% off（9 折）');
    expect(describeCoupon({ kind: CouponKind.Percent, value: 15, minSpend: 0 })).toBe('15% off（85 折）');
  });
});

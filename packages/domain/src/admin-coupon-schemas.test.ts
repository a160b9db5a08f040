import { describe, expect, it } from 'vitest';
import { couponCreateSchema, couponUpdateSchema } from './admin-coupon-records.ts';
import { couponCodeInputSchema, CouponKind, couponMsg } from './coupons.ts';

const form = {
  code: ' summer-100 ',
  name: '夏季滿千折百',
  kind: '1',
  value: '100',
  min_spend: '1000',
  valid_from: '2026-06-01T00:00',
  valid_until: '2026-06-30T23:59',
  usage_limit: '',
  per_member_once: 'on',
  status: 'on',
};

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('couponCreateSchema', () => {
  it('reads a back-office form: upper-case code, numbers, Taipei times, unlimited uses', () => {
    expect(couponCreateSchema.parse(form)).toEqual({
      code: 'SUMMER-100',
      name: '夏季滿千折百',
      kind: CouponKind.Amount,
      value: 100,
      min_spend: 1000,
      valid_from: '2026-06-01T00:00:00+08:00',
      valid_until: '2026-06-30T23:59:00+08:00',
      usage_limit: null,
      per_member_once: true,
      status: 1,
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a code with spaces', { code: 'A B C' }, 'code', couponMsg.codeFormat],
    ['a short code', { code: 'ab' }, 'code', couponMsg.codeFormat],
    ['no kind', { kind: '3' }, 'kind', couponMsg.kindChoose],
    ['a percent over the cap', { kind: '2', value: '95' }, 'value', couponMsg.percentRange],
    ['a zero amount', { value: '0' }, 'value', couponMsg.amountRange],
    ['a fraction', { value: '1.5' }, 'value', couponMsg.amountRange],
    ['a zero limit', { usage_limit: '0' }, 'usage_limit', couponMsg.limitRange],
    ['an end before the start', { valid_until: '2026-05-01T00:00' }, 'valid_until', couponMsg.windowOrder],
    ['a negative minimum', { min_spend: '-1' }, 'min_spend', '金額不可小於 0'],
  ])('refuses %s', (_name, change, field, message) => {
    expect(errorsOf(couponCreateSchema.safeParse({ ...form, ...change }))).toContainEqual([field, message]);
  });

  it('refuses unknown fields and wants a version to update', () => {
    expect(couponCreateSchema.safeParse({ ...form, used_count: 0 }).success).toBe(false);
    expect(couponUpdateSchema.safeParse(form).success).toBe(false);
    expect(couponUpdateSchema.parse({ ...form, version: '3' }).version).toBe(3);
  });
});

describe('couponCodeInputSchema', () => {
  it.each([
    ['', null],
    [null, null],
    [undefined, null],
    [' save100 ', 'SAVE100'],
  ])('%j → %j', (input, code) => {
    expect(couponCodeInputSchema.parse(input)).toBe(code);
  });
});

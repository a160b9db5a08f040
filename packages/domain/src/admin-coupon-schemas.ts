// The back office's coupons (issue 21 item 3, docs/decisions/061), owner only: the pieces and rules
// of what its form sends (the request is derived from the form in admin-coupon-records.ts). Codes
// are stored upper-case; a shopper may type them in any case.
import { z } from 'zod';
import { priceSchema } from './admin-forms.ts';
import { COUPON_CODE_PATTERN, COUPON_PERCENT_MAX, CouponKind, couponMsg, normalizeCouponCode } from './coupons.ts';
import { msg } from './messages.ts';
import { MAX_ID } from './schemas.ts';

const formNumber = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v);

/** A code as typed: trimmed and upper-cased, then 3–32 letters, digits, - or _. */
export const couponCodeSchema = z
  .string({ error: msg.required })
  .transform(normalizeCouponCode)
  .pipe(z.string().min(1, { error: msg.required }).regex(COUPON_CODE_PATTERN, { error: couponMsg.codeFormat }));

export const couponKindSchema = z.preprocess(
  formNumber,
  z.union([z.literal(CouponKind.Amount), z.literal(CouponKind.Percent)], { error: couponMsg.kindChoose }),
);

/** NT$ off (Amount) or percent off (Percent); its range depends on the kind (checkCoupon). */
export const couponValueSchema = z.preprocess(
  formNumber,
  z.number({ error: couponMsg.amountRange }).int({ error: couponMsg.amountRange }),
);

/** Goods amount (after the other discounts) the order must reach; '' = none. */
export const couponMinSpendSchema = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? 0 : v),
  priceSchema,
);

/** Uses allowed in total; '' or null = unlimited. */
export const couponUsageLimitSchema = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? null : formNumber(v)),
  z
    .number({ error: couponMsg.limitRange })
    .int({ error: couponMsg.limitRange })
    .min(1, { error: couponMsg.limitRange })
    .max(MAX_ID, { error: couponMsg.limitRange })
    .nullable(),
);

interface CouponShape {
  kind: number;
  value: number;
  valid_from: string | null;
  valid_until: string | null;
}

/** A percentage or an amount in its range, and a window that does not end before it starts. */
export function checkCoupon(c: CouponShape, ctx: z.RefinementCtx) {
  if (c.kind === CouponKind.Percent && (c.value < 1 || c.value > COUPON_PERCENT_MAX)) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: couponMsg.percentRange });
  }
  if (c.kind === CouponKind.Amount && (c.value < 1 || c.value > 10_000_000)) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: couponMsg.amountRange });
  }
  if (c.valid_from && c.valid_until && new Date(c.valid_from).getTime() > new Date(c.valid_until).getTime()) {
    ctx.addIssue({ code: 'custom', path: ['valid_until'], message: couponMsg.windowOrder });
  }
}

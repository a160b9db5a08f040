// The back office's coupons (issue 21 item 3, docs/decisions/061), owner only: what a form sends
// and what the API answers. Codes are stored upper-case; a shopper may type them in any case.
import { z } from 'zod';
import {
  adminText,
  flagSchema,
  optionalDateTimeSchema,
  priceSchema,
  statusSchema,
  versionSchema,
} from './admin-forms.ts';
import { COUPON_CODE_PATTERN, COUPON_PERCENT_MAX, CouponKind, couponMsg, normalizeCouponCode } from './coupons.ts';
import { isoDateTimeSchema, recordStatusSchema } from './entities.ts';
import { msg } from './messages.ts';
import { MAX_ID } from './schemas.ts';

const formNumber = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v);

/** A code as typed: trimmed and upper-cased, then 3–32 letters, digits, - or _. */
export const couponCodeSchema = z
  .string({ error: msg.required })
  .transform(normalizeCouponCode)
  .pipe(z.string().min(1, { error: msg.required }).regex(COUPON_CODE_PATTERN, { error: couponMsg.codeFormat }));

const couponFields = {
  code: couponCodeSchema,
  name: adminText(60),
  kind: z.preprocess(
    formNumber,
    z.union([z.literal(CouponKind.Amount), z.literal(CouponKind.Percent)], { error: couponMsg.kindChoose }),
  ),
  /** NT$ off (Amount) or percent off (Percent); its range depends on the kind. */
  value: z.preprocess(formNumber, z.number({ error: couponMsg.amountRange }).int({ error: couponMsg.amountRange })),
  /** Goods amount (after the other discounts) the order must reach; '' = none. */
  min_spend: z.preprocess((v) => (v === '' || v === undefined || v === null ? 0 : v), priceSchema),
  valid_from: optionalDateTimeSchema,
  valid_until: optionalDateTimeSchema,
  /** Uses allowed in total; '' or null = unlimited. */
  usage_limit: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : formNumber(v)),
    z
      .number({ error: couponMsg.limitRange })
      .int({ error: couponMsg.limitRange })
      .min(1, { error: couponMsg.limitRange })
      .max(MAX_ID, { error: couponMsg.limitRange })
      .nullable(),
  ),
  /** Each member may use it once. */
  per_member_once: flagSchema,
  status: statusSchema,
};

interface CouponShape {
  kind: number;
  value: number;
  valid_from: string | null;
  valid_until: string | null;
}

function checkCoupon(c: CouponShape, ctx: z.RefinementCtx) {
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

/** POST /admin/coupons. */
export const couponCreateSchema = z.strictObject(couponFields).superRefine(checkCoupon);
export type CouponCreateInput = z.infer<typeof couponCreateSchema>;

/** PUT /admin/coupons/{id}: the same fields and the version the form was opened with. */
export const couponUpdateSchema = z.strictObject({ ...couponFields, version: versionSchema }).superRefine(checkCoupon);
export type CouponUpdateInput = z.infer<typeof couponUpdateSchema>;

/** A coupon as the back office reads it. */
export const adminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.number().int(),
  value: z.number().int(),
  min_spend: z.number().int(),
  valid_from: isoDateTimeSchema.nullable(),
  valid_until: isoDateTimeSchema.nullable(),
  usage_limit: z.number().int().nullable(),
  /** Orders holding a use now (a cancelled order gives its use back). */
  used_count: z.number().int(),
  per_member_once: z.boolean(),
  status: recordStatusSchema,
  /** 「折 NT$100，滿 NT$1,000 可用」. */
  description: z.string(),
  created_at: isoDateTimeSchema,
  version: z.number().int(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

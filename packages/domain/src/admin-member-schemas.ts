// Back-office member management: search, level and influencer settings, bonus adjustments,
// recommended products, and the contact inbox. Shared by the API and the back-office forms.
import { z } from 'zod';
import { DiscountKind, Status } from './enums.ts';
import { msg } from './messages.ts';
import { adminPageQuery, orderVersionSchema } from './admin-order-schemas.ts';
import { idSchema, TEXT_AREA_MAX } from './schemas.ts';

const requiredText = () => z.string({ error: msg.required }).trim().min(1, { error: msg.required });
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** Influencer codes appear in links (/coop/{code}): letters, digits, - and _, 3 to 32 characters. */
export const CELEBRITY_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

/** Largest single bonus adjustment; a typo of extra zeros is refused rather than granted. */
export const BONUS_ADJUSTMENT_MAX = 1_000_000;

/** GET /admin/members: keyword matches account, name, mobile or influencer code. */
export const adminMemberFilterSchema = adminPageQuery.extend({
  keyword: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(50, { error: msg.maxLength(50) })
      .optional(),
  ),
  level: z.preprocess(blankToUndefined, idSchema.optional()),
  celebrity: z.preprocess(blankToUndefined, z.enum(['1', '0'], { error: '選項不正確' }).optional()),
});
export type AdminMemberFilter = z.infer<typeof adminMemberFilterSchema>;

const intField = (label: string) => z.number({ error: `請輸入${label}` }).int({ error: `${label}須為整數` });

/** PUT /admin/members/{id}: what the shop may change about a member. */
export const adminMemberUpdateSchema = z
  .strictObject({
    version: orderVersionSchema,
    member_level_id: idSchema.nullable(),
    status: z.union([z.literal(Status.InActive), z.literal(Status.Active)], { error: '狀態不正確' }),
    is_internet_celebrity: z.boolean({ error: '請選擇是否為網紅' }),
    internet_celebrity_code: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(CELEBRITY_CODE_PATTERN, { error: '推薦碼為 3 到 32 個英數字、- 或 _' })
        .nullable()
        .optional(),
    ),
    celebrity_discount_type: z
      .union([z.literal(DiscountKind.Discount), z.literal(DiscountKind.PercentOn)], { error: '折扣方式不正確' })
      .nullable(),
    celebrity_discount_value: intField('折扣值')
      .min(0, { error: '折扣值不可為負數' })
      .max(100_000, { error: '折扣值過大' })
      .nullable(),
  })
  .superRefine((m, ctx) => {
    if (m.is_internet_celebrity && !m.internet_celebrity_code) {
      ctx.addIssue({ code: 'custom', path: ['internet_celebrity_code'], message: '網紅會員須設定推薦碼' });
    }
    if ((m.celebrity_discount_type === null) !== (m.celebrity_discount_value === null)) {
      ctx.addIssue({ code: 'custom', path: ['celebrity_discount_value'], message: '折扣方式與折扣值須一起設定' });
    }
    // spec §5: PercentOn sets the sale price to round(price × value / 100): 1..100.
    if (
      m.celebrity_discount_type === DiscountKind.PercentOn &&
      m.celebrity_discount_value !== null &&
      (m.celebrity_discount_value < 1 || m.celebrity_discount_value > 100)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['celebrity_discount_value'],
        message: '折數須為 1 到 100（例如 90 為九折）',
      });
    }
  });
export type AdminMemberUpdateInput = z.infer<typeof adminMemberUpdateSchema>;

/** POST /admin/members/{id}/bonus-adjustments: add (positive) or remove (negative) points, with a reason. */
export const bonusAdjustmentSchema = z.strictObject({
  delta: intField('點數')
    .min(-BONUS_ADJUSTMENT_MAX, { error: `一次最多調整 ${BONUS_ADJUSTMENT_MAX} 點` })
    .max(BONUS_ADJUSTMENT_MAX, { error: `一次最多調整 ${BONUS_ADJUSTMENT_MAX} 點` })
    .refine((n) => n !== 0, { error: '調整點數不可為 0' }),
  reason: requiredText().max(TEXT_AREA_MAX, { error: msg.max200 }),
});
export type BonusAdjustmentInput = z.infer<typeof bonusAdjustmentSchema>;

/** POST /admin/members/{id}/product-relations: recommend a product on the influencer's page. */
export const productRelationCreateSchema = z.strictObject({ product_id: idSchema });

/** PUT /admin/member-product-relations/{id}: show or hide, and reorder. */
export const productRelationUpdateSchema = z.strictObject({
  status: z.union([z.literal(Status.InActive), z.literal(Status.Active)], { error: '狀態不正確' }),
  index_id: intField('排序').min(0, { error: '排序不可為負數' }).max(1_000_000, { error: '排序過大' }),
});

/** GET /admin/contact-messages. */
export const contactInboxFilterSchema = adminPageQuery.extend({
  state: z.preprocess(blankToUndefined, z.enum(['unread', 'read'], { error: '選項不正確' }).optional()),
});

/** PUT /admin/contact-messages/{id}/read. */
export const contactReadSchema = z.strictObject({ read: z.boolean({ error: '請指定已讀或未讀' }) });

// Back-office catalogue forms (issue 7 item 2): the product form with its specs, and the pieces and
// rules of the record kinds whose request is derived from their form (admin-catalogue-records.ts,
// admin-course-records.ts): pictures, rich text, stock, the bundle's discount rule. Shared by the API
// validation and the back-office pages; zh-TW messages.
import { z } from 'zod';
import {
  adminText,
  bodyIdSchema,
  flagSchema,
  indexIdSchema,
  optionalDateTimeSchema,
  optionalIdSchema,
  optionalText,
  optionalUploadKey,
  priceSchema,
  statusSchema,
  uploadKeySchema,
  versionSchema,
} from './admin-forms.ts';
import { BadgeKind, PromotionType } from './enums.ts';
import { msg } from './messages.ts';

/** Pictures of one product or package; the first is the main picture (banner). */
export const PICTURES_MAX = 10;
/** Detail tabs of one product or package (description_titles). */
export const DESCRIPTION_TITLES_MAX = 10;
/** Specs of one product. */
export const SPECS_MAX = 50;
/** Rich-text html as the editor sends it; the server sanitises it before storing (http/rich-text.ts). */
export const RICH_TEXT_MAX = 200_000;

/** Rich-text html ('' when absent). */
export const richTextSchema = z
  .string({ error: msg.badRequest })
  .max(RICH_TEXT_MAX, { error: '內容過長，請縮短或減少圖片' })
  .optional()
  .transform((v) => v ?? '');

/** An ordered list of upload keys. */
export const pictureListSchema = (min: number, max = PICTURES_MAX) =>
  z
    .array(uploadKeySchema, { error: msg.uploadAtLeastOne })
    .min(min, { error: msg.uploadAtLeastOne })
    .max(max, { error: `最多 ${max} 張圖片` });

/** An ordered list of ids without repeats (tags, home areas, bundles). */
export const idListBodySchema = (max: number, label = '項目') =>
  z
    .array(bodyIdSchema, { error: msg.badRequest })
    .max(max, { error: `最多 ${max} 個${label}` })
    .refine((ids) => new Set(ids).size === ids.length, { error: `${label}不可重複` });

/** A stock count: '' or null = not tracked, else a whole number of units. */
export const stockSchema = z.preprocess(
  (v) =>
    v === '' || v === undefined || v === null ? null : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v,
  z
    .number({ error: '庫存須為整數' })
    .int({ error: '庫存須為整數' })
    .min(0, { error: '庫存不可小於 0' })
    .max(10_000_000, { error: '庫存過大' })
    .nullable(),
);

/** Titles of the detail tabs, one a line of the form. */
export const descriptionTitlesSchema = z
  .array(adminText(20), { error: msg.badRequest })
  .max(DESCRIPTION_TITLES_MAX, { error: `最多 ${DESCRIPTION_TITLES_MAX} 個分頁標題` })
  .optional()
  .transform((v) => v ?? []);

const badgeSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? BadgeKind.None : typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
  z.union(
    [z.literal(BadgeKind.None), z.literal(BadgeKind.Hot), z.literal(BadgeKind.New), z.literal(BadgeKind.Select)],
    { error: '標籤只能是無、熱銷、新品或精選' },
  ),
);

/** spec §3: a record is on sale when price and on_sale_price differ; a sale price above the list price is a typo. */
export function checkSalePrice(
  value: { price: number; on_sale_price: number },
  ctx: z.RefinementCtx,
  path: (string | number)[] = [],
) {
  if (value.on_sale_price > value.price) {
    ctx.addIssue({ code: 'custom', path: [...path, 'on_sale_price'], message: '售價不可高於原價' });
  }
}

/** spec §4: missing bounds mean no limit; a start after the end would hide the record for ever. */
export function checkWindow(
  value: { activity_start_time: string | null; activity_end_time: string | null },
  ctx: z.RefinementCtx,
) {
  const { activity_start_time: start, activity_end_time: end } = value;
  if (start && end && new Date(start).getTime() > new Date(end).getTime()) {
    ctx.addIssue({ code: 'custom', path: ['activity_end_time'], message: '結束時間不可早於開始時間' });
  }
}

// ---- products -------------------------------------------------------------------------------

/** A low-stock level: whole units, 0–100000; '' or null = the shop's default. */
export const lowStockLevelSchema = z.preprocess(
  (v) =>
    v === '' || v === undefined || v === null ? null : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v,
  z
    .number({ error: '安全庫存須為整數' })
    .int({ error: '安全庫存須為整數' })
    .min(0, { error: '安全庫存不可小於 0' })
    .max(100_000, { error: '安全庫存過大' })
    .nullable(),
);

export const productSpecInputSchema = z
  .strictObject({
    /** An existing spec keeps its id (cart lines and order snapshots refer to it); new specs have none. */
    id: optionalIdSchema,
    name: adminText(50),
    price: priceSchema,
    on_sale_price: priceSchema,
    stock: stockSchema,
    /** 庫存不足 at or below this many units (issue 42); blank = the shop's default level. */
    low_stock_level: lowStockLevelSchema.optional().transform((v) => v ?? null),
  })
  .superRefine((spec, ctx) => checkSalePrice(spec, ctx));
export type ProductSpecInput = z.infer<typeof productSpecInputSchema>;

const productFields = {
  name: adminText(100),
  /** Card text, plain. */
  description1: optionalText(1000),
  /** Detail html (rich text). */
  description2: richTextSchema,
  /** Main picture; '' = the first of `pics`. */
  banner: optionalUploadKey,
  pics: pictureListSchema(1),
  description_titles: descriptionTitlesSchema,
  tag_type: badgeSchema,
  status: statusSchema,
  index_id: indexIdSchema,
  product_type_ids: z
    .array(bodyIdSchema, { error: '請至少選擇一個分類' })
    .min(1, { error: '請至少選擇一個分類' })
    .max(20, { error: '最多 20 個分類' })
    .refine((ids) => new Set(ids).size === ids.length, { error: '分類不可重複' }),
  activity_start_time: optionalDateTimeSchema,
  activity_end_time: optionalDateTimeSchema,
  internet_celebrity: flagSchema,
  specs: z
    .array(productSpecInputSchema, { error: '請至少新增一個規格' })
    .min(1, { error: '請至少新增一個規格' })
    .max(SPECS_MAX, { error: `最多 ${SPECS_MAX} 個規格` }),
};

function checkProduct(
  p: {
    activity_start_time: string | null;
    activity_end_time: string | null;
    specs: ProductSpecInput[];
  },
  ctx: z.RefinementCtx,
) {
  checkWindow(p, ctx);
  const seen = new Map<string, number>();
  p.specs.forEach((spec, i) => {
    if (seen.has(spec.name)) ctx.addIssue({ code: 'custom', path: ['specs', i, 'name'], message: '規格名稱不可重複' });
    seen.set(spec.name, i);
  });
  const ids = p.specs.map((s) => s.id).filter((id): id is number => id !== null);
  if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['specs'], message: '規格重複' });
}

export const productCreateSchema = z.strictObject(productFields).superRefine(checkProduct);
export type ProductCreateInput = z.infer<typeof productCreateSchema>;

export const productUpdateSchema = z
  .strictObject({ ...productFields, version: versionSchema })
  .superRefine(checkProduct);
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;

// ---- bundles ----------------------------------------------------------------------------------

/** docs/decisions/008: what `value` means for each promotion type, shown next to the field. */
export const promotionValueHelp: Record<PromotionType, string> = {
  [PromotionType.PercentDiscount]: '打折：填實付百分比，80 為 8 折、85 為 85 折（1 到 99）',
  [PromotionType.AmountDiscount]: '折抵：每湊滿件數折抵的金額（元）',
  [PromotionType.CombinedPrice]: '組合價：每湊滿件數的總價（元）',
};

export const promotionTypeLabel: Record<PromotionType, string> = {
  [PromotionType.PercentDiscount]: '任選 N 件打折',
  [PromotionType.AmountDiscount]: '任選 N 件折抵金額',
  [PromotionType.CombinedPrice]: '任選 N 件組合價',
};

const wholeFromForm = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v === '' ? undefined : v),
    z.number({ error: message }).int({ error: message }),
  );

/** The bundle's promotion type (spec §5). */
export const promotionTypeSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
  z.union(
    [
      z.literal(PromotionType.PercentDiscount),
      z.literal(PromotionType.AmountDiscount),
      z.literal(PromotionType.CombinedPrice),
    ],
    { error: '請選擇優惠方式' },
  ),
);

/** spec §3: the rule is a list whose first entry applies; the back office edits that one. */
export const discountRuleInputSchema = z
  .array(
    z.strictObject({
      amount: wholeFromForm('件數須為整數').pipe(
        z.number().min(1, { error: '件數至少 1 件' }).max(999, { error: '件數最多 999 件' }),
      ),
      value: wholeFromForm('優惠值須為整數').pipe(
        z.number().min(1, { error: '優惠值須大於 0' }).max(10_000_000, { error: '優惠值過大' }),
      ),
    }),
    { error: '請填寫優惠規則' },
  )
  .min(1, { error: '請填寫優惠規則' })
  .max(5, { error: '最多 5 條規則' });

export function checkBundle(
  b: {
    discount_type: PromotionType;
    discount_rule: { amount: number; value: number }[];
    activity_start_time: string | null;
    activity_end_time: string | null;
  },
  ctx: z.RefinementCtx,
) {
  checkWindow(b, ctx);
  b.discount_rule.forEach((tier, i) => {
    // docs/decisions/008: a percentage of 100 or more is no discount (or a surcharge).
    if (b.discount_type === PromotionType.PercentDiscount && tier.value >= 100) {
      ctx.addIssue({ code: 'custom', path: ['discount_rule', i, 'value'], message: '折數須為 1 到 99（80 為 8 折）' });
    }
  });
}

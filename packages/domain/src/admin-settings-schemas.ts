// Back-office settings forms (issue 7 item 4), owner only: site settings, shipping fees and the
// return window, follow-us links, the bank account of Transfer payments.
import { z } from 'zod';
import { adminText, optionalText, optionalUploadKey, priceSchema, rowVersionSchema } from './admin-forms.ts';
import { BONUS_RATE_MAX } from './bonus-earning.ts';
import { LEVEL_DISCOUNT_MAX } from './coupons.ts';
import { isValidBusinessNumber } from './e-invoice.ts';
import { INSTALLMENT_COUNTS, installmentMsg } from './installments.ts';
import { msg } from './messages.ts';
import { EMAIL_PATTERN, idSchema } from './schemas.ts';

/** Analytics tag ids the page can load (GA4 G-, Universal UA-, Ads AW-, GTM containers GT-/DC-). */
export const ANALYTICS_TAG_PATTERN = /^(G|UA|AW|GT|DC)-[A-Z0-9-]{4,}$/i;

/** A GA4 measurement id (issue 43 item 5): G- and 4–12 letters or digits. */
export const GA4_MEASUREMENT_ID_PATTERN = /^G-[A-Z0-9]{4,12}$/i;
/** A Meta Pixel id: digits only (Meta issues 15–16; older ones are shorter). */
export const META_PIXEL_ID_PATTERN = /^\d{5,20}$/;

/** The longest return window a shop may set (the law asks for 7 days; some shops give 30). */
export const RETURN_DAYS_MAX = 90;
/** The cooling-off period of the Consumer Protection Act art. 19: no shop may offer less. */
export const RETURN_DAYS_MIN = 7;
/** ECPay's ATM ExpireDate accepts 1–60 days; 3 is its default. */
export const ATM_EXPIRE_DAYS = { min: 1, max: 60, default: 3 } as const;
/** Minutes a 超商代碼 stays payable (ECPay StoreExpireDate for CVS: 1–43200, i.e. 30 days; 7 days unless set). */
export const CVS_EXPIRE_MINUTES = { min: 1, max: 43_200, default: 10_080 } as const;
/** Days a 超商條碼 stays payable (ECPay StoreExpireDate for BARCODE: 1–30; 7 unless set). */
export const BARCODE_EXPIRE_DAYS = { min: 1, max: 30, default: 7 } as const;

const optionalMatching = (max: number, pattern: RegExp | ((v: string) => boolean), message: string) =>
  optionalText(max).refine((v) => v === '' || (typeof pattern === 'function' ? pattern(v) : pattern.test(v)), {
    error: message,
  });

/** PUT /admin/settings/site: what the header, footer, tab title and contact page show (spec §3). */
export const siteSettingsSchema = z.strictObject({
  website_title: adminText(60),
  description: optionalText(300),
  keywords: optionalText(300),
  index_favicon: optionalUploadKey,
  index_pic2: optionalUploadKey,
  service_phone: optionalMatching(30, /^[0-9()+\-# ]+$/, '電話只能包含數字、空格與 ( ) + - #'),
  service_email: optionalMatching(100, EMAIL_PATTERN, msg.emailFormat),
  service_address: optionalText(200),
  service_tax_id: optionalMatching(8, isValidBusinessNumber, msg.businessNumberFormat),
  /** Google Maps embed code; anything else is refused by the server (http/rich-text.ts sanitizeMapEmbed). */
  service_gmap: optionalText(5000),
  g_tag: optionalMatching(40, ANALYTICS_TAG_PATTERN, '追蹤碼格式不正確，例如 G-XXXXXXX'),
  /** Absent = unchanged; '' = no Google Analytics (it loads only after the shopper consents). */
  ga4_measurement_id: optionalMatching(14, GA4_MEASUREMENT_ID_PATTERN, 'GA4 評估 ID 格式不正確，例如 G-AB12CD34EF')
    .transform((v) => v.toUpperCase())
    .optional(),
  /** Absent = unchanged; '' = no Meta Pixel. */
  meta_pixel_id: optionalMatching(20, META_PIXEL_ID_PATTERN, 'Meta Pixel ID 只能是 5 到 20 位數字').optional(),
  bundles_banner: optionalUploadKey,
  version: rowVersionSchema,
});
export type SiteSettingsInput = z.infer<typeof siteSettingsSchema>;

const daysSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: '請輸入天數' })
    .int({ error: '天數須為整數' })
    // Consumer Protection Act art. 19: online buyers may return within 7 days of receipt (issue 21 item 6).
    .min(RETURN_DAYS_MIN, { error: `依消費者保護法，退貨期限至少 ${RETURN_DAYS_MIN} 天` })
    .max(RETURN_DAYS_MAX, { error: `天數最多 ${RETURN_DAYS_MAX} 天` }),
);

/**
 * PUT /admin/settings/shipping: the fees and threshold the checkout charges (docs/decisions/009) and
 * the return window after the ship date (spec §4, §9). They live only in system settings.
 */
export const shippingSettingsSchema = z.strictObject({
  shipping_fee: priceSchema,
  low_temp_shipping_fee: priceSchema,
  /** '' or null = shipping is never free. */
  free_shipping_threshold: z.preprocess((v) => (v === '' || v === undefined ? null : v), priceSchema.nullable()),
  return_days: daysSchema,
  /** Units at or below which a spec without its own level reads 庫存不足 (issue 42); absent = unchanged. */
  low_stock_level: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
      z
        .number({ error: '請輸入件數' })
        .int({ error: '件數須為整數' })
        .min(0, { error: '件數不可小於 0' })
        .max(100_000, { error: '件數過大' }),
    )
    .optional(),
  /** Days an ATM virtual account takes money (issue 21 item 4); absent = unchanged. */
  atm_expire_days: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
      z
        .number({ error: '請輸入天數' })
        .int({ error: '天數須為整數' })
        .min(ATM_EXPIRE_DAYS.min, { error: `繳費期限至少 ${ATM_EXPIRE_DAYS.min} 天` })
        .max(ATM_EXPIRE_DAYS.max, { error: `綠界的 ATM 繳費期限最多 ${ATM_EXPIRE_DAYS.max} 天` }),
    )
    .optional(),
  /** Whether the checkout offers 超商代碼 (issue 40); a form's checkbox sends 'on' or ''; absent = unchanged. */
  cvs_enabled: z
    .preprocess(
      (v) => (v === 'on' || v === 'true' ? true : v === '' || v === 'false' ? false : v),
      z.boolean({ error: '請選擇是否提供' }),
    )
    .optional(),
  /** Whether the checkout offers 超商條碼; a form's checkbox sends 'on' or ''; absent = unchanged. */
  barcode_enabled: z
    .preprocess(
      (v) => (v === 'on' || v === 'true' ? true : v === '' || v === 'false' ? false : v),
      z.boolean({ error: '請選擇是否提供' }),
    )
    .optional(),
  /** Whether the checkout offers Apple Pay (where the browser has it) and 台灣Pay; absent = unchanged. */
  apple_pay_enabled: z
    .preprocess(
      (v) => (v === 'on' || v === 'true' ? true : v === '' || v === 'false' ? false : v),
      z.boolean({ error: '請選擇是否提供' }),
    )
    .optional(),
  twqr_enabled: z
    .preprocess(
      (v) => (v === 'on' || v === 'true' ? true : v === '' || v === 'false' ? false : v),
      z.boolean({ error: '請選擇是否提供' }),
    )
    .optional(),
  /** Days a 超商條碼 stays payable; absent = unchanged. */
  barcode_expire_days: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
      z
        .number({ error: '請輸入天數' })
        .int({ error: '天數須為整數' })
        .min(BARCODE_EXPIRE_DAYS.min, { error: `繳費期限至少 ${BARCODE_EXPIRE_DAYS.min} 天` })
        .max(BARCODE_EXPIRE_DAYS.max, { error: `綠界的超商條碼繳費期限最多 ${BARCODE_EXPIRE_DAYS.max} 天` }),
    )
    .optional(),
  /** Card installment counts offered (decision 082); a form's checkbox list; absent = unchanged. */
  installment_counts: z
    .array(
      z.preprocess(
        (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
        z
          .number({ error: installmentMsg.unknownCount })
          .refine((n) => (INSTALLMENT_COUNTS as readonly number[]).includes(n), {
            error: installmentMsg.unknownCount,
          }),
      ),
      { error: installmentMsg.unknownCount },
    )
    .max(INSTALLMENT_COUNTS.length, { error: installmentMsg.unknownCount })
    .optional(),
  /** Order amount (NT$) from which installments are offered; absent = unchanged. */
  installment_min_amount: priceSchema.optional(),
  /** Minutes a 超商代碼 stays payable; absent = unchanged. */
  cvs_expire_minutes: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
      z
        .number({ error: '請輸入分鐘數' })
        .int({ error: '分鐘數須為整數' })
        .min(CVS_EXPIRE_MINUTES.min, { error: `繳費期限至少 ${CVS_EXPIRE_MINUTES.min} 分鐘` })
        .max(CVS_EXPIRE_MINUTES.max, {
          error: `綠界的超商代碼繳費期限最多 ${CVS_EXPIRE_MINUTES.max} 分鐘（30 天）`,
        }),
    )
    .optional(),
  version: rowVersionSchema,
});
export type ShippingSettingsInput = z.infer<typeof shippingSettingsSchema>;

const socialLink = optionalMatching(300, /^https:\/\/[^\s]+$/i, '請輸入 https:// 開頭的網址');

/** PUT /admin/settings/follow-us: the social buttons of the footer and the fixed button group. */
export const followUsSettingsSchema = z.strictObject({
  line: socialLink,
  whatsapp: socialLink,
  telegram: socialLink,
  facebook: socialLink,
  instagram: socialLink,
  version: rowVersionSchema,
});
export type FollowUsSettingsInput = z.infer<typeof followUsSettingsSchema>;

/** PUT /admin/settings/payment: the account Transfer orders are paid into (spec §3 Payment setting). */
export const paymentSettingsSchema = z.strictObject({
  bank_account_name: adminText(60),
  bank_code: z
    .string({ error: msg.required })
    .trim()
    .regex(/^\d{3}$/, { error: '銀行代碼為 3 位數字' }),
  bank_name: adminText(30),
  bank_account: z
    .string({ error: msg.required })
    .trim()
    .regex(/^\d[\d-]{4,18}\d$/, { error: '帳號為 6 到 20 位數字（可含 -）' }),
  version: rowVersionSchema,
});
export type PaymentSettingsInput = z.infer<typeof paymentSettingsSchema>;

const percentSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: '請輸入百分比' })
    .int({ error: '百分比須為整數' })
    .min(0, { error: '百分比不可小於 0' })
    .max(BONUS_RATE_MAX, { error: `百分比最多 ${BONUS_RATE_MAX}%` }),
);

const levelDiscountSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v === '' ? 0 : v),
  z
    .number({ error: '請輸入百分比' })
    .int({ error: '百分比須為整數' })
    .min(0, { error: '百分比不可小於 0' })
    .max(LEVEL_DISCOUNT_MAX, { error: `會員折扣最多 ${LEVEL_DISCOUNT_MAX}%` }),
);

/**
 * PUT /admin/settings/bonus (issue 21 items 1–3): the percent of an order's goods each member level
 * earns back as points, and the downline bonus of a referral's order one and two levels up.
 */
export const bonusSettingsSchema = z.strictObject({
  levels: z
    .array(
      z.strictObject({
        id: idSchema,
        bonus_rate: percentSchema,
        /** Percent off a level's orders (docs/decisions/061); absent = unchanged, for older forms. */
        discount_percent: levelDiscountSchema.optional(),
      }),
    )
    .max(50, { error: '會員等級過多' }),
  downline_percent_1: percentSchema,
  downline_percent_2: percentSchema,
  version: rowVersionSchema,
});
export type BonusSettingsInput = z.infer<typeof bonusSettingsSchema>;

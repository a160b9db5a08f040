// The ECPay logistics settings config.ts parses, and ECPay's public staging merchants they default to.
import { z } from 'zod';

/**
 * ECPay's public staging logistics merchants (物流整合 documentation, its SDK's EcpayTestMerchantId):
 * one per store-pickup contract. They can never ship a real parcel, and production refuses them.
 */
export const ECPAY_LOGISTICS_STAGE_MERCHANT = {
  C2C: { merchantId: '2000933', hashKey: 'XBERn1YOvpM9nfZc', hashIv: 'h1ONHk4P4yqbl5LK' },
  B2C: { merchantId: '2000132', hashKey: '5294y06JbISpM5x9', hashIv: 'v77hoKGq4kWxNNIS' },
} as const;
export const ECPAY_LOGISTICS_PUBLIC_TEST_VALUES = new Set<string>([
  ...Object.values(ECPAY_LOGISTICS_STAGE_MERCHANT.C2C),
  ...Object.values(ECPAY_LOGISTICS_STAGE_MERCHANT.B2C),
]);

/** The logistics settings of config.ts's one schema. */
export const ecpayLogisticsSettings = {
  /**
   * Convenience-store pickup and shipments through ECPay's logistics (docs/decisions/053):
   * `simulator` = the shop's own store map (offline); `stage` = ECPay's test system; `production`.
   */
  ECPAY_LOGISTICS_MODE: z.enum(['simulator', 'stage', 'production']).default('simulator'),
  /** The shop's store-pickup contract: C2C 店到店 (7-ELEVEN, 全家, 萊爾富, OK) or B2C 大宗寄倉 (no OK). */
  ECPAY_LOGISTICS_CVS_TYPE: z.enum(['C2C', 'B2C']).default('C2C'),
  /** The logistics merchant; default: ECPay's public staging merchant of the CVS type. */
  ECPAY_LOGISTICS_MERCHANT_ID: z
    .string()
    .regex(/^\d{1,10}$/, { error: 'ECPay logistics MerchantID is up to 10 digits' })
    .optional(),
  ECPAY_LOGISTICS_HASH_KEY: z.string().min(1).optional(),
  ECPAY_LOGISTICS_HASH_IV: z.string().min(1).optional(),
  /** Overrides the mode's logistics host (a test's stand-in server). */
  ECPAY_LOGISTICS_API_URL: z.url().optional(),
  /**
   * The sender printed on every shipment (/Express/Create SenderName, SenderCellPhone, and for home
   * delivery SenderZipCode and SenderAddress; docs/decisions/054). ECPay: a name of Chinese 2–5 or
   * letters 4–10, a mobile number, the 3-digit postal code, an address of 6–60 characters.
   */
  ECPAY_LOGISTICS_SENDER_NAME: z
    .string()
    .regex(/^(?:[\u3400-\u9fff]{2,5}|[A-Za-z ]{4,10})$/, { error: 'Chinese 2–5 or letters 4–10' })
    .default('好物商行'),
  ECPAY_LOGISTICS_SENDER_PHONE: z
    .string()
    .regex(/^09\d{8}$/, { error: 'a mobile number, 09 and 8 digits' })
    .default('0912345678'),
  ECPAY_LOGISTICS_SENDER_ZIP: z
    .string()
    .regex(/^\d{3}(\d{2,3})?$/, { error: 'a postal code of 3, 5 or 6 digits' })
    .default('100'),
  ECPAY_LOGISTICS_SENDER_ADDRESS: z.string().min(6).max(60).default('台北市中正區重慶南路一段122號'),
  /** What low-temperature orders travel as (黑貓 only): `refrigerated` 冷藏 (0002) or `frozen` 冷凍 (0003). */
  ECPAY_LOGISTICS_COLD_TEMPERATURE: z.enum(['refrigerated', 'frozen']).default('refrigerated'),
};

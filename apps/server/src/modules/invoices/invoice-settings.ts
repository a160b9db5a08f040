// The e-invoice settings config.ts parses, and ECPay's public staging merchant they default to.
import { z } from 'zod';

/** ECPay's public test merchant for the e-invoice stage, as in 加密方法說明's example; never for production. */
export const ECPAY_INVOICE_STAGE_MERCHANT = {
  merchantId: '2000132',
  hashKey: 'ejCk326UnaZWKisg',
  hashIv: 'q9jcZX8Ib9LM8wYk',
} as const;

/** ECPay's public e-invoice staging merchant (2000132, its key and IV): never real invoices (config.ts adds the AIO ones). */
export const ECPAY_INVOICE_PUBLIC_TEST_VALUES = new Set<string>(Object.values(ECPAY_INVOICE_STAGE_MERCHANT));

/** The e-invoice settings of config.ts's one schema. */
export const invoiceSettings = {
  /**
   * ECPay B2C e-invoices (docs/decisions/052): `simulator` = the shop plays ECPay's invoice API
   * (offline); `stage` = ECPay's test system; `production` = real invoices; `off` = none issued here.
   */
  ECPAY_INVOICE_MODE: z.enum(['simulator', 'stage', 'production', 'off']).default('simulator'),
  ECPAY_INVOICE_MERCHANT_ID: z
    .string()
    .regex(/^\d{1,10}$/, { error: 'ECPay MerchantID is up to 10 digits' })
    .default(ECPAY_INVOICE_STAGE_MERCHANT.merchantId),
  ECPAY_INVOICE_HASH_KEY: z
    .string()
    .length(16, { error: 'ECPay e-invoice HashKey is 16 characters' })
    .default(ECPAY_INVOICE_STAGE_MERCHANT.hashKey),
  ECPAY_INVOICE_HASH_IV: z
    .string()
    .length(16, { error: 'ECPay e-invoice HashIV is 16 characters' })
    .default(ECPAY_INVOICE_STAGE_MERCHANT.hashIv),
  /** Overrides the e-invoice API base URL of the mode (a test's stand-in server). */
  ECPAY_INVOICE_API_URL: z.url().optional(),
};

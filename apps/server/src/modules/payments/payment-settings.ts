// The payment settings config.ts parses (ECPay AIO and card refunds, the bank acquirer, LINE Pay), the
// simulators' public credentials, and what a real shop (NODE_ENV=production) refuses of them.
import { z } from 'zod';
import type { EcpayMode } from './ecpay-aio.ts';

/** ECPay's public staging test merchant (AIO documentation); it can never take real money. */
export const ECPAY_STAGE_MERCHANT = { merchantId: '3002607', hashKey: 'pwFHCqoQZGmho4w6', hashIv: 'EkRm7iFT261dpevs' };
/** The public test merchants of ECPay's documentation (3002607 and the older 2000132), refused in production. */
export const ECPAY_PUBLIC_TEST_VALUES = new Set([
  ...Object.values(ECPAY_STAGE_MERCHANT),
  '2000132',
  '5294y06JbISpM5x9',
  'v77hoKGq4kWxNNIS',
]);

/** The bank-acquirer simulator's merchant and key: in this code, so public, and refused in production. */
export const BANKCARD_SIMULATOR_MERCHANT = { merchantId: 'SIMBANK0001', hashKey: 'bankcard-simulator-hash-key' };

/** The simulator's 商家檢查碼 when none is configured: it only answers the shop itself (public; production refuses it). */
export const ECPAY_SIMULATOR_CHECK_CODE = '10000000';

/**
 * The simulator's channel when none is configured: it only ever signs calls to the shop itself, and
 * being in this code it is public, so production refuses it (config.ts).
 */
export const LINEPAY_SIMULATOR_CHANNEL = { id: '1000000000', secret: 'linepay-simulator-channel-secret' };

/** The payment settings of config.ts's one schema. */
export const paymentSettings = {
  /**
   * Credit card and ATM payments (docs/decisions/039): `simulator` = the shop's own page
   * plays ECPay (offline, nothing is charged); `stage` = ECPay's test system; `production` = real money.
   */
  ECPAY_MODE: z.enum(['simulator', 'stage', 'production']).default('simulator'),
  ECPAY_MERCHANT_ID: z
    .string()
    .regex(/^\d{1,10}$/, { error: 'ECPay MerchantID is up to 10 digits' })
    .default(ECPAY_STAGE_MERCHANT.merchantId),
  ECPAY_HASH_KEY: z.string().min(1).default(ECPAY_STAGE_MERCHANT.hashKey),
  ECPAY_HASH_IV: z.string().min(1).default(ECPAY_STAGE_MERCHANT.hashIv),
  /**
   * 商家檢查碼 (廠商後台 › 信用卡收單 › 信用卡授權資訊): card refunds read the trade's state with it
   * (docs/decisions/051). Required in production; the simulator takes any.
   */
  ECPAY_CREDIT_CHECK_CODE: z
    .string()
    .regex(/^\d{1,20}$/, { error: 'ECPay CreditCheckCode is digits' })
    .optional(),
  /** Overrides the host of ECPay's card APIs (refunds), e.g. a test's stand-in server. */
  ECPAY_PAYMENT_API_URL: z.url().optional(),
  /**
   * Card payment through a bank acquirer, 信用卡（銀行） (payment method 4, docs/decisions/060): `off`
   * (the checkout does not offer it) or `simulator` (the shop plays the acquirer). No acquirer
   * publishes its merchant interface, so there is no real mode until one is contracted.
   */
  BANKCARD_MODE: z.enum(['off', 'simulator']).default('off'),
  BANKCARD_MERCHANT_ID: z
    .string()
    .regex(/^[0-9A-Za-z]{1,20}$/, { error: 'BANKCARD_MERCHANT_ID is up to 20 letters or digits' })
    .default(BANKCARD_SIMULATOR_MERCHANT.merchantId),
  BANKCARD_HASH_KEY: z.string().min(16).default(BANKCARD_SIMULATOR_MERCHANT.hashKey),
  /** The acquirer's host for its payment page and refund API; the simulator is the shop itself. */
  BANKCARD_API_URL: z.url().optional(),
  /**
   * LINE Pay (docs/decisions/050): `simulator` = the shop's own page plays LINE Pay (offline);
   * `sandbox` = LINE Pay's sandbox; `production` = real money; `off` = the checkout does not offer it.
   */
  LINEPAY_MODE: z.enum(['simulator', 'sandbox', 'production', 'off']).default('simulator'),
  LINEPAY_CHANNEL_ID: z
    .string()
    .regex(/^\d{1,20}$/, { error: 'LINE Pay Channel ID is digits' })
    .optional(),
  LINEPAY_CHANNEL_SECRET: z.string().min(1).optional(),
  /** Overrides the API base URL of the mode (a test's stand-in server). */
  LINEPAY_API_URL: z.url().optional(),
};

type PaymentSettings = z.infer<z.ZodObject<typeof paymentSettings>>;

/** Payments that take no real money, and the bank simulator's public merchant and key. */
export function paymentTestProviderProblems(c: PaymentSettings): `${keyof PaymentSettings}: ${string}`[] {
  const problems: `${keyof PaymentSettings}: ${string}`[] = [];
  if (c.ECPAY_MODE !== 'production') {
    problems.push(`ECPAY_MODE: ${c.ECPAY_MODE} takes no real payment; set production`);
  }
  if (c.LINEPAY_MODE === 'simulator' || c.LINEPAY_MODE === 'sandbox') {
    problems.push(`LINEPAY_MODE: ${c.LINEPAY_MODE} takes no real payment; set production, or off`);
  }
  // No acquirer is contracted yet, so there is no real mode to ask for (decision 060).
  if (c.BANKCARD_MODE === 'simulator') {
    problems.push('BANKCARD_MODE: simulator takes no real payment; set off');
  }
  if (c.BANKCARD_MODE !== 'off') {
    if (c.BANKCARD_MERCHANT_ID === BANKCARD_SIMULATOR_MERCHANT.merchantId) {
      problems.push("BANKCARD_MERCHANT_ID: the simulator's, public; set the shop's own");
    }
    // Anyone holding the key signs an acquirer result that marks an order paid.
    if (c.BANKCARD_HASH_KEY === BANKCARD_SIMULATOR_MERCHANT.hashKey) {
      problems.push("BANKCARD_HASH_KEY: the simulator's, public; set the shop's own");
    }
  }
  return problems;
}

/** What the ECPay payment calls and notices need of the settings. */
export interface EcpaySettings {
  mode: EcpayMode;
  merchantId: string;
  hashKey: string;
  hashIv: string;
  /** Public origin of the shop, no trailing slash. */
  publicUrl: string;
}

// Where a refund goes (issue 20 item 7, docs/decisions/048): money paid by bank transfer, ATM or cash
// on delivery goes back by the shop's own transfer to an account the shopper names; a card or LINE Pay
// payment goes back through its provider. Pure rules and the account's validator, zh-TW messages.
import { z } from 'zod';
import { PaymentMethod } from './enums.ts';
import { maskName } from './phone.ts';
import { bankLabel, TAIWAN_BANKS } from './taiwan-banks.ts';

/** Account numbers of Taiwan's banks run from 10 (兆豐, 第一 use 11) to 14 (中華郵政, 台新) digits; 16 leaves room. */
export const REFUND_ACCOUNT_MIN_DIGITS = 10;
export const REFUND_ACCOUNT_MAX_DIGITS = 16;
/** The holder's name as the bank has it; a company's name can be long, a person's is short. */
export const REFUND_HOLDER_MAX = 50;

export const refundMsg = {
  accountRequired: '此訂單需要退款帳戶，請填寫銀行、帳號與戶名',
  bankChoose: '請選擇退款銀行',
  bankUnknown: '請從清單選擇銀行',
  accountRequiredField: '請輸入退款帳號',
  accountFormat: `帳號須為 ${REFUND_ACCOUNT_MIN_DIGITS} 至 ${REFUND_ACCOUNT_MAX_DIGITS} 位數字`,
  holderRequired: '請輸入戶名',
  holderTooLong: `戶名最多 ${REFUND_HOLDER_MAX} 字`,
  /** The back office's line for an account refund. */
  transferTo: '請匯款退款至此帳戶',
  /** The back office's line when the customer left no account (a request made before accounts were asked). */
  accountMissing: '顧客未留退款帳戶，請聯絡顧客取得帳戶後再匯款退款',
  /** The back office's line for a card or LINE Pay refund. */
  throughProvider: (provider: string) =>
    `此訂單以${provider}付款，核准後退款會自動經由金流退回原付款方式，結果請見「金流紀錄」`,
} as const;

/**
 * The digits of an account as typed: `0123-4567 8901` → `012345678901`. Spaces and dashes go; the
 * full-width digits a zh-TW input method types (`１２３`) become ASCII ones.
 */
export function accountDigits(value: string): string {
  return value.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/[\s\-－‐–—]/g, '');
}

/**
 * The refund account a cancel or return request carries: a bank of taiwan-banks.ts, 10–16 digits
 * (spaces and dashes stripped), and the holder's name. The API, the forms and the tests use this one.
 */
export const refundAccountSchema = z.object({
  bank_code: z
    .string({ error: refundMsg.bankChoose })
    .trim()
    .min(1, { error: refundMsg.bankChoose, abort: true })
    .refine((code) => Object.hasOwn(TAIWAN_BANKS, code), { error: refundMsg.bankUnknown }),
  account: z
    .string({ error: refundMsg.accountRequiredField })
    .transform(accountDigits)
    .pipe(
      z
        .string()
        .min(1, { error: refundMsg.accountRequiredField, abort: true })
        .regex(new RegExp(`^\\d{${REFUND_ACCOUNT_MIN_DIGITS},${REFUND_ACCOUNT_MAX_DIGITS}}$`), {
          error: refundMsg.accountFormat,
        }),
    ),
  holder: z
    .string({ error: refundMsg.holderRequired })
    .trim()
    .min(1, { error: refundMsg.holderRequired })
    .max(REFUND_HOLDER_MAX, { error: refundMsg.holderTooLong }),
});
export type RefundAccountInput = z.input<typeof refundAccountSchema>;
export type RefundAccount = z.output<typeof refundAccountSchema>;

/** A refund account as the API answers it; `masked` when the account and holder are partly hidden. */
export const refundAccountViewSchema = z.object({
  bank_code: z.string(),
  account: z.string(),
  holder: z.string(),
  masked: z.boolean(),
});
export type RefundAccountView = z.infer<typeof refundAccountViewSchema>;

/** For lists: the last four digits and the holder as 王*明 (`********9012`). */
export function maskRefundAccount(account: RefundAccount): RefundAccountView {
  const digits = account.account;
  const shown = digits.slice(-4);
  return {
    bank_code: account.bank_code,
    account: `${'*'.repeat(Math.max(0, digits.length - shown.length))}${shown}`,
    holder: maskName(account.holder),
    masked: true,
  };
}

/** 「822 中國信託 123456789012 王小明」: one line for a page. */
export function refundAccountLine(account: Pick<RefundAccountView, 'bank_code' | 'account' | 'holder'>): string {
  return `${bankLabel(account.bank_code)} ${account.account} ${account.holder}`;
}

/** The order fields the refund rule reads, as the API sends them. */
export interface RefundOrder {
  payment_type?: number;
  is_payment: boolean;
  is_shipping: boolean;
  /** What the shopper paid in money; 0 (all paid with points) leaves nothing to send back. */
  pay_amount?: number;
}

/** How money paid for the order goes back: the shop's transfer to an account, the provider, or nothing was paid. */
export type RefundRoute = 'account' | 'provider' | null;

const PROVIDER_REFUNDS: ReadonlySet<number> = new Set([
  PaymentMethod.Credit,
  PaymentMethod.CreditFocas,
  PaymentMethod.LinePay,
  // Apple Pay through ECPay is a card trade, refunded by ECPay's DoAction like a card (decision 082).
  PaymentMethod.ApplePay,
]);

/**
 * A card or LINE Pay payment goes back through the provider; a transfer, an ATM payment or cash paid
 * to the carrier has no way back but the shop's own transfer. Cash on delivery counts as paid once
 * shipped (the shopper paid at the door; is_payment waits for the carrier to hand the money over).
 */
export function refundRoute(order: RefundOrder): RefundRoute {
  const paidAtDoor = order.payment_type === PaymentMethod.CashOnDelivery && order.is_shipping;
  if (!order.is_payment && !paidAtDoor) return null;
  if (order.pay_amount === 0) return null;
  return order.payment_type !== undefined && PROVIDER_REFUNDS.has(order.payment_type) ? 'provider' : 'account';
}

/** Whether a cancel or return request of this order must name the account the refund goes to. */
export function needsRefundAccount(order: RefundOrder): boolean {
  return refundRoute(order) === 'account';
}

// What became of an order's uniform e-invoice at ECPay (issue 16 item 3): the states of an invoice
// and of its allowances (折讓), when a void is still allowed, and what the order pages show of them.
import { z } from 'zod';
import { isoDateTimeSchema } from './entities.ts';
import { TAIPEI_OFFSET_MS } from './shop-calendar.ts';
import { shopDateSchema } from './admin-order-schemas.ts';

/** pending: asked of ECPay or waiting to be; issued; voided (作廢); failed: ECPay refused it. */
export const E_INVOICE_STATUSES = ['pending', 'issued', 'voided', 'failed'] as const;
export type EInvoiceStatus = (typeof E_INVOICE_STATUSES)[number];

/** pending: asked of ECPay (the answer may have been lost); issued; failed: ECPay refused it. */
export const E_INVOICE_ALLOWANCE_STATUSES = ['pending', 'issued', 'failed'] as const;
export type EInvoiceAllowanceStatus = (typeof E_INVOICE_ALLOWANCE_STATUSES)[number];

/** Why an allowance was made: a cancelled order whose invoice could no longer be voided, or a return. */
export const E_INVOICE_ALLOWANCE_REASONS = ['cancel', 'return'] as const;
export type EInvoiceAllowanceReason = (typeof E_INVOICE_ALLOWANCE_REASONS)[number];

/** What the shopper and the back office call each state. */
export const eInvoiceStatusLabel: Record<EInvoiceStatus, string> = {
  pending: '開立中',
  issued: '已開立',
  voided: '已作廢',
  failed: '開立失敗',
};

export const eInvoiceAllowanceStatusLabel: Record<EInvoiceAllowanceStatus, string> = {
  pending: '處理中',
  issued: '已折讓',
  failed: '折讓失敗',
};

export const eInvoiceAllowanceReasonLabel: Record<EInvoiceAllowanceReason, string> = {
  cancel: '取消訂單',
  return: '退貨',
};

/** One allowance of the invoice, as the order pages show it. */
export const eInvoiceAllowanceViewSchema = z.object({
  /** ECPay's allowance number (16 digits); null while pending, or when found only by the amount left. */
  allowance_no: z.string().nullable(),
  /** NT$ given back, tax included. */
  amount: z.number().int(),
  /** When ECPay made it; null while pending. */
  allowance_date: isoDateTimeSchema.nullable(),
  status: z.enum(E_INVOICE_ALLOWANCE_STATUSES),
  reason: z.enum(E_INVOICE_ALLOWANCE_REASONS),
});
export type EInvoiceAllowanceView = z.infer<typeof eInvoiceAllowanceViewSchema>;

/** The order's invoice, as the member's order page shows it. */
export const eInvoiceViewSchema = z.object({
  status: z.enum(E_INVOICE_STATUSES),
  /** 發票號碼: two letters and eight digits; null until issued. */
  invoice_no: z.string().nullable(),
  /** 發票開立時間; null until issued. */
  invoice_date: isoDateTimeSchema.nullable(),
  /** 隨機碼, four digits; null until issued. */
  random_number: z.string().nullable(),
  /** NT$ of the invoice (the order's pay_amount). */
  amount: z.number().int(),
  /** When it was voided; null otherwise. */
  voided_at: isoDateTimeSchema.nullable(),
  allowances: z.array(eInvoiceAllowanceViewSchema),
});
export type EInvoiceView = z.infer<typeof eInvoiceViewSchema>;

/** The back office sees ECPay's last word too (no secret is ever in it). */
export const adminEInvoiceViewSchema = eInvoiceViewSchema.extend({
  /** The number ECPay knows the invoice by: the order number. */
  relate_number: z.string(),
  /** ECPay's last RtnCode about the invoice; null before any answer. */
  provider_code: z.number().int().nullable(),
  /** ECPay's last RtnMsg, or why the shop could not ask. */
  provider_message: z.string(),
});
export type AdminEInvoiceView = z.infer<typeof adminEInvoiceViewSchema>;

/**
 * The moment voiding stops (ECPay 作廢發票, after the Ministry of Finance's upload rule): an invoice
 * may be voided until 23:59:59 Taipei on the 13th of the odd month that follows its two-month period
 * (Jan–Feb → 13 March, …, Nov–Dec → 13 January). Answers 00:00 Taipei on the 14th.
 */
export function invoiceVoidClosesAt(invoiceDate: Date): Date {
  const wall = new Date(invoiceDate.getTime() + TAIPEI_OFFSET_MS);
  // Periods start on odd months: index 0 (Jan), 2 (Mar)…; the period's last month has an odd index.
  const lastMonthOfPeriod = wall.getUTCMonth() | 1;
  return new Date(Date.UTC(wall.getUTCFullYear(), lastMonthOfPeriod + 1, 14) - TAIPEI_OFFSET_MS);
}

/** Whether ECPay still voids an invoice made at `invoiceDate`; past that, only an allowance gives money back. */
export function canVoidInvoice(invoiceDate: Date, now: Date): boolean {
  return now.getTime() < invoiceVoidClosesAt(invoiceDate).getTime();
}

// ---- the accountant's daily register (issue 16 item 4) ---------------------------------------------

/** What happened to an invoice on the day: 開立 (issued), 作廢 (voided) or 折讓 (an allowance). */
export const E_INVOICE_REGISTER_KINDS = ['issued', 'voided', 'allowance'] as const;
export type EInvoiceRegisterKind = (typeof E_INVOICE_REGISTER_KINDS)[number];
export const eInvoiceRegisterKindLabel: Record<EInvoiceRegisterKind, string> = {
  issued: '開立',
  voided: '作廢',
  allowance: '折讓',
};

/** One line of the register: one invoice issued or voided, or one allowance, on the day asked. */
export const eInvoiceRegisterEntrySchema = z.object({
  kind: z.enum(E_INVOICE_REGISTER_KINDS),
  /** When it happened (the invoice date, the void, or the allowance date). */
  at: isoDateTimeSchema,
  invoice_no: z.string(),
  /** When the invoice itself was made (an allowance or a void may come days later). */
  invoice_date: isoDateTimeSchema,
  order_id: z.number().int(),
  order_number: z.string(),
  /** 1 二聯, 2 三聯, 3 donated. */
  invoice_type: z.number().int(),
  /** 統一編號 of a 三聯 invoice; '' otherwise. */
  customer_identifier: z.string(),
  /** NT$, tax included: the invoice's amount, or the allowance's. */
  amount: z.number().int(),
  /** The allowance's number; null for an issue or a void. */
  allowance_no: z.string().nullable(),
});
export type EInvoiceRegisterEntry = z.infer<typeof eInvoiceRegisterEntrySchema>;

/** GET /admin/invoices?date=: the day's lines, oldest first, and the day's sums. */
export const eInvoiceRegisterSchema = z.object({
  date: z.string(),
  entries: z.array(eInvoiceRegisterEntrySchema),
  totals: z.object({ issued: z.number().int(), voided: z.number().int(), allowance: z.number().int() }),
});
export type EInvoiceRegister = z.infer<typeof eInvoiceRegisterSchema>;

/** `?date=yyyy-MM-dd` (Taipei day) of the register; today when absent. */
export const eInvoiceRegisterQuerySchema = z.object({ date: shopDateSchema.optional() });

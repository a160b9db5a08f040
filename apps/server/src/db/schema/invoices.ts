// Uniform e-invoices issued through ECPay's B2C API (issue 16 item 3, docs/decisions/052): one per paid
// order, and the allowances (折讓) that give part or all of one back. Written by the invoices module only.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, unique, varchar } from 'drizzle-orm/pg-core';
import { E_INVOICE_ALLOWANCE_REASONS, E_INVOICE_ALLOWANCE_STATUSES, E_INVOICE_STATUSES } from '@shop/domain';
import { createdAt, id, tstz, updatedAt } from './columns.ts';
import { orders } from './orders.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** ECPay's last word about an invoice or an allowance. */
const ecpayAnswer = () => ({
  /** ECPay's last RtnCode about it; NULL before any answer. */
  providerCode: integer('provider_code'),
  /** ECPay's last RtnMsg, or why it was not asked. */
  providerMessage: text('provider_message').notNull().default(''),
  /** ECPay's last decrypted answer (Data), which never holds the merchant's key or IV. */
  answer: jsonb('answer'),
});

/** The order's invoice: created pending before ECPay is asked, so a lost answer is found again by its RelateNumber. */
export const invoices = pgTable(
  'invoices',
  {
    /** Key. */
    id: id(),
    /** The order invoiced; one invoice per order. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** ECPay's RelateNumber: the order number, so a retried issue meets ECPay's duplicate answer. */
    relateNumber: varchar('relate_number', { length: 30 }).notNull(),
    /** 'pending' (asked or about to be), 'issued', 'voided' (作廢) or 'failed' (ECPay refused it). */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** 發票號碼, two letters and eight digits; NULL until issued. */
    invoiceNo: varchar('invoice_no', { length: 10 }),
    /** ECPay's InvoiceDate (Taipei time), when the invoice was made; NULL until issued. */
    invoiceDate: tstz('invoice_date'),
    /** 隨機碼, four digits; NULL until issued. */
    randomNumber: varchar('random_number', { length: 4 }),
    /** SalesAmount in NT$, tax included: the order's pay_amount. */
    amount: integer('amount').notNull(),
    /** InvoiceType of the order's receipt: 1 二聯 (B2C), 2 三聯 (with a business number), 3 donated. */
    invoiceType: smallint('invoice_type').notNull(),
    /** CarrierType sent: '' none (printed), '1' ECPay's member carrier, '2' citizen certificate, '3' mobile barcode. */
    carrierType: varchar('carrier_type', { length: 1 }).notNull().default(''),
    /** CarrierNum sent: the mobile barcode or citizen certificate number; '' otherwise. */
    carrierNum: varchar('carrier_num', { length: 64 }).notNull().default(''),
    /** LoveCode of a donated invoice; '' otherwise. */
    loveCode: varchar('love_code', { length: 7 }).notNull().default(''),
    /** 統一編號 of a 三聯 invoice; '' otherwise. */
    customerIdentifier: varchar('customer_identifier', { length: 8 }).notNull().default(''),
    /** The company title printed on a 三聯 invoice; '' otherwise. */
    customerName: text('customer_name').notNull().default(''),
    /** When it was voided; NULL unless voided. */
    voidedAt: tstz('voided_at'),
    ...ecpayAnswer(),
    /** When created. */
    createdAt: createdAt(),
    /** When last changed. */
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('uq_invoices_order_id').on(t.orderId),
    unique('uq_invoices_relate_number').on(t.relateNumber),
    unique('uq_invoices_invoice_no').on(t.invoiceNo),
    // The back office's daily list of invoices (issue 16 item 4) reads by date.
    index('idx_invoices_invoice_date').on(t.invoiceDate),
    check('invoices_status_known', sql`${t.status} IN (${inList(E_INVOICE_STATUSES)})`),
    check('invoices_amount_positive', sql`${t.amount} > 0`),
    check('invoices_invoice_type_known', sql`${t.invoiceType} BETWEEN 1 AND 3`),
    check('invoices_carrier_type_known', sql`${t.carrierType} IN ('', '1', '2', '3')`),
    check('invoices_relate_number_format', sql`${t.relateNumber} ~ '^[0-9A-Za-z]{1,30}$'`),
    check('invoices_invoice_no_format', sql`${t.invoiceNo} IS NULL OR ${t.invoiceNo} ~ '^[A-Z]{2}[0-9]{8}$'`),
    check('invoices_random_number_format', sql`${t.randomNumber} IS NULL OR ${t.randomNumber} ~ '^[0-9]{4}$'`),
    // An issued or voided invoice has its number, date and random number (IS NOT NULL spelled out).
    check(
      'invoices_issued_has_number',
      sql`${t.status} NOT IN ('issued', 'voided') OR (${t.invoiceNo} IS NOT NULL AND ${t.invoiceDate} IS NOT NULL AND ${t.randomNumber} IS NOT NULL)`,
    ),
    check('invoices_voided_at', sql`(${t.status} = 'voided') = (${t.voidedAt} IS NOT NULL)`),
  ],
);

/** An allowance (折讓) of an invoice: a return, or a cancellation after the void deadline. */
export const invoiceAllowances = pgTable(
  'invoice_allowances',
  {
    /** Key. */
    id: id(),
    /** The invoice it gives back from. */
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    /** 'cancel' or 'return': one allowance per cause, so a retried job finds its row. */
    reason: varchar('reason', { length: 16 }).notNull(),
    /** 'pending' (asked; the answer may have been lost), 'issued' or 'failed' (ECPay refused it). */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** ECPay's IA_Allow_No (16 digits); NULL while pending, or when the allowance was found by the amount left. */
    allowanceNo: varchar('allowance_no', { length: 20 }),
    /** AllowanceAmount in NT$, tax included. */
    amount: integer('amount').notNull(),
    /** ECPay's IA_Date, when the allowance was made; NULL until issued. */
    allowanceDate: tstz('allowance_date'),
    /** IA_Remain_Allowance_Amt: NT$ of the invoice left to give back after this allowance. */
    remainingAmount: integer('remaining_amount'),
    ...ecpayAnswer(),
    /** When created. */
    createdAt: createdAt(),
    /** When last changed. */
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('uq_invoice_allowances_invoice_id_reason').on(t.invoiceId, t.reason),
    unique('uq_invoice_allowances_allowance_no').on(t.allowanceNo),
    check('invoice_allowances_status_known', sql`${t.status} IN (${inList(E_INVOICE_ALLOWANCE_STATUSES)})`),
    check('invoice_allowances_reason_known', sql`${t.reason} IN (${inList(E_INVOICE_ALLOWANCE_REASONS)})`),
    check('invoice_allowances_amount_positive', sql`${t.amount} > 0`),
    check('invoice_allowances_remaining_non_negative', sql`${t.remainingAmount} IS NULL OR ${t.remainingAmount} >= 0`),
    check('invoice_allowances_issued_dated', sql`${t.status} <> 'issued' OR ${t.allowanceDate} IS NOT NULL`),
  ],
);

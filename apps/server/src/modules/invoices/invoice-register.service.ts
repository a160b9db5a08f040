// The accountant's daily register of e-invoices (issue 16 item 4): what was issued, voided and given
// back by allowances on one Taipei day, as the back office lists it and as a CSV Excel opens.
import {
  eInvoiceRegisterKindLabel,
  shopDateTime,
  startOfShopDate,
  taipeiDate,
  type EInvoiceRegister,
  type EInvoiceRegisterEntry,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { toCsv, type CsvColumn } from '../../http/csv.ts';
import * as repo from './invoices.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function entryOf(
  kind: EInvoiceRegisterEntry['kind'],
  at: Date,
  invoice: repo.InvoiceRow,
  amount: number,
  allowanceNo: string | null,
): EInvoiceRegisterEntry {
  return {
    kind,
    at: at.toISOString(),
    invoice_no: invoice.invoiceNo ?? '',
    invoice_date: invoice.invoiceDate!.toISOString(),
    order_id: invoice.orderId,
    // RelateNumber is the order number (decision 052).
    order_number: invoice.relateNumber,
    invoice_type: invoice.invoiceType,
    customer_identifier: invoice.customerIdentifier,
    amount,
    allowance_no: allowanceNo,
  };
}

/** The register of `date` (yyyy-MM-dd, Taipei), today when absent; lines in the order they happened. */
export async function invoiceRegister(db: Db, date: string | undefined, now: Date): Promise<EInvoiceRegister> {
  const day = date ?? taipeiDate(now);
  const start = startOfShopDate(day);
  const end = new Date(start.getTime() + DAY_MS);
  const [issued, voided, allowances] = await Promise.all([
    repo.findInvoicesIssuedBetween(db, start, end),
    repo.findInvoicesVoidedBetween(db, start, end),
    repo.findAllowancesBetween(db, start, end),
  ]);
  const entries = [
    ...issued.map((i) => entryOf('issued', i.invoiceDate!, i, i.amount, null)),
    ...voided.map((i) => entryOf('voided', i.voidedAt!, i, i.amount, null)),
    ...allowances.map(({ allowance, invoice }) =>
      entryOf('allowance', allowance.allowanceDate!, invoice, allowance.amount, allowance.allowanceNo),
    ),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const sum = (kind: EInvoiceRegisterEntry['kind']) =>
    entries.filter((e) => e.kind === kind).reduce((total, e) => total + e.amount, 0);
  return { date: day, entries, totals: { issued: sum('issued'), voided: sum('voided'), allowance: sum('allowance') } };
}

const INVOICE_TYPE = ['', '二聯式', '三聯式', '捐贈'] as const;

const COLUMNS: readonly CsvColumn<EInvoiceRegisterEntry>[] = [
  { header: '類別', value: (e) => eInvoiceRegisterKindLabel[e.kind] },
  { header: '時間', value: (e) => shopDateTime(e.at) },
  { header: '發票號碼', value: (e) => e.invoice_no },
  { header: '發票日期', value: (e) => shopDateTime(e.invoice_date) },
  { header: '折讓單號', value: (e) => e.allowance_no ?? '', keepDigits: true },
  { header: '訂單編號', value: (e) => e.order_number, keepDigits: true },
  { header: '發票類型', value: (e) => INVOICE_TYPE[e.invoice_type] ?? '' },
  { header: '買方統一編號', value: (e) => e.customer_identifier, keepDigits: true },
  { header: '金額（含稅）', value: (e) => e.amount },
];

/** The same register as an Excel-ready CSV (UTF-8 with a byte order mark). */
export async function invoiceRegisterCsv(db: Db, date: string | undefined, now: Date) {
  const register = await invoiceRegister(db, date, now);
  return { filename: `e-invoices-${register.date.replace(/-/g, '')}.csv`, body: toCsv(COLUMNS, register.entries) };
}

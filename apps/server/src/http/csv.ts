// CSV that Excel (the tool a Taiwan shop owner opens it with) reads correctly: UTF-8 with a byte
// order mark (else Chinese turns into mojibake), CRLF line ends, every text field quoted, and
// cells that start a formula neutralised (OWASP "CSV injection"). docs/decisions/030.

export const CSV_BOM = '\uFEFF';

/** Characters with which a spreadsheet starts a formula; tab and CR too (they can precede one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Digits-only identifiers (mobile numbers, tracking numbers) that Excel would turn into numbers. */
const LEADING_ZERO_OR_LONG_DIGITS = /^(0\d+|\d{12,})$/;

export type CsvCell = string | number | null | undefined;

/**
 * One cell. Numbers stay bare so Excel can sum them. Text is quoted with `"` doubled; text starting
 * a formula gets a leading apostrophe. Digit-only identifiers are written as `="0912345678"`, the
 * Excel idiom that keeps the leading zero and stops 12+ digits turning into 9.05512E+11 — safe,
 * because the quoted part is only digits.
 */
export function csvCell(value: CsvCell, options: { keepDigits?: boolean } = {}): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (options.keepDigits && LEADING_ZERO_OR_LONG_DIGITS.test(value)) return `="${value}"`;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvCell;
  /** An identifier made of digits (phone, tracking number): keep it as text in Excel. */
  keepDigits?: boolean;
}

/** The whole file: BOM, header row, one row per record, CRLF after every row. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row), { keepDigits: c.keepDigits })).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

import { describe, expect, it } from 'vitest';
import { canVoidInvoice, invoiceVoidClosesAt } from './e-invoice-records.ts';

describe('invoiceVoidClosesAt', () => {
  it.each([
    // [invoice made (Taipei), voiding closes (Taipei, 00:00 on the 14th)]
    ['2026-01-01T00:00:00+08:00', '2026-03-14T00:00:00+08:00'],
    ['2026-02-28T23:59:59+08:00', '2026-03-14T00:00:00+08:00'],
    ['2026-03-01T00:00:00+08:00', '2026-05-14T00:00:00+08:00'],
    ['2026-04-30T12:00:00+08:00', '2026-05-14T00:00:00+08:00'],
    ['2026-09-15T10:00:00+08:00', '2026-11-14T00:00:00+08:00'],
    ['2026-10-31T23:00:00+08:00', '2026-11-14T00:00:00+08:00'],
    ['2026-11-26T12:00:00+08:00', '2027-01-14T00:00:00+08:00'],
    ['2026-12-31T23:59:59+08:00', '2027-01-14T00:00:00+08:00'],
    // 1 March 00:30 in Taipei is still 28 February in UTC: the Taipei day decides the period.
    ['2026-03-01T00:30:00+08:00', '2026-05-14T00:00:00+08:00'],
  ])('an invoice of %s can be voided until just before %s', (made, closes) => {
    expect(invoiceVoidClosesAt(new Date(made))).toEqual(new Date(closes));
  });
});

describe('canVoidInvoice', () => {
  const made = new Date('2026-11-26T12:00:00+08:00');
  it.each([
    ['the same day', '2026-11-26T15:00:00+08:00', true],
    ['in the next month of the period', '2026-12-31T23:00:00+08:00', true],
    ['on the 13th of January, 23:59:59', '2027-01-13T23:59:59+08:00', true],
    ['at 00:00 on the 14th', '2027-01-14T00:00:00+08:00', false],
    ['a month later', '2027-02-10T00:00:00+08:00', false],
  ])('%s: %s → %s', (_when, now, expected) => {
    expect(canVoidInvoice(made, new Date(now))).toBe(expected);
  });
});

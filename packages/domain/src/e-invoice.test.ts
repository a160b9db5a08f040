import { describe, expect, it } from 'vitest';
import {
  describeReceipt,
  isValidBusinessNumber,
  isValidCitizenCertificate,
  isValidDonationCode,
  isValidMobileBarcode,
} from './e-invoice.ts';

describe('isValidBusinessNumber (統一編號, 2023 rule)', () => {
  it.each([
    ['96979933', true, 'sum 50, divisible by 10 (old and new rule)'],
    ['22099131', true, 'sum 30'],
    ['04541302', true, 'sum 30, leading zero'],
    ['10458570', true, 'sum 25: valid only since the 2023 divisible-by-5 rule'],
    ['12345665', true, 'sum 35: divisible by 5'],
    ['12345675', true, '7th digit 7, sum 39: 28 read as 1 gives 30'],
    ['10458574', true, '7th digit 7, sum 29: 28 read as 1 gives 20'],
    ['10458575', true, '7th digit 7, sum 30 already divisible'],
    ['10458584', false, 'sum 24 and the 7th digit is not 7'],
    ['22099130', false, 'sum 29 and the 7th digit is not 7'],
    ['12345685', false, 'sum 34, 7th digit 8'],
    ['12345678', false, 'sum 42'],
    ['1234567', false, '7 digits'],
    ['123456789', false, '9 digits'],
    ['1234567A', false, 'a letter'],
    [' 96979933', false, 'a space'],
    ['', false, 'empty'],
  ])('%s → %s (%s)', (value, valid) => {
    expect(isValidBusinessNumber(value)).toBe(valid);
  });

  it.each([null, undefined, 96979933, {}])('rejects the non-string %j', (value) => {
    expect(isValidBusinessNumber(value)).toBe(false);
  });
});

describe('carrier and donation-code formats', () => {
  it.each([
    ['/ABC1234', true],
    ['/AB.+-12', true],
    ['/0000000', true],
    ['/abc1234', false],
    ['/ABC123', false],
    ['/ABC12345', false],
    ['ABC12345', false],
    ['/ABC 123', false],
    ['/ABC_123', false],
  ])('mobile barcode %s → %s', (value, valid) => {
    expect(isValidMobileBarcode(value)).toBe(valid);
  });

  it.each([
    ['AB12345678901234', true],
    ['ZZ00000000000000', true],
    ['ab12345678901234', false],
    ['A123456789012345', false],
    ['AB1234567890123', false],
    ['AB123456789012345', false],
    ['ABC2345678901234', false],
  ])('citizen certificate %s → %s', (value, valid) => {
    expect(isValidCitizenCertificate(value)).toBe(valid);
  });

  it.each([
    ['123', true],
    ['8585', true],
    ['1234567', true],
    ['12', false],
    ['12345678', false],
    ['12a4', false],
    ['', false],
  ])('donation code %s → %s', (value, valid) => {
    expect(isValidDonationCode(value)).toBe(valid);
  });
});

describe('describeReceipt', () => {
  it.each([
    [{ type: 1, carrier_type: 'none', carrier: '' }, '二聯式發票'],
    [{ type: 1, carrier_type: 'mobile', carrier: '/ABC1234' }, '二聯式發票（手機條碼 /ABC1234）'],
    [{ type: 1, carrier_type: 'citizen', carrier: 'AB12345678901234' }, '二聯式發票（自然人憑證 AB12345678901234）'],
    [{ type: 2, tax_id: '96979933', title: '好物股份有限公司' }, '三聯式發票 96979933 好物股份有限公司'],
    [{ type: 3, donate_code: '8585' }, '捐贈發票（捐贈碼 8585）'],
    [{ type: 9 }, ''],
    [null, ''],
  ])('%j → %s', (receipt, text) => {
    expect(describeReceipt(receipt)).toBe(text);
  });
});

import { describe, expect, it } from 'vitest';
import { ORDER_NUMBER_ALPHABET, generateOrderNumber, isValidOrderNumber } from './order-number.ts';

describe('generateOrderNumber', () => {
  it.each([
    ['2026-11-22T09:05:00Z', '2611221705'],
    ['2026-12-31T16:30:00Z', '2701010030'],
    ['2027-01-01T00:00:59Z', '2701010800'],
  ])('starts with the Taipei time of %s: %s', (iso, stamp) => {
    expect(generateOrderNumber(new Date(iso), () => 0).slice(0, 10)).toBe(stamp);
  });

  it('adds 6 characters from the alphabet chosen by the random source', () => {
    const picks = [0, 1, 8, 31, 5, 9];
    let i = 0;
    const number = generateOrderNumber(new Date('2026-11-22T09:05:00Z'), () => picks[i++]!);
    expect(number).toBe('2611221705' + picks.map((p) => ORDER_NUMBER_ALPHABET[p]).join(''));
    expect(number).toHaveLength(16);
  });

  it('stays inside the alphabet even when the random source misbehaves', () => {
    expect(isValidOrderNumber(generateOrderNumber(new Date(), () => 99))).toBe(true);
    expect(isValidOrderNumber(generateOrderNumber(new Date(), () => -3))).toBe(true);
  });

  it('makes ECPay-safe numbers without 0, O, 1 or I in the random part', () => {
    for (let n = 0; n < 50; n++) {
      const number = generateOrderNumber(new Date(), (k) => Math.floor(Math.random() * k));
      expect(number).toMatch(/^\d{10}[2-9A-HJ-NP-Z]{6}$/);
    }
  });
});

describe('isValidOrderNumber', () => {
  it.each([
    ['2611221705K7Q2MX', true],
    ['A', true],
    ['12345678901234567890', true],
    ['123456789012345678901', false],
    ['', false],
    ['2611-221705', false],
    ['訂單123', false],
    [null, false],
  ])('%j → %s', (value, valid) => {
    expect(isValidOrderNumber(value)).toBe(valid);
  });
});

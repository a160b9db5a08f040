import { describe, expect, it } from 'vitest';
import { TAIWAN_BANKS, bankLabel, bankName } from './taiwan-banks.ts';

describe('TAIWAN_BANKS', () => {
  it('keys are three-digit codes and every bank has a name', () => {
    for (const [code, name] of Object.entries(TAIWAN_BANKS)) {
      expect(code).toMatch(/^\d{3}$/);
      expect(name).not.toBe('');
    }
  });

  // The banks ECPay issues ATM virtual accounts from: a shopper must never see one of them as a bare code.
  it.each([
    ['812', '台新銀行'],
    ['808', '玉山銀行'],
    ['004', '臺灣銀行'],
    ['822', '中國信託'],
    ['007', '第一銀行'],
    ['005', '土地銀行'],
    ['008', '華南銀行'],
    ['012', '台北富邦'],
    ['013', '國泰世華'],
    ['118', '板信銀行'],
  ])('names %s as %s', (code, name) => {
    expect(bankName(code)).toBe(name);
  });
});

describe('bankLabel', () => {
  it.each([
    ['822', '822 中國信託'],
    [' 700 ', '700 中華郵政'],
    ['999', '999'],
    ['', ''],
    // Not a key of the table: an inherited property name must not read as a bank.
    ['constructor', 'constructor'],
  ])('%j reads %j', (code, label) => {
    expect(bankLabel(code)).toBe(label);
  });
});

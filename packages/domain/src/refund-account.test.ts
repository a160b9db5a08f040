import { describe, expect, it } from 'vitest';
import { PaymentMethod } from './enums.ts';
import {
  accountDigits,
  maskRefundAccount,
  needsRefundAccount,
  refundAccountLine,
  refundAccountSchema,
  refundMsg,
  refundRoute,
  type RefundOrder,
} from './refund-account.ts';

const valid = { bank_code: '822', account: '123456789012', holder: '王小明' };

/** The messages of a failed parse, by field. */
function errorsOf(input: unknown): Record<string, string> {
  const result = refundAccountSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('refundAccountSchema', () => {
  it('accepts a bank of the list, 10–16 digits and a holder, and keeps the digits alone', () => {
    expect(refundAccountSchema.parse(valid)).toEqual(valid);
    expect(refundAccountSchema.parse({ bank_code: ' 700 ', account: '0001234-5678901', holder: '  林美玲 ' })).toEqual({
      bank_code: '700',
      account: '00012345678901',
      holder: '林美玲',
    });
  });

  it.each([
    ['10 digits (兆豐)', '1234567890'],
    ['14 digits (中華郵政)', '00012345678901'],
    ['16 digits', '1234567890123456'],
    ['grouped by spaces', '1234 5678 9012'],
    ['grouped by dashes', '123-456-789-012'],
    ['typed in full-width digits', '１２３４５６７８９０１２'],
  ])('accepts an account of %s', (_, account) => {
    expect(refundAccountSchema.safeParse({ ...valid, account }).success).toBe(true);
  });

  it.each([
    ['no bank', { bank_code: '' }, 'bank_code', refundMsg.bankChoose],
    ['a missing bank', { bank_code: undefined }, 'bank_code', refundMsg.bankChoose],
    ['a bank code not in the list', { bank_code: '999' }, 'bank_code', refundMsg.bankUnknown],
    ['a bank given by name', { bank_code: '中國信託' }, 'bank_code', refundMsg.bankUnknown],
    ['no account', { account: '' }, 'account', refundMsg.accountRequiredField],
    ['only spaces and dashes', { account: ' - - ' }, 'account', refundMsg.accountRequiredField],
    ['9 digits', { account: '123456789' }, 'account', refundMsg.accountFormat],
    ['17 digits', { account: '12345678901234567' }, 'account', refundMsg.accountFormat],
    ['letters', { account: '12345678901A' }, 'account', refundMsg.accountFormat],
    ['a number, not text', { account: 123456789012 }, 'account', refundMsg.accountRequiredField],
    ['no holder', { holder: '   ' }, 'holder', refundMsg.holderRequired],
    ['a holder of 51 characters', { holder: '王'.repeat(51) }, 'holder', refundMsg.holderTooLong],
  ])('refuses %s', (_, change, field, message) => {
    expect(errorsOf({ ...valid, ...change })).toEqual({ [field]: message });
  });

  it('names every missing field at once', () => {
    expect(errorsOf({})).toEqual({
      bank_code: refundMsg.bankChoose,
      account: refundMsg.accountRequiredField,
      holder: refundMsg.holderRequired,
    });
  });
});

describe('accountDigits', () => {
  it.each([
    ['0123-4567 8901', '012345678901'],
    ['0123－4567', '01234567'],
    ['  42 ', '42'],
    ['１２３ ４５', '12345'],
  ])('%s → %s', (typed, digits) => {
    expect(accountDigits(typed)).toBe(digits);
  });
});

describe('maskRefundAccount and refundAccountLine', () => {
  it('keeps the bank, the last four digits and the holder as 王*明', () => {
    expect(maskRefundAccount(valid)).toEqual({
      bank_code: '822',
      account: '********9012',
      holder: '王*明',
      masked: true,
    });
  });

  it('reads as one line with the bank named', () => {
    expect(refundAccountLine(valid)).toBe('822 中國信託 123456789012 王小明');
  });
});

describe('refundRoute and needsRefundAccount', () => {
  const order = (o: Partial<RefundOrder>): RefundOrder => ({
    payment_type: PaymentMethod.Transfer,
    is_payment: true,
    is_shipping: false,
    pay_amount: 1100,
    ...o,
  });
  it.each([
    ['a paid bank transfer (cancel)', {}, 'account'],
    ['a paid ATM order (cancel)', { payment_type: PaymentMethod.VirtualAccount }, 'account'],
    ['a shipped, paid transfer (return)', { is_shipping: true }, 'account'],
    ['an unpaid transfer (cancelled directly)', { is_payment: false }, null],
    ['an unpaid ATM order', { payment_type: PaymentMethod.VirtualAccount, is_payment: false }, null],
    [
      'a shipped cash-on-delivery order, money not yet passed on by the carrier (return)',
      { payment_type: PaymentMethod.CashOnDelivery, is_payment: false, is_shipping: true },
      'account',
    ],
    [
      'a collected cash-on-delivery order (return)',
      { payment_type: PaymentMethod.CashOnDelivery, is_shipping: true },
      'account',
    ],
    [
      'an unshipped cash-on-delivery order (nothing paid yet)',
      { payment_type: PaymentMethod.CashOnDelivery, is_payment: false },
      null,
    ],
    ['a paid card order', { payment_type: PaymentMethod.Credit }, 'provider'],
    ['a shipped card order (return)', { payment_type: PaymentMethod.Credit, is_shipping: true }, 'provider'],
    ['a card order through the bank acquirer', { payment_type: PaymentMethod.CreditFocas }, 'provider'],
    ['a LINE Pay order', { payment_type: PaymentMethod.LinePay }, 'provider'],
    ['an unpaid card order', { payment_type: PaymentMethod.Credit, is_payment: false }, null],
    ['an order paid wholly with points', { pay_amount: 0 }, null],
  ] as const)('%s → %s', (_, change, route) => {
    expect(refundRoute(order(change))).toBe(route);
    expect(needsRefundAccount(order(change))).toBe(route === 'account');
  });
});

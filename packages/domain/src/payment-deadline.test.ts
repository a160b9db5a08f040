import { describe, expect, it } from 'vitest';
import { CancelStatus, OrderStatus, PaymentMethod } from './enums.ts';
import { canPayNow, isPaymentOverdue, paymentDeadline, type UnpaidOrder } from './payment-deadline.ts';

const placed = '2026-11-20T02:00:00.000Z';
const unpaid = (extra: Partial<UnpaidOrder>): UnpaidOrder => ({
  status: OrderStatus.Processing,
  is_payment: false,
  is_shipping: false,
  created_at: placed,
  ...extra,
});

describe('paymentDeadline', () => {
  it.each([
    ['a card order: a day', PaymentMethod.Credit, '2026-11-21T02:00:00.000Z'],
    ['a LINE Pay order: a day', PaymentMethod.LinePay, '2026-11-21T02:00:00.000Z'],
    ['a bank transfer: three days', PaymentMethod.Transfer, '2026-11-23T02:00:00.000Z'],
    ['an ATM order without its account yet: three days', PaymentMethod.VirtualAccount, '2026-11-23T02:00:00.000Z'],
    ['a 超商代碼 order without its code yet: three days', PaymentMethod.CvsCode, '2026-11-23T02:00:00.000Z'],
  ])('%s', (_name, payment_type, deadline) => {
    expect(paymentDeadline(unpaid({ payment_type }))?.toISOString()).toBe(deadline);
  });

  it("an ATM order waits until its account's own deadline", () => {
    const order = unpaid({
      payment_type: PaymentMethod.VirtualAccount,
      virtual_account_expire_date: '2026-11-23T15:59:59.000Z',
    });
    expect(paymentDeadline(order)?.toISOString()).toBe('2026-11-23T15:59:59.000Z');
  });

  it("a 超商代碼 order waits until its code's own deadline", () => {
    const order = unpaid({ payment_type: PaymentMethod.CvsCode, payment_code_expire_date: '2026-11-27T02:00:00.000Z' });
    expect(paymentDeadline(order)?.toISOString()).toBe('2026-11-27T02:00:00.000Z');
    expect(isPaymentOverdue(order, new Date('2026-11-27T01:59:59.000Z'))).toBe(false);
    expect(isPaymentOverdue(order, new Date('2026-11-27T02:00:00.000Z'))).toBe(true);
  });

  it.each([
    ['paid', unpaid({ payment_type: PaymentMethod.Credit, is_payment: true })],
    ['cash on delivery', unpaid({ payment_type: PaymentMethod.CashOnDelivery })],
    ['shipped', unpaid({ payment_type: PaymentMethod.Transfer, is_shipping: true })],
    ['cancelled', unpaid({ payment_type: PaymentMethod.Credit, status: OrderStatus.Cancel })],
    [
      'with a cancel request',
      unpaid({ payment_type: PaymentMethod.Credit, cancel_record: { status: CancelStatus.Canceling } }),
    ],
    ['a notified transfer', unpaid({ payment_type: PaymentMethod.Transfer, last_number_of_transfer: '12345' })],
    ['an unreadable placing time', unpaid({ payment_type: PaymentMethod.Credit, created_at: 'yesterday' })],
  ])('none when %s', (_name, order) => {
    expect(paymentDeadline(order)).toBeNull();
  });
});

describe('isPaymentOverdue and canPayNow', () => {
  const card = unpaid({ payment_type: PaymentMethod.Credit });
  it('a card order may be paid until its deadline, and is overdue from that moment', () => {
    expect(canPayNow(card, new Date('2026-11-21T01:59:59.999Z'))).toBe(true);
    expect(isPaymentOverdue(card, new Date('2026-11-21T01:59:59.999Z'))).toBe(false);
    expect(canPayNow(card, new Date('2026-11-21T02:00:00.000Z'))).toBe(false);
    expect(isPaymentOverdue(card, new Date('2026-11-21T02:00:00.000Z'))).toBe(true);
  });

  it('a transfer or an ATM order is never paid from a button, but is overdue all the same', () => {
    const transfer = unpaid({ payment_type: PaymentMethod.Transfer });
    expect(canPayNow(transfer, new Date(placed))).toBe(false);
    expect(isPaymentOverdue(transfer, new Date('2026-11-24T00:00:00.000Z'))).toBe(true);
  });

  it('a paid order is never overdue', () => {
    expect(
      isPaymentOverdue(unpaid({ payment_type: PaymentMethod.Credit, is_payment: true }), new Date('2030-01-01')),
    ).toBe(false);
  });
});

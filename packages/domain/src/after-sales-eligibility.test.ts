import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canNotifyTransfer,
  canReturn,
  cancelMode,
  returnDeadline,
  type AfterSalesOrder,
} from './after-sales-eligibility.ts';
import { CancelStatus, OrderStatus, PaymentMethod, ReturnStatus } from './enums.ts';

const open: AfterSalesOrder = {
  status: OrderStatus.Processing,
  is_payment: false,
  is_shipping: false,
  ship_date: null,
  payment_type: PaymentMethod.Transfer,
  last_number_of_transfer: null,
  cancel_record: null,
  return_record: null,
};

describe('canCancel / cancelMode', () => {
  it.each<[string, Partial<AfterSalesOrder>, 'direct' | 'request' | null]>([
    ['unpaid processing', {}, 'direct'],
    ['paid processing', { is_payment: true }, 'request'],
    ['shipped', { is_shipping: true }, null],
    ['complete', { status: OrderStatus.Complete }, null],
    ['cancelled', { status: OrderStatus.Cancel }, null],
    ['failed', { status: OrderStatus.Failed }, null],
    ['with a pending cancel record', { is_payment: true, cancel_record: { status: CancelStatus.Canceling } }, null],
    ['with a refused cancel record', { is_payment: true, cancel_record: { status: CancelStatus.Canceled } }, null],
    ['with a None cancel record', { cancel_record: { status: CancelStatus.None } }, 'direct'],
  ])('%s → %s', (_label, patch, mode) => {
    const order = { ...open, ...patch };
    expect(cancelMode(order)).toBe(mode);
    expect(canCancel(order)).toBe(mode !== null);
  });
});

describe('returnDeadline', () => {
  it.each([
    // shipped 2026-06-01 10:00 Taipei, 7 days → end of 2026-06-08 Taipei
    ['2026-06-01T02:00:00Z', 7, '2026-06-08T15:59:59.999Z'],
    // shipped 2026-06-01 23:30 Taipei (15:30Z) is still the 1st in Taipei
    ['2026-06-01T15:30:00Z', 7, '2026-06-08T15:59:59.999Z'],
    // shipped 2026-06-02 00:30 Taipei (16:30Z on the 1st) is the 2nd in Taipei
    ['2026-06-01T16:30:00Z', 7, '2026-06-09T15:59:59.999Z'],
    ['2026-06-01T02:00:00Z', 0, '2026-06-01T15:59:59.999Z'],
  ])('shipped %s with %i days → %s', (ship, days, deadline) => {
    expect(returnDeadline(ship, days)?.toISOString()).toBe(deadline);
  });

  it.each([null, undefined, '', 'not a date'])('is null for the ship date %j', (ship) => {
    expect(returnDeadline(ship, 7)).toBeNull();
  });
});

describe('canReturn', () => {
  const shipped: AfterSalesOrder = {
    ...open,
    is_payment: true,
    is_shipping: true,
    ship_date: '2026-06-01T02:00:00Z',
  };
  const at = (iso: string) => new Date(iso);

  it.each<[string, Partial<AfterSalesOrder>, string, number, boolean]>([
    ['on the ship day', {}, '2026-06-01T05:00:00Z', 7, true],
    ['on the last minute of day 7 (Taipei)', {}, '2026-06-08T15:59:59Z', 7, true],
    ['one second after day 7', {}, '2026-06-08T16:00:00Z', 7, false],
    ['with 14 days on day 10', {}, '2026-06-11T00:00:00Z', 14, true],
    ['not shipped', { is_shipping: false }, '2026-06-02T00:00:00Z', 7, false],
    ['shipped without a date', { ship_date: null }, '2026-06-02T00:00:00Z', 7, false],
    ['with a return record', { return_record: { status: ReturnStatus.Returning } }, '2026-06-02T00:00:00Z', 7, false],
    [
      'with a cancelled return record',
      { return_record: { status: ReturnStatus.Cancel } },
      '2026-06-02T00:00:00Z',
      7,
      false,
    ],
    ['complete order', { status: OrderStatus.Complete }, '2026-06-02T00:00:00Z', 7, true],
    // spec §4 counts from delivery or pickup when the carrier reported it (issue 17 item 3).
    ['still on its way', { delivery_state: 'in_transit' }, '2026-06-02T00:00:00Z', 7, false],
    ['left at the store, going back', { delivery_state: 'unclaimed' }, '2026-06-02T00:00:00Z', 7, false],
    ['picked up on day 5, on day 11', { received_at: '2026-06-05T08:00:00Z' }, '2026-06-11T00:00:00Z', 7, true],
    ['picked up on day 5, after day 12', { received_at: '2026-06-05T08:00:00Z' }, '2026-06-12T16:00:00Z', 7, false],
    ['cancelled order', { status: OrderStatus.Cancel }, '2026-06-02T00:00:00Z', 7, false],
  ])('%s → %s', (_label, patch, now, days, allowed) => {
    expect(canReturn({ ...shipped, ...patch }, at(now), days)).toBe(allowed);
  });

  it('uses 7 days by default', () => {
    expect(canReturn(shipped, at('2026-06-08T15:00:00Z'))).toBe(true);
    expect(canReturn(shipped, at('2026-06-09T00:00:00Z'))).toBe(false);
  });
});

describe('canNotifyTransfer', () => {
  it.each<[string, Partial<AfterSalesOrder>, boolean]>([
    ['unpaid transfer without digits', {}, true],
    ['digits already sent', { last_number_of_transfer: '12345' }, false],
    ['paid', { is_payment: true }, false],
    ['credit card', { payment_type: PaymentMethod.Credit }, false],
    ['cancelled', { status: OrderStatus.Cancel }, false],
  ])('%s → %s', (_label, patch, allowed) => {
    expect(canNotifyTransfer({ ...open, ...patch })).toBe(allowed);
  });
});

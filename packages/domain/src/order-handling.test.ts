import { describe, expect, it } from 'vitest';
import { CancelStatus, OrderStatus, PaymentMethod, ReturnStatus } from './enums.ts';
import {
  handlingMsg,
  planReturn,
  readOrderLines,
  refundedStatus,
  refuseCancelDecision,
  refusePaymentConfirmation,
  refuseReturnStep,
  refuseShipping,
  type HandledOrder,
} from './order-handling.ts';

const processing: HandledOrder = {
  status: OrderStatus.Processing,
  payment_type: PaymentMethod.Transfer,
  is_payment: false,
  is_shipping: false,
  cancel_status: null,
  return_status: null,
};

describe('refusePaymentConfirmation', () => {
  it.each<[string, Partial<HandledOrder>, string | null]>([
    ['an unpaid processing transfer', {}, null],
    ['an unpaid ATM order (missed callback)', { payment_type: PaymentMethod.VirtualAccount }, null],
    [
      'cash on delivery collected after shipping',
      { status: OrderStatus.Complete, is_shipping: true, payment_type: PaymentMethod.CashOnDelivery },
      null,
    ],
    ['a paid order', { is_payment: true }, handlingMsg.alreadyPaid],
    ['a cancelled order', { status: OrderStatus.Cancel }, handlingMsg.notOpen],
    ['a failed order', { status: OrderStatus.Failed }, handlingMsg.notOpen],
    ['a deleted order', { status: OrderStatus.Deleted }, handlingMsg.notOpen],
  ])('%s', (_label, change, expected) => {
    expect(refusePaymentConfirmation({ ...processing, ...change })).toBe(expected);
  });
});

describe('refuseShipping', () => {
  it.each<[string, Partial<HandledOrder>, string | null]>([
    ['a paid processing order', { is_payment: true }, null],
    ['unpaid cash on delivery', { payment_type: PaymentMethod.CashOnDelivery }, null],
    ['an unpaid transfer', {}, handlingMsg.unpaid],
    ['an unpaid card order', { payment_type: PaymentMethod.Credit }, handlingMsg.unpaid],
    [
      'an order already shipped',
      { is_payment: true, is_shipping: true, status: OrderStatus.Complete },
      handlingMsg.alreadyShipped,
    ],
    ['a cancelled order', { is_payment: true, status: OrderStatus.Cancel }, handlingMsg.notOpen],
    [
      'an order with an open cancel request',
      { is_payment: true, cancel_status: CancelStatus.Canceling },
      handlingMsg.cancelPending,
    ],
    ['an order whose cancel request was refused', { is_payment: true, cancel_status: CancelStatus.Canceled }, null],
  ])('%s', (_label, change, expected) => {
    expect(refuseShipping({ ...processing, ...change })).toBe(expected);
  });
});

describe('refuseCancelDecision', () => {
  const requested = { ...processing, cancel_status: CancelStatus.Canceling };
  it.each<[string, Partial<HandledOrder>, 'approve' | 'reject', string | null]>([
    ['approve an open request', {}, 'approve', null],
    ['reject an open request', {}, 'reject', null],
    ['approve on a paid order (refund outside the shop)', { is_payment: true }, 'approve', null],
    ['approve twice', { cancel_status: CancelStatus.Approve }, 'approve', handlingMsg.cancelDecided],
    ['reject a refused one', { cancel_status: CancelStatus.Canceled }, 'reject', handlingMsg.cancelDecided],
    ['no request at all', { cancel_status: null }, 'approve', handlingMsg.cancelDecided],
    [
      'approve after shipping',
      { is_shipping: true, status: OrderStatus.Complete },
      'approve',
      handlingMsg.shippedCannotCancel,
    ],
    ['reject after shipping', { is_shipping: true, status: OrderStatus.Complete }, 'reject', null],
    ['approve on a failed order', { status: OrderStatus.Failed }, 'approve', handlingMsg.notOpen],
  ])('%s', (_label, change, decision, expected) => {
    expect(refuseCancelDecision({ ...requested, ...change }, decision)).toBe(expected);
  });
});

describe('refuseReturnStep', () => {
  it.each<[number | null, 'approve' | 'reject' | 'refund', string | null]>([
    [ReturnStatus.Returning, 'approve', null],
    [ReturnStatus.Returning, 'reject', null],
    [ReturnStatus.Returning, 'refund', handlingMsg.returnNotRefunding],
    [ReturnStatus.Refunding, 'refund', null],
    [ReturnStatus.Refunding, 'approve', handlingMsg.returnNotPending],
    [ReturnStatus.Refunding, 'reject', handlingMsg.returnNotPending],
    [ReturnStatus.Refunded, 'refund', handlingMsg.returnNotRefunding],
    [ReturnStatus.Cancel, 'approve', handlingMsg.returnNotPending],
    [null, 'approve', handlingMsg.returnNotPending],
  ])('%s %s → %s', (status, step, expected) => {
    expect(refuseReturnStep(status, step)).toBe(expected);
  });
});

describe('refundedStatus', () => {
  it.each([
    [1000, 1000, ReturnStatus.Refunded],
    [0, 0, ReturnStatus.Refunded],
    [400, 1000, ReturnStatus.PartialReturned],
    [0, 1000, ReturnStatus.Returned],
  ])('refund %i of %i → %i', (refund, pay, expected) => {
    expect(refundedStatus(refund, pay)).toBe(expected);
  });
});

describe('readOrderLines', () => {
  it('reads product lines then package lines', () => {
    const lines = readOrderLines(
      JSON.stringify([{ id: 3, name: '烏龍茶', product_specs_name: '150g', spec_id: 7, on_sale_price: 450, qty: 2 }]),
      JSON.stringify([{ id: 9, name: '送禮組', on_sale_price: 1200, qty: 1 }]),
    );
    expect(lines).toEqual([
      { kind: 'product', id: 3, spec_id: 7, name: '烏龍茶', spec_name: '150g', on_sale_price: 450, qty: 2 },
      { kind: 'package', id: 9, spec_id: null, name: '送禮組', spec_name: '', on_sale_price: 1200, qty: 1 },
    ]);
  });

  it('takes the name and price from product_snapshot when the line lacks them', () => {
    const [line] = readOrderLines(
      [{ id: 1, qty: 1, product_snapshot: { name: '砧板', product_specs_name: '大', on_sale_price: 880 } }],
      '[]',
    );
    expect(line).toMatchObject({ name: '砧板', spec_name: '大', on_sale_price: 880, spec_id: null });
  });

  it.each([['{not json'], [null], ['{"a":1}'], [42]])('ignores malformed info %s (spec §8)', (text) => {
    expect(readOrderLines(text, text)).toEqual([]);
  });

  it('drops lines without a positive quantity', () => {
    expect(readOrderLines([{ id: 1, qty: 0 }, { id: 2, qty: -1 }, 'x', null], [])).toEqual([]);
  });
});

describe('planReturn', () => {
  const lines = readOrderLines(
    [
      { id: 1, spec_id: 11, name: 'A', on_sale_price: 300, qty: 2 },
      { id: 2, spec_id: 21, name: 'B', on_sale_price: 400, qty: 1 },
    ],
    [],
  );
  // goods 1000, shipping 100, 200 points spent → paid 900.
  const order = { shipping: 100, use_bonus: 200, pay_amount: 900 };

  it('a full return refunds everything paid and every point', () => {
    const result = planReturn(order, lines, [
      { line: 0, qty: 2 },
      { line: 1, qty: 1 },
    ]);
    expect(result).toEqual({
      ok: true,
      plan: {
        full: true,
        returned_goods: 1000,
        suggested_refund: 900,
        bonus_restore: 200,
        restock: [
          { kind: 'product', id: 1, spec_id: 11, qty: 2 },
          { kind: 'product', id: 2, spec_id: 21, qty: 1 },
        ],
      },
    });
  });

  it('a partial return refunds the goods share without shipping and the points share', () => {
    const result = planReturn(order, lines, [{ line: 1, qty: 1 }]);
    // 400 of 1000 goods: 40% of (900 - 100) = 320, 40% of 200 points = 80.
    expect(result).toMatchObject({
      ok: true,
      plan: { full: false, returned_goods: 400, suggested_refund: 320, bonus_restore: 80 },
    });
  });

  it('one unit of a two-unit line is partial', () => {
    const result = planReturn(order, lines, [
      { line: 0, qty: 1 },
      { line: 1, qty: 1 },
    ]);
    expect(result).toMatchObject({
      ok: true,
      plan: { full: false, returned_goods: 700, suggested_refund: 560, bonus_restore: 140 },
    });
  });

  it('never suggests a negative refund when points paid the shipping', () => {
    const result = planReturn({ shipping: 100, use_bonus: 1000, pay_amount: 100 }, lines, [{ line: 1, qty: 1 }]);
    expect(result).toMatchObject({ ok: true, plan: { suggested_refund: 0, bonus_restore: 400 } });
  });

  it.each<[string, { line: number; qty: number }[], string, string]>([
    ['an unknown line', [{ line: 5, qty: 1 }], 'items.0.line', handlingMsg.lineUnknown],
    ['too many units', [{ line: 1, qty: 2 }], 'items.0.qty', handlingMsg.qtyTooMany(1)],
    [
      'a line twice',
      [
        { line: 0, qty: 1 },
        { line: 0, qty: 1 },
      ],
      'items.1.line',
      handlingMsg.lineTwice,
    ],
  ])('refuses %s', (_label, items, field, msg) => {
    expect(planReturn(order, lines, items)).toEqual({ ok: false, errors: [{ field, msg }] });
  });
});

import { describe, expect, it } from 'vitest';
import { CancelStatus, OrderStatus, ReturnStatus } from './enums.ts';
import {
  moveOrder,
  ORDER_ACTORS,
  ORDER_EVENTS,
  ORDER_MOVES,
  ORDER_STATES,
  orderStateOf,
  shopperOrderState,
  shopperStatusLabel,
  type OrderActor,
  type OrderEvent,
  type OrderState,
} from './order-lifecycle.ts';

// Every allowed move, written out once more by hand: the table and this list must agree, and every
// (state, event, actor) not listed here must be refused.
const ALLOWED: [OrderState, OrderEvent, OrderState, OrderActor[]][] = [
  ['placed', 'pay', 'paid', ['provider', 'staff', 'system']],
  ['shipped', 'pay', 'shipped', ['provider', 'staff']],
  ['in_transit', 'pay', 'in_transit', ['provider', 'staff']],
  ['arrived', 'pay', 'arrived', ['provider', 'staff']],
  ['picked_up', 'pay', 'picked_up', ['provider', 'staff']],
  ['delivered', 'pay', 'delivered', ['provider', 'staff']],
  ['completed', 'pay', 'completed', ['provider', 'staff']],
  ['return_requested', 'pay', 'return_requested', ['provider', 'staff']],
  ['returned', 'pay', 'returned', ['provider', 'staff']],
  ['cancelled', 'pay', 'cancelled', ['provider']],
  ['placed', 'cancel', 'cancelled', ['member', 'staff', 'system']],
  ['paid', 'request_cancel', 'cancel_requested', ['member']],
  ['cancel_requested', 'approve_cancel', 'cancelled', ['staff']],
  ['cancel_requested', 'reject_cancel', 'paid', ['staff']],
  ['paid', 'ship', 'shipped', ['staff', 'provider']],
  ['placed', 'ship', 'shipped', ['staff', 'provider']],
  ['shipped', 'transit', 'in_transit', ['provider']],
  ['shipped', 'arrive', 'arrived', ['provider']],
  ['in_transit', 'arrive', 'arrived', ['provider']],
  ['arrived', 'pick_up', 'picked_up', ['provider']],
  ['arrived', 'unclaim', 'unclaimed', ['provider']],
  ['shipped', 'deliver', 'delivered', ['provider']],
  ['in_transit', 'deliver', 'delivered', ['provider']],
  ['shipped', 'complete', 'completed', ['system', 'staff']],
  ['picked_up', 'complete', 'completed', ['system', 'staff']],
  ['delivered', 'complete', 'completed', ['system', 'staff']],
  ['shipped', 'request_return', 'return_requested', ['member']],
  ['arrived', 'request_return', 'return_requested', ['member']],
  ['picked_up', 'request_return', 'return_requested', ['member']],
  ['delivered', 'request_return', 'return_requested', ['member']],
  ['return_requested', 'approve_return', 'returned', ['staff']],
  ['return_requested', 'reject_return', 'completed', ['staff']],
  ['returned', 'refund', 'refunded', ['staff', 'provider']],
  ['cancelled', 'refund', 'refunded', ['staff', 'provider']],
];

describe('the order lifecycle table', () => {
  it('holds exactly the moves listed here', () => {
    const table = ORDER_MOVES.map((x) => [x.from, x.event, x.to, [...x.by].sort()]);
    const listed = ALLOWED.map(([from, event, to, by]) => [from, event, to, [...by].sort()]);
    expect(table).toEqual(expect.arrayContaining(listed));
    expect(table).toHaveLength(listed.length);
  });

  const cases: [OrderState, OrderEvent, OrderActor][] = [];
  for (const state of ORDER_STATES) {
    for (const event of ORDER_EVENTS) for (const actor of ORDER_ACTORS) cases.push([state, event, actor]);
  }

  it.each(cases)('from %s, %s by %s', (from, event, actor) => {
    const allowed = ALLOWED.find(([f, e, , by]) => f === from && e === event && by.includes(actor));
    const result = moveOrder(from, event, actor);
    if (allowed) {
      expect(result).toEqual({ ok: true, move: expect.objectContaining({ from, event, to: allowed[2] }) });
    } else {
      expect(result.ok).toBe(false);
    }
  });

  it('names the current state when it refuses', () => {
    expect(moveOrder('shipped', 'cancel', 'member')).toEqual({ ok: false, msg: '訂單目前為「已出貨」，無法取消訂單' });
    expect(moveOrder('refunded', 'refund', 'staff')).toEqual({ ok: false, msg: '訂單目前為「已退款」，無法退款' });
  });

  it('has no state that nothing leads to, apart from placed', () => {
    const reached = new Set(ORDER_MOVES.map((x) => x.to));
    expect(ORDER_STATES.filter((s) => s !== 'placed' && !reached.has(s))).toEqual([]);
  });
});

describe('orderStateOf: the state the stored flags describe', () => {
  const base = {
    status: OrderStatus.Processing,
    is_payment: false,
    is_shipping: false,
    cancel_status: null,
    return_status: null,
  };
  it.each([
    ['placed', base],
    ['paid', { ...base, is_payment: true }],
    ['cancel_requested', { ...base, is_payment: true, cancel_status: CancelStatus.Canceling }],
    ['paid', { ...base, is_payment: true, cancel_status: CancelStatus.Canceled }],
    ['cancelled', { ...base, status: OrderStatus.Cancel, cancel_status: CancelStatus.Approve }],
    ['cancelled', { ...base, status: OrderStatus.Cancel }],
    ['refunded', { ...base, status: OrderStatus.Cancel, is_payment: true, refunded: true }],
    ['shipped', { ...base, status: OrderStatus.Complete, is_payment: true, is_shipping: true }],
    ['shipped', { ...base, status: OrderStatus.Complete, is_shipping: true }],
    ['in_transit', { ...base, status: OrderStatus.Complete, is_shipping: true, delivery: 'in_transit' }],
    ['arrived', { ...base, status: OrderStatus.Complete, is_shipping: true, delivery: 'arrived' }],
    ['picked_up', { ...base, status: OrderStatus.Complete, is_shipping: true, delivery: 'picked_up' }],
    ['unclaimed', { ...base, status: OrderStatus.Complete, is_shipping: true, delivery: 'unclaimed' }],
    ['delivered', { ...base, status: OrderStatus.Complete, is_shipping: true, delivery: 'delivered' }],
    ['shipped', { ...base, status: OrderStatus.Complete, is_shipping: true, delivery: 'lost' }],
    [
      'return_requested',
      {
        ...base,
        status: OrderStatus.Complete,
        is_shipping: true,
        delivery: 'picked_up',
        return_status: ReturnStatus.Returning,
      },
    ],
    [
      'return_requested',
      { ...base, status: OrderStatus.Complete, is_shipping: true, return_status: ReturnStatus.Returning },
    ],
    ['returned', { ...base, status: OrderStatus.Complete, is_shipping: true, return_status: ReturnStatus.Refunding }],
    ['refunded', { ...base, status: OrderStatus.Complete, is_shipping: true, return_status: ReturnStatus.Refunded }],
    [
      'refunded',
      { ...base, status: OrderStatus.Complete, is_shipping: true, return_status: ReturnStatus.PartialReturned },
    ],
    ['completed', { ...base, status: OrderStatus.Complete, is_shipping: true, return_status: ReturnStatus.Cancel }],
    ['completed', { ...base, status: OrderStatus.Complete, is_payment: true, is_shipping: true, completed: true }],
  ] as const)('%s', (state, flags) => {
    expect(orderStateOf(flags)).toBe(state);
  });
});

describe('what the shopper is shown (issue 20 item 8c)', () => {
  const shipped = {
    status: OrderStatus.Complete,
    is_payment: true,
    is_shipping: true,
    cancel_status: null,
    return_status: null,
  };
  // Shipped on 2025-01-16 (Taipei) with 7 return days: the window closes at the end of the 23rd, Taipei.
  const deadline = new Date('2025-01-23T15:59:59.999Z');

  describe('shopperOrderState', () => {
    it.each([
      ['the day it ships', '2025-01-16T03:00:00Z', 'shipped'],
      ['on the last day of the return window', '2025-01-23T15:59:59.999Z', 'shipped'],
      ['once the return window has closed', '2025-01-23T16:00:00Z', 'completed'],
    ] as const)('a shipped order %s reads %s', (_when, now, state) => {
      expect(shopperOrderState(shipped, deadline, new Date(now))).toBe(state);
    });

    it('keeps a shipped order without a ship date shipped', () => {
      expect(shopperOrderState(shipped, null, new Date('2030-01-01T00:00:00Z'))).toBe('shipped');
    });

    it('leaves every other state as the flags describe it, whatever the clock says', () => {
      const late = new Date('2030-01-01T00:00:00Z');
      const paid = { ...shipped, status: OrderStatus.Processing, is_shipping: false };
      expect(shopperOrderState(paid, null, late)).toBe('paid');
      expect(shopperOrderState({ ...shipped, return_status: ReturnStatus.Returning }, deadline, late)).toBe(
        'return_requested',
      );
      expect(shopperOrderState({ ...shipped, return_status: ReturnStatus.Refunded }, deadline, late)).toBe('refunded');
    });
  });

  describe('shopperStatusLabel', () => {
    it.each([
      [OrderStatus.Processing, 'placed', '處理中'],
      [OrderStatus.Processing, 'paid', '處理中'],
      [OrderStatus.Processing, 'cancel_requested', '處理中'],
      // Shipping sets Complete (spec §3), yet the parcel is on its way.
      [OrderStatus.Complete, 'shipped', '已出貨'],
      [OrderStatus.Complete, 'arrived', '已到店'],
      [OrderStatus.Complete, 'picked_up', '已完成'],
      [OrderStatus.Complete, 'completed', '已完成'],
      [OrderStatus.Complete, 'return_requested', '已完成'],
      [OrderStatus.Complete, 'returned', '已完成'],
      [OrderStatus.Complete, 'refunded', '已完成'],
      [OrderStatus.Cancel, 'cancelled', '已取消'],
      [OrderStatus.Cancel, 'refunded', '已取消'],
      [OrderStatus.Failed, 'placed', '交易失敗'],
      [OrderStatus.Deleted, 'shipped', '已刪除'],
    ] as const)('status %i in state %s reads %s', (status, state, label) => {
      expect(shopperStatusLabel(status, state)).toBe(label);
    });
  });
});

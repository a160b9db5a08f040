import { ORDER_MOVES, type OrderEvent, type OrderState } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { notificationsOf, type NotifiedMove } from './order-notifications.ts';

const moved = (event: NotifiedMove['event'], to: OrderState): NotifiedMove => ({ orderId: 7, event, to });
const jobsOf = (m: NotifiedMove) => notificationsOf(m).map((j) => [j.kind, j.payload, j.dedupeKey]);

describe('notificationsOf: the move → message table', () => {
  it.each<[string, NotifiedMove, string | null]>([
    ['the order placed: what to pay, where and by when', moved('place', 'placed'), 'placed'],
    ['the money arrived', moved('pay', 'paid'), 'paid'],
    ['cash collected at the door after shipping: no news', moved('pay', 'shipped'), null],
    ['money for a cancelled order: owed back, not told as paid', moved('pay', 'cancelled'), null],
    ['an unpaid order cancelled', moved('cancel', 'cancelled'), 'cancelled'],
    ['a cancel request approved', moved('approve_cancel', 'cancelled'), 'cancelled'],
    ['shipped', moved('ship', 'shipped'), 'shipped'],
    ['waiting at the store', moved('arrive', 'arrived'), 'arrived'],
    ['picked up', moved('pick_up', 'picked_up'), 'picked_up'],
    ['refunded', moved('refund', 'refunded'), 'refunded'],
    ['a return approved', moved('approve_return', 'returned'), 'return_approved'],
    ['a return refused', moved('reject_return', 'completed'), 'return_rejected'],
    ['the shopper’s own cancel request', moved('request_cancel', 'cancel_requested'), null],
    ['the shopper’s own return request', moved('request_return', 'return_requested'), null],
    ['a cancel request refused', moved('reject_cancel', 'paid'), null],
    ['completed', moved('complete', 'completed'), null],
    ['an event the table does not know yet', moved('deliver' as OrderEvent, 'completed'), null],
  ])('%s', (_what, move, kind) => {
    expect(jobsOf(move)).toEqual(kind ? [['notify-order', { orderId: 7, kind }, `notify:7:${kind}`]] : []);
  });

  it('knows every move of the lifecycle table that tells the shopper', () => {
    const telling = new Set(
      ORDER_MOVES.filter((m) => notificationsOf(moved(m.event, m.to)).length).map((m) => m.event),
    );
    expect([...telling].sort()).toEqual([
      'approve_cancel',
      'approve_return',
      'arrive',
      'cancel',
      'pay',
      'pick_up',
      'refund',
      'reject_return',
      'ship',
    ]);
  });
});

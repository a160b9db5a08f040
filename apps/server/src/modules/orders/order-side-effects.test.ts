import { ORDER_MOVES, type OrderEvent, type OrderState } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { sideEffectsOf } from './order-side-effects.ts';

const moved = (event: OrderEvent, to: OrderState, wasPaid: boolean, payAmount = 1360) => ({
  orderId: 7,
  event,
  to,
  wasPaid,
  payAmount,
});

/** [kind, dedupe key] of each job, which reads better in a table than the objects. */
const jobsOf = (m: Parameters<typeof sideEffectsOf>[0]) => sideEffectsOf(m).map((j) => [j.kind, j.dedupeKey]);

describe('sideEffectsOf: the move → job table', () => {
  it.each<[string, ReturnType<typeof moved>, (string | undefined)[][]]>([
    [
      'paid by a provider or confirmed by the staff: issue',
      moved('pay', 'paid', false),
      [['issue-invoice', 'issue-invoice:7']],
    ],
    [
      'cash on delivery collected after shipping: issue',
      moved('pay', 'shipped', false),
      [['issue-invoice', 'issue-invoice:7']],
    ],
    ['points paid it all: nothing to invoice', moved('pay', 'paid', false, 0), []],
    ['money reported for a cancelled order: owed back, not invoiced', moved('pay', 'cancelled', false), []],
    [
      'a paid order’s cancellation approved: void',
      moved('approve_cancel', 'cancelled', true),
      [['void-invoice', 'void-invoice:7']],
    ],
    ['an unpaid order cancelled: no invoice to void', moved('cancel', 'cancelled', false), []],
    [
      'a return approved: an allowance',
      moved('approve_return', 'returned', true),
      [['invoice-allowance', 'invoice-allowance:7:return']],
    ],
    ['a return approved before the cash was collected: no invoice yet', moved('approve_return', 'returned', false), []],
    ['a cancel request: nothing yet', moved('request_cancel', 'cancel_requested', true), []],
    ['a refused cancel request', moved('reject_cancel', 'paid', true), []],
    ['shipping', moved('ship', 'shipped', true), []],
    ['the refund', moved('refund', 'refunded', true), []],
  ])('%s', (_what, move, expected) => {
    expect(jobsOf(move)).toEqual(expected);
  });

  it('carries only the order id, never amounts or secrets', () => {
    for (const job of sideEffectsOf(moved('pay', 'paid', false))) expect(job.payload).toEqual({ orderId: 7 });
  });

  it('causes work only on pay, cancel, approve_cancel and approve_return of the lifecycle table', () => {
    const causing = new Set(
      ORDER_MOVES.filter((m) => sideEffectsOf(moved(m.event, m.to, true)).length > 0).map((m) => m.event),
    );
    expect([...causing].sort()).toEqual(['approve_cancel', 'approve_return', 'cancel', 'pay']);
  });
});

// The money of a cancelled or returned order going back (issue 16). Approving a cancellation or a
// return records a refund job in the same transaction when a provider holds the money (LINE Pay, a card);
// the payments module runs it and, when the provider says the money went back, moves the order to
// refunded here. Transfers, ATM and cash on delivery go back by the shop's own transfer.
import { orderStateOf, refundedStatus, refundRoute } from '@shop/domain';
import { NotFound } from '../../errors.ts';
import { enqueueJob } from '../jobs/index.ts';
import { orderFlags, recordOrderMove, type OrderMover } from './order-events.ts';
import * as repo from './orders.repository.ts';
import type { RefundFacts } from './sales-summary.ts';

type Tx = repo.Tx;

/** The job kind the payments module handles. */
export const REFUND_PAYMENT_JOB = 'refund-payment';

export interface RefundPaymentJob {
  orderId: number;
  /** NT$ to give back: the whole payment for a cancellation, the decided amount for a return. */
  amount: number;
  reason: 'cancel' | 'return';
}

/** Records the refund job of a paid order whose money a provider holds; nothing for the others. */
export async function enqueueProviderRefund(
  tx: Tx,
  order: { id: number; isPayment: boolean; isShipping: boolean; paymentType: number; payAmount: number },
  amount: number,
  reason: RefundPaymentJob['reason'],
): Promise<boolean> {
  // The domain's rule of where money goes back (decision 048): a card or LINE Pay payment, by the provider.
  const route = refundRoute({
    payment_type: order.paymentType,
    is_payment: order.isPayment,
    is_shipping: order.isShipping,
    pay_amount: order.payAmount,
  });
  if (route !== 'provider' || amount <= 0) return false;
  const payload: RefundPaymentJob = { orderId: order.id, amount, reason };
  // One refund per order and cause: a repeated approval (it cannot happen twice, but a retried
  // transaction may) makes one job.
  await enqueueJob(tx, {
    kind: REFUND_PAYMENT_JOB,
    payload: { ...payload },
    dedupeKey: `refund:${order.id}:${reason}`,
  });
  return true;
}

/**
 * The money went back: cancelled → refunded (orders.refunded_at), or returned → refunded (the return
 * record's status by the amount). False when the order is refunded already, so a replayed provider
 * answer or a retried job changes nothing; any other state is refused by the lifecycle table (409).
 */
export async function markOrderRefunded(
  tx: Tx,
  orderId: number,
  by: OrderMover,
  reason: string,
  now: Date,
  refund?: RefundFacts,
): Promise<boolean> {
  const order = await repo.lockOrder(tx, orderId);
  if (!order) throw new NotFound('找不到此訂單');
  const [[cancel], [ret]] = await Promise.all([
    repo.findCancelRecords(tx, [orderId]),
    repo.findReturnRecords(tx, [orderId]),
  ]);
  const before = orderFlags(order, cancel, ret);
  const from = orderStateOf(before);
  if (from === 'refunded') return false;
  await recordOrderMove(tx, { orderId, before, event: 'refund', by, reason, now, refund });
  if (from === 'returned' && ret) {
    await repo.updateReturnRecord(tx, ret.id, {
      status: refundedStatus(ret.refundAmount ?? 0, order.payAmount),
      handledAt: now,
    });
    await repo.updateOrder(tx, orderId, {}, now);
  } else {
    await repo.updateOrder(tx, orderId, { refundedAt: now }, now);
  }
  return true;
}

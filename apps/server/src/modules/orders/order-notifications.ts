// Which lifecycle moves tell the shopper (issue 17 item 4, docs/decisions/055): the move → message
// table. Like the invoice jobs (order-side-effects.ts), the messages are outbox jobs recorded in the
// move's own transaction; the notifications module sends them. An event not in the table (a request
// the shopper made themself, a move added to the lifecycle later) tells nothing.
import type { OrderEvent, OrderMessageKind, OrderState } from '@shop/domain';
import { enqueueJob, type JobRequest } from '../jobs/index.ts';
import type { Tx } from '../../db/client.ts';

/** Send the order's message of `kind` by SMS and email. Payload `NotifyOrderPayload`. */
export const NOTIFY_ORDER_JOB = 'notify-order';

export interface NotifyOrderPayload {
  orderId: number;
  kind: OrderMessageKind;
}

/** What the table reads of a move; `place` is the order's first event (recordOrderPlaced). */
export interface NotifiedMove {
  orderId: number;
  event: OrderEvent | 'place';
  to: OrderState;
}

/** The message job of `kind`; one per order, kind and cause, so a replayed callback sends nothing twice. */
export function notifyJob(orderId: number, kind: OrderMessageKind, cause = ''): JobRequest {
  return {
    kind: NOTIFY_ORDER_JOB,
    payload: { orderId, kind } satisfies NotifyOrderPayload,
    dedupeKey: `notify:${orderId}:${kind}${cause ? `:${cause}` : ''}`,
  };
}

/** The message kind a move tells the shopper, or null. */
export function messageKindOf(m: NotifiedMove): OrderMessageKind | null {
  switch (m.event) {
    case 'place':
      return 'placed';
    case 'pay':
      // Only the money that makes the order paid: cash collected at the door after shipping, or money
      // reported for a cancelled order (owed back), is no news to the shopper.
      return m.to === 'paid' ? 'paid' : null;
    case 'cancel':
    case 'approve_cancel':
      return 'cancelled';
    case 'ship':
      return 'shipped';
    case 'arrive':
      return 'arrived';
    case 'pick_up':
      return 'picked_up';
    case 'refund':
      return 'refunded';
    case 'approve_return':
      return 'return_approved';
    case 'reject_return':
      return 'return_rejected';
    default:
      return null;
  }
}

/** The message jobs of a move; [] for most. */
export function notificationsOf(m: NotifiedMove): JobRequest[] {
  const kind = messageKindOf(m);
  return kind ? [notifyJob(m.orderId, kind)] : [];
}

/** Records the message jobs of a move in the caller's transaction. */
export async function recordNotifications(tx: Tx, move: NotifiedMove): Promise<void> {
  for (const request of notificationsOf(move)) await enqueueJob(tx, request);
}

/**
 * The ATM account ECPay (or the owner) gave an unpaid order: the placed message again, now with the
 * account and its deadline. One per account number, so a corrected account is told too.
 */
export async function recordVirtualAccountMessage(tx: Tx, orderId: number, account: string): Promise<void> {
  await enqueueJob(tx, notifyJob(orderId, 'placed', `atm-${account}`));
}

/** The 超商代碼 arrived: the placed message again, now with the code, its deadline and the kiosk steps. */
export async function recordPaymentCodeMessage(tx: Tx, orderId: number, code: string): Promise<void> {
  await enqueueJob(tx, notifyJob(orderId, 'placed', `cvs-${code}`));
}

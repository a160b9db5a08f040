// What an order's lifecycle move sets going elsewhere (issue 16 item 3): the one table of move →
// outbox job. recordOrderMove records them in the transaction that moves the order, so the work
// exists exactly when the move committed, whichever path moved it (ECPay's or LINE Pay's callback,
// the staff's confirmation of a transfer or of cash on delivery, a decision in the back office).
// The invoices module runs the jobs; like the refund job (decision 050), the table does not read the
// process's settings: with ECPAY_INVOICE_MODE=off the jobs finish without asking ECPay.
import { eq } from 'drizzle-orm';
import type { OrderEvent, OrderState } from '@shop/domain';
import { orders } from '../../db/schema/index.ts';
import { enqueueJob, type JobRequest } from '../jobs/index.ts';
import { recordNotifications } from './order-notifications.ts';
import type { Tx } from './orders.repository.ts';

/** Issue the order's e-invoice for its pay_amount. Payload `{ orderId }`. */
export const ISSUE_INVOICE_JOB = 'issue-invoice';
/** Void the invoice of a cancelled order, or give it all back by an allowance past the void deadline. */
export const VOID_INVOICE_JOB = 'void-invoice';
/** An allowance for what a return gives back (the return record's refund_amount). */
export const INVOICE_ALLOWANCE_JOB = 'invoice-allowance';

export interface InvoiceJobPayload {
  orderId: number;
}

/** What the table reads of a move. */
export interface MovedOrder {
  orderId: number;
  event: OrderEvent;
  to: OrderState;
  /** Whether the money had arrived before the move. */
  wasPaid: boolean;
  /** NT$ the order costs; nothing is invoiced for an order points paid in full. */
  payAmount: number;
}

const job = (kind: string, orderId: number, dedupe: string): JobRequest => ({
  kind,
  payload: { orderId },
  // One job per order and cause: a replayed callback or a retried transaction makes no second one.
  dedupeKey: `${kind}:${orderId}${dedupe}`,
});

/** The jobs a move causes; [] for most. */
export function sideEffectsOf(m: MovedOrder): JobRequest[] {
  if (m.payAmount <= 0) return [];
  switch (m.event) {
    case 'pay':
      // Money reported for an order already cancelled is owed back (refund_due), not invoiced.
      return m.to === 'cancelled' ? [] : [job(ISSUE_INVOICE_JOB, m.orderId, '')];
    case 'cancel':
    case 'approve_cancel':
      return m.wasPaid ? [job(VOID_INVOICE_JOB, m.orderId, '')] : [];
    case 'approve_return':
      return m.wasPaid ? [job(INVOICE_ALLOWANCE_JOB, m.orderId, ':return')] : [];
    default:
      return [];
  }
}

const MAY_CAUSE_WORK: ReadonlySet<OrderEvent> = new Set(['pay', 'cancel', 'approve_cancel', 'approve_return']);

/** Records the jobs of a move in the caller's transaction (called by recordOrderMove). */
export async function recordSideEffects(tx: Tx, move: Omit<MovedOrder, 'payAmount'>): Promise<void> {
  await recordNotifications(tx, move);
  if (!MAY_CAUSE_WORK.has(move.event)) return;
  const [order] = await tx.select({ payAmount: orders.payAmount }).from(orders).where(eq(orders.id, move.orderId));
  if (!order) return;
  for (const request of sideEffectsOf({ ...move, payAmount: order.payAmount })) await enqueueJob(tx, request);
}

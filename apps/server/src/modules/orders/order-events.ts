// The order's history (issue 15): every lifecycle move is asked of the domain table first and written
// as an `order_events` row in the transaction that changes the order, so a move and its record commit
// together or not at all. Other modules move an order only through `recordOrderMove`.
import { and, asc, eq } from 'drizzle-orm';
import {
  type AdminOrderEvent,
  moveOrder,
  orderStateOf,
  type OrderActor,
  type OrderEvent,
  type OrderFlags,
  type OrderState,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { orderCancelRecords, orderEvents, orderReturnRecords, orders, staff } from '../../db/schema/index.ts';
import { Conflict } from '../../errors.ts';
import { recordBonusEffects } from './order-bonus.ts';
import { recordNotifications } from './order-notifications.ts';
import { recordSideEffects } from './order-side-effects.ts';
import { recordSalesEffects, type RefundFacts } from './sales-summary.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who moves the order: a member (null id for a guest), a staff member, a provider or a job by name. */
export type OrderMover =
  | { actor: 'member'; id: number | null }
  | { actor: 'staff'; id: number }
  | { actor: 'provider'; name: string }
  | { actor: 'system'; name: string };

export interface OrderMoveInput {
  orderId: number;
  /** The order's flags as locked in this transaction, before the change. */
  before: OrderFlags;
  event: OrderEvent;
  by: OrderMover;
  reason?: string;
  now: Date;
  /** A refund's amount and day as recorded by hand; without them a refund gives back what the state says. */
  refund?: RefundFacts;
}

/** The flags the lifecycle state is read from, from an order row and its after-sales records. */
export function orderFlags(
  order: {
    status: number;
    isPayment: boolean;
    isShipping: boolean;
    refundedAt?: Date | null;
    completedAt?: Date | null;
    deliveryState?: string | null;
  },
  cancel: { status: number } | null | undefined,
  ret: { status: number } | null | undefined,
): OrderFlags {
  return {
    status: order.status,
    is_payment: order.isPayment,
    is_shipping: order.isShipping,
    cancel_status: cancel?.status ?? null,
    return_status: ret?.status ?? null,
    refunded: Boolean(order.refundedAt),
    completed: Boolean(order.completedAt),
    delivery: order.deliveryState ?? null,
  };
}

/** The flags of an order and its after-sales records, for a module that locked the order by itself. */
export async function readOrderFlags(tx: Tx, orderId: number): Promise<OrderFlags | null> {
  const [row] = await tx
    .select({
      status: orders.status,
      isPayment: orders.isPayment,
      isShipping: orders.isShipping,
      refundedAt: orders.refundedAt,
      completedAt: orders.completedAt,
      deliveryState: orders.deliveryState,
      cancelStatus: orderCancelRecords.status,
      returnStatus: orderReturnRecords.status,
    })
    .from(orders)
    .leftJoin(orderCancelRecords, eq(orderCancelRecords.orderId, orders.id))
    .leftJoin(orderReturnRecords, eq(orderReturnRecords.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  return orderFlags(
    row,
    row.cancelStatus === null ? null : { status: row.cancelStatus },
    row.returnStatus === null ? null : { status: row.returnStatus },
  );
}

function actorColumns(by: OrderMover) {
  const actor: OrderActor = by.actor;
  return {
    actor,
    actorId: by.actor === 'member' || by.actor === 'staff' ? by.id : null,
    actorName: by.actor === 'provider' || by.actor === 'system' ? by.name : '',
  };
}

/**
 * Checks `event` against the lifecycle table from the state `before` describes and records it.
 * Throws Conflict (409) naming the current state when the move is not allowed; the caller's
 * transaction then changes nothing. Answers the state the order is now in.
 */
export async function recordOrderMove(tx: Tx, input: OrderMoveInput): Promise<OrderState> {
  const from = orderStateOf(input.before);
  const result = moveOrder(from, input.event, input.by.actor);
  if (!result.ok) throw new Conflict(result.msg);
  await tx.insert(orderEvents).values({
    orderId: input.orderId,
    event: input.event,
    fromState: from,
    toState: result.move.to,
    ...actorColumns(input.by),
    reason: input.reason ?? '',
    createdAt: input.now,
  });
  // The work the move causes elsewhere (an e-invoice to issue, void or allow), in the same transaction.
  await recordSideEffects(tx, {
    orderId: input.orderId,
    event: input.event,
    to: result.move.to,
    wasPaid: input.before.is_payment,
  });
  // The day's sales sums the owner's report reads (issue 42).
  await recordSalesEffects(tx, {
    orderId: input.orderId,
    event: input.event,
    before: input.before,
    from,
    now: input.now,
    refund: input.refund,
  });
  // The points it earns, lets go or credits (issue 21).
  await recordBonusEffects(tx, {
    orderId: input.orderId,
    event: input.event,
    to: result.move.to,
    wasPaid: input.before.is_payment,
    now: input.now,
  });
  return result.move.to;
}

/** The first row of every order's history. */
export async function recordOrderPlaced(tx: Tx, orderId: number, by: OrderMover, now: Date): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId,
    event: 'place',
    fromState: null,
    toState: 'placed',
    ...actorColumns(by),
    createdAt: now,
  });
  // The shopper's 訂單成立 message, with what to pay and by when (issue 17 item 4).
  await recordNotifications(tx, { orderId, event: 'place', to: 'placed' });
}

/** The whole history, oldest first, for the back office. */
export async function listOrderEvents(db: Db | Tx, orderId: number): Promise<AdminOrderEvent[]> {
  const rows = await db
    .select({ e: orderEvents, staffName: staff.name, staffAccount: staff.account })
    .from(orderEvents)
    .leftJoin(staff, and(eq(orderEvents.actor, 'staff'), eq(staff.id, orderEvents.actorId)))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  return rows.map(({ e, staffName, staffAccount }) => ({
    id: e.id,
    event: e.event,
    from_state: e.fromState,
    to_state: e.toState,
    actor: e.actor as OrderActor,
    actor_name: e.actor === 'staff' ? staffName || staffAccount || '' : e.actorName,
    reason: e.reason,
    created_at: e.createdAt.toISOString(),
  }));
}

/**
 * The part a shopper sees: when the order reached each state. Who in the shop did it, and the
 * staff's notes, stay in the back office.
 */
export async function listShopperOrderEvents(
  db: Db | Tx,
  orderId: number,
): Promise<{ state: string; created_at: string }[]> {
  const rows = await db
    .select({ toState: orderEvents.toState, fromState: orderEvents.fromState, createdAt: orderEvents.createdAt })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  // A move that keeps the state (cash collected after shipping) tells the shopper nothing new.
  return rows
    .filter((r) => r.fromState !== r.toState)
    .map((r) => ({ state: r.toState, created_at: r.createdAt.toISOString() }));
}

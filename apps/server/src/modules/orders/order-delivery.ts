// The order's moves that ECPay's logistics causes (issue 17 items 2 and 3, docs/decisions/054): the
// logistics order was created (the order is shipped, with its carrier and number), and each status
// notice (on the way, at the store, picked up, left there, delivered). The logistics module calls
// these inside its own transaction, so the shipment row and the order's move commit together.
import {
  moveOrder,
  orderStateOf,
  OrderStatus,
  PICKUP_DAYS,
  returnDeadline,
  type OrderEvent,
  type OrderState,
} from '@shop/domain';
import { NotFound } from '../../errors.ts';
import { orderFlags, recordOrderMove, type OrderMover } from './order-events.ts';
import * as repo from './orders.repository.ts';

type Tx = repo.Tx;

/** The state each delivery event leaves the parcel in (orders.delivery_state). */
const DELIVERY_STATE_OF: Partial<Record<OrderEvent, string>> = {
  transit: 'in_transit',
  arrive: 'arrived',
  pick_up: 'picked_up',
  unclaim: 'unclaimed',
  deliver: 'delivered',
};

async function lockedFlags(tx: Tx, orderId: number) {
  const order = await repo.lockOrder(tx, orderId);
  if (!order) throw new NotFound('找不到此訂單');
  const [[cancel], [ret]] = await Promise.all([
    repo.findCancelRecords(tx, [orderId]),
    repo.findReturnRecords(tx, [orderId]),
  ]);
  return { order, before: orderFlags(order, cancel, ret) };
}

/** Whether the lifecycle lets a logistics order be created for the order now (placed or paid, open, not shipped). */
export async function isShippable(tx: Tx, orderId: number): Promise<boolean> {
  const { order, before } = await lockedFlags(tx, orderId);
  return order.status === OrderStatus.Processing && moveOrder(orderStateOf(before), 'ship', 'provider').ok;
}

/**
 * ECPay created the logistics order: the order is shipped today with the chain or carrier and the
 * number the shopper tracks it by (spec §4 flags: shipping sets the status to Complete). Throws
 * Conflict when the order moved on meanwhile (cancelled while the job waited).
 */
export async function shipByLogistics(
  tx: Tx,
  input: { orderId: number; freightCompany: string; trackingNumber: string; by: OrderMover; now: Date },
): Promise<void> {
  const { before } = await lockedFlags(tx, input.orderId);
  await recordOrderMove(tx, {
    orderId: input.orderId,
    before,
    event: 'ship',
    by: input.by,
    reason: `${input.freightCompany} ${input.trackingNumber}`,
    now: input.now,
  });
  await repo.updateOrder(
    tx,
    input.orderId,
    {
      isShipping: true,
      shipDate: input.now,
      freightCompany: input.freightCompany,
      trackingNumber: input.trackingNumber,
      status: OrderStatus.Complete,
    },
    input.now,
  );
}

/**
 * A status notice moves the parcel: the lifecycle decides whether the move holds from where the order
 * is (a late notice of an earlier step, or one about an order returned meanwhile, moves nothing and
 * answers null). Arriving at the store sets the pickup deadline; pickup and delivery start the
 * return window (spec §4).
 */
export async function recordDeliveryProgress(
  tx: Tx,
  input: { orderId: number; event: OrderEvent; at: Date; by: OrderMover; reason: string; now: Date },
): Promise<OrderState | null> {
  const delivery = DELIVERY_STATE_OF[input.event];
  if (!delivery) return null;
  const { before } = await lockedFlags(tx, input.orderId);
  if (!moveOrder(orderStateOf(before), input.event, input.by.actor).ok) return null;
  const to = await recordOrderMove(tx, {
    orderId: input.orderId,
    before,
    event: input.event,
    by: input.by,
    reason: input.reason,
    now: input.now,
  });
  await repo.updateOrder(
    tx,
    input.orderId,
    {
      deliveryState: delivery,
      ...(input.event === 'arrive' ? { pickupDeadline: returnDeadline(input.at, PICKUP_DAYS) } : {}),
      ...(input.event === 'pick_up' || input.event === 'deliver' ? { receivedAt: input.at } : {}),
    },
    input.now,
  );
  return to;
}

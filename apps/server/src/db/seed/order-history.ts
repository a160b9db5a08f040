// The demo orders are inserted in their final states; this writes the history that would have led
// there (placed, paid, shipped, cancel and return requests and decisions), at the rows' own times, so
// the back office's 訂單歷程 and the shopper's order page read as they will for real orders.
import {
  CancelStatus,
  moveOrder,
  orderStateOf,
  PaymentMethod,
  ReturnStatus,
  type OrderEvent,
  type OrderState,
} from '@shop/domain';
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Step = { event: OrderEvent | 'place'; at: Date; by: 'member' | 'staff' | 'provider' };

export async function seedOrderHistory(tx: Tx, ownerId: number | null): Promise<void> {
  const [orders, cancels, returns] = await Promise.all([
    tx.select().from(s.orders),
    tx.select().from(s.orderCancelRecords),
    tx.select().from(s.orderReturnRecords),
  ]);
  const rows: (typeof s.orderEvents.$inferInsert)[] = [];
  for (const order of orders) {
    const cancel = cancels.find((c) => c.orderId === order.id);
    const ret = returns.find((r) => r.orderId === order.id);
    const steps: Step[] = [{ event: 'place', at: order.createdAt, by: 'member' }];
    if (order.isPayment && order.paidAt && order.paymentType !== PaymentMethod.CashOnDelivery) {
      steps.push({ event: 'pay', at: order.paidAt, by: order.tradeNo ? 'provider' : 'staff' });
    }
    if (cancel) {
      const decided = cancel.status === CancelStatus.Approve || cancel.status === CancelStatus.Canceled;
      if (order.isPayment) steps.push({ event: 'request_cancel', at: cancel.createdAt, by: 'member' });
      if (decided && order.isPayment) {
        const event = cancel.status === CancelStatus.Approve ? 'approve_cancel' : 'reject_cancel';
        steps.push({ event, at: cancel.handledAt ?? cancel.createdAt, by: 'staff' });
      } else if (!order.isPayment) {
        steps.push({ event: 'cancel', at: cancel.createdAt, by: 'member' });
      }
    } else if (orderStateOf({ ...flags(order), cancel_status: null, return_status: null }) === 'cancelled') {
      steps.push({ event: 'cancel', at: order.updatedAt, by: 'member' });
    }
    if (order.isShipping && order.shipDate) steps.push({ event: 'ship', at: order.shipDate, by: 'staff' });
    if (order.isShipping && order.isPayment && order.paymentType === PaymentMethod.CashOnDelivery && order.paidAt) {
      steps.push({ event: 'pay', at: order.paidAt, by: 'staff' });
    }
    if (ret) {
      steps.push({ event: 'request_return', at: ret.createdAt, by: 'member' });
      const handledAt = ret.handledAt ?? ret.createdAt;
      if (ret.status === ReturnStatus.Cancel) steps.push({ event: 'reject_return', at: handledAt, by: 'staff' });
      if (ret.status !== ReturnStatus.Returning && ret.status !== ReturnStatus.Cancel) {
        steps.push({ event: 'approve_return', at: handledAt, by: 'staff' });
        if (ret.status !== ReturnStatus.Refunding) steps.push({ event: 'refund', at: handledAt, by: 'staff' });
      }
    }

    // In the order the steps happen, not by their times: a ship date is a day, not a moment.
    let state: OrderState | null = null;
    for (const step of steps) {
      const actor = {
        actor: step.by,
        actorId: step.by === 'member' ? order.memberId : step.by === 'staff' ? ownerId : null,
        actorName: step.by === 'provider' ? 'ecpay' : '',
      };
      if (step.event === 'place') {
        rows.push({
          orderId: order.id,
          event: 'place',
          fromState: null,
          toState: 'placed',
          ...actor,
          createdAt: step.at,
        });
        state = 'placed';
        continue;
      }
      const moved = moveOrder(state!, step.event, step.by);
      // The demo's own data decides; a step the table would refuse means the seed is wrong.
      if (!moved.ok) throw new Error(`demo order ${order.orderNumber}: ${moved.msg}`);
      rows.push({
        orderId: order.id,
        event: step.event,
        fromState: state,
        toState: moved.move.to,
        ...actor,
        createdAt: step.at,
      });
      state = moved.move.to;
    }
  }
  if (rows.length > 0) await tx.insert(s.orderEvents).values(rows);
}

function flags(order: typeof s.orders.$inferSelect) {
  return { status: order.status, is_payment: order.isPayment, is_shipping: order.isShipping };
}

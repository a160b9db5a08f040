// The `complete` move of the lifecycle (issue 21 items 1–2): once an order's return window (spec §4)
// has closed with no return asked for, the shop's job completes it, which credits the points it
// earned and the referrers' downline bonus (order-bonus.ts) in the same transaction.
import { type OrderState, orderStateOf, returnDeadline, returnWindowStart } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { getOrderSettings } from '../settings/index.ts';
import { readOrderFlags, recordOrderMove } from './order-events.ts';
import * as repo from './orders.repository.ts';
import type { OrderDeps } from './orders.service.ts';

/** What the order's history says of the move. */
export const COMPLETION_REASON = '鑑賞期已過，訂單完成';

const DAY_MS = 86_400_000;

const COMPLETABLE: ReadonlySet<OrderState> = new Set(['shipped', 'picked_up', 'delivered']);

/**
 * Completes every shipped order whose return window has closed, each in its own transaction that
 * locks it and checks it again (a return request that arrived meanwhile wins). Answers how many.
 */
export async function completeOrders(db: Db, deps: Pick<OrderDeps, 'now' | 'defaultReturnDays'>): Promise<number> {
  const { returnDays } = await getOrderSettings(db, deps.defaultReturnDays);
  // The window ends at the close of a Taipei day and never starts before shipping, so no order shipped
  // later than this can be due.
  const shippedBefore = new Date(deps.now.getTime() - returnDays * DAY_MS);
  let completed = 0;
  for (const id of await repo.findOrdersToComplete(db, shippedBefore)) {
    const done = await db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, id);
      const flags = order && (await readOrderFlags(tx, id));
      if (!order || !flags) return false;
      // A parcel still on its way, waiting at the store or coming back is not done with.
      if (!COMPLETABLE.has(orderStateOf(flags))) return false;
      // spec §4 with issue 21 item 6: the window counts from pickup or delivery when known.
      const deadline = returnDeadline(
        returnWindowStart({ ship_date: order.shipDate, received_at: order.receivedAt }),
        returnDays,
      );
      if (deadline === null || deps.now.getTime() <= deadline.getTime()) return false;
      await recordOrderMove(tx, {
        orderId: id,
        before: flags,
        event: 'complete',
        by: { actor: 'system', name: 'return-window' },
        reason: COMPLETION_REASON,
        now: deps.now,
      });
      await repo.updateOrder(tx, id, { completedAt: deps.now }, deps.now);
      return true;
    });
    if (done) completed += 1;
  }
  return completed;
}

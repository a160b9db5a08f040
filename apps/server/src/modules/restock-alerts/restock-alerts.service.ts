// 貨到通知 (issue 43 item 2, docs/decisions/086): a member waits for a sold-out spec; when its stock
// returns (the owner's edit, a cancellation or a return), each wait ends and its alert is queued in the
// same transaction, so the alert exists exactly when the stock change committed.
import type { RestockSubscription } from '@shop/domain';
import type { Db, Tx } from '../../db/client.ts';
import { Conflict, Forbidden, NotFound } from '../../errors.ts';
import { enqueueJob } from '../jobs/index.ts';
import * as repo from './restock-alerts.repository.ts';

export const RESTOCK_ALERT_JOB = 'restock-alert';

/** A spec is sold out when its stock is tracked and none is left. */
export function isSoldOut(stock: number | null): boolean {
  return stock !== null && stock <= 0;
}

function toJson(row: { id: number; specId: number; productId: number; createdAt: Date }): RestockSubscription {
  return { id: row.id, spec_id: row.specId, product_id: row.productId, created_at: row.createdAt.toISOString() };
}

/** POST /restock-subscriptions: 409 while the spec is in stock; asking twice answers the same wait. */
export async function subscribe(db: Db, memberId: number, specId: number, now: Date) {
  const spec = await repo.findSpec(db, specId);
  if (!spec || spec.productStatus !== 1) throw new NotFound('找不到此商品規格');
  if (!isSoldOut(spec.stock)) throw new Conflict('此規格目前有貨，可直接加入購物車');
  const { row, created } = await repo.insertWaiting(db, memberId, specId, now);
  return { created, data: toJson({ ...row, productId: spec.productId }) };
}

/** DELETE /restock-subscriptions/{id}: only the member's own, only while it waits. */
export async function unsubscribe(db: Db, memberId: number, id: number): Promise<void> {
  const row = await repo.findSubscription(db, id);
  if (!row || row.notifiedAt !== null) throw new NotFound('找不到此貨到通知');
  if (row.memberId !== memberId) throw new Forbidden();
  await repo.deleteSubscription(db, id, memberId);
}

export async function listMine(db: Db, memberId: number): Promise<RestockSubscription[]> {
  return (await repo.findWaitingOf(db, memberId)).map(toJson);
}

/** How many members wait per spec, for the back office's product form. */
export async function waitingCounts(db: Db | Tx, specIds: readonly number[]): Promise<Map<number, number>> {
  return repo.countWaiting(db, specIds);
}

/**
 * The specs whose stock just came back (from none to some): their waits end and one alert job per
 * wait is recorded in the caller's transaction. The dedupe key keeps a replayed change from queuing twice.
 */
export async function queueRestockAlerts(tx: Tx, specIds: readonly number[]): Promise<number> {
  const ended = await repo.endWaiting(tx, [...new Set(specIds)]);
  for (const { id } of ended) {
    await enqueueJob(tx, {
      kind: RESTOCK_ALERT_JOB,
      payload: { subscriptionId: id },
      dedupeKey: `restock-alert:${id}`,
    });
  }
  return ended.length;
}

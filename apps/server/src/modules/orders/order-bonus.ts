// The bonus points an order causes besides those it spends (issue 21 items 1 and 2, decision 056).
// Paying holds the points the member's level earns as 待入帳紅利 (tmp_bonus); completion, when the
// return window has closed, credits them and pays the referrers their downline bonus; a cancel lets
// the held points go, a return takes back the returned share and settles the rest. Every change is
// in the transaction of the move that causes it, and each order is settled at most once
// (orders.bonus_credited_at), so a replayed callback or a second sweep pays nothing twice.
import { asc, eq, sql } from 'drizzle-orm';
import {
  BonusSource,
  type DownlineLevel,
  downlineBonus,
  earnedPoints,
  earningBase,
  type OrderEvent,
  type OrderState,
  pointsTakenBack,
} from '@shop/domain';
import type { Tx } from '../../db/client.ts';
import { memberBonus, memberLevels, members, orders } from '../../db/schema/index.ts';
import { getDownlinePercent } from '../settings/index.ts';
import { changeBonusForOrderInTx } from './bonus-ledger.ts';

interface BonusOrder {
  id: number;
  orderNumber: string;
  memberId: number | null;
  payAmount: number;
  shipping: number;
  bonusEarned: number;
  bonusCreditedAt: Date | null;
  completedAt: Date | null;
}

async function readOrder(tx: Tx, orderId: number): Promise<BonusOrder | undefined> {
  const [row] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      memberId: orders.memberId,
      payAmount: orders.payAmount,
      shipping: orders.shipping,
      bonusEarned: orders.bonusEarned,
      bonusCreditedAt: orders.bonusCreditedAt,
      completedAt: orders.completedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

const pricing = (o: BonusOrder) => ({ pay_amount: o.payAmount, shipping: o.shipping });

/** The member's level rate; a member without a level earns at the lowest level's rate. */
async function rateOf(tx: Tx, memberId: number): Promise<number> {
  const [own] = await tx
    .select({ rate: memberLevels.bonusRate })
    .from(members)
    .innerJoin(memberLevels, eq(memberLevels.id, members.memberLevelId))
    .where(eq(members.id, memberId));
  if (own) return own.rate;
  const [lowest] = await tx
    .select({ rate: memberLevels.bonusRate })
    .from(memberLevels)
    .orderBy(asc(memberLevels.indexId), asc(memberLevels.id))
    .limit(1);
  return lowest?.rate ?? 0;
}

/** Moves the held balance; the floor at 0 keeps a back-office correction from blocking an order. */
async function changeHeld(tx: Tx, memberId: number, delta: number): Promise<void> {
  if (delta === 0) return;
  await tx.insert(memberBonus).values({ memberId }).onConflictDoNothing();
  await tx
    .update(memberBonus)
    .set({ tmpBonus: sql`GREATEST(0, ${memberBonus.tmpBonus} + ${delta})`, updatedAt: sql`now()` })
    .where(eq(memberBonus.memberId, memberId));
}

async function setOrderBonus(tx: Tx, orderId: number, change: { bonusEarned?: number; bonusCreditedAt?: Date }) {
  await tx.update(orders).set(change).where(eq(orders.id, orderId));
}

/** Paid: hold what the member's level earns on the goods. */
async function holdEarnedPoints(tx: Tx, order: BonusOrder): Promise<void> {
  if (order.memberId === null || order.bonusCreditedAt || order.bonusEarned > 0) return;
  const points = earnedPoints(pricing(order), await rateOf(tx, order.memberId));
  if (points === 0) return;
  await changeHeld(tx, order.memberId, points);
  await setOrderBonus(tx, order.id, { bonusEarned: points });
  order.bonusEarned = points;
}

/** Cancelled after payment: the held points go; nothing was credited yet. */
async function releaseHeldPoints(tx: Tx, order: BonusOrder): Promise<void> {
  if (order.memberId === null || order.bonusCreditedAt || order.bonusEarned === 0) return;
  await changeHeld(tx, order.memberId, -order.bonusEarned);
  await setOrderBonus(tx, order.id, { bonusEarned: 0 });
}

/** The referrers one and two levels up, never the buyer itself (a chain the back office edited into a loop). */
async function referrersOf(tx: Tx, memberId: number): Promise<{ id: number; level: DownlineLevel }[]> {
  const up = async (id: number) =>
    (await tx.select({ referrerId: members.referrerId }).from(members).where(eq(members.id, id)))[0]?.referrerId ??
    null;
  const first = await up(memberId);
  if (first === null || first === memberId) return [];
  const second = await up(first);
  const found: { id: number; level: DownlineLevel }[] = [{ id: first, level: 1 }];
  if (second !== null && second !== memberId && second !== first) found.push({ id: second, level: 2 });
  return found;
}

/**
 * Credits what the order earned, less `pointsBack`, and the referrers' share of `revenue` (the
 * goods the buyer kept), then marks the order settled. Runs once per order.
 */
async function settle(tx: Tx, order: BonusOrder, revenue: number, pointsBack: number, now: Date): Promise<void> {
  if (order.bonusCreditedAt) return;
  if (order.memberId !== null) {
    const kept = order.bonusEarned - pointsBack;
    await changeHeld(tx, order.memberId, -order.bonusEarned);
    if (kept > 0) {
      await changeBonusForOrderInTx(tx, {
        memberId: order.memberId,
        delta: kept,
        source: BonusSource.OrderReward,
        reason: `訂單回饋紅利 ${order.orderNumber}`,
        orderId: order.id,
      });
    }
    const downlinePercent = await getDownlinePercent(tx);
    for (const referrer of await referrersOf(tx, order.memberId)) {
      const bonus = downlineBonus(revenue, downlinePercent[referrer.level]);
      if (bonus === 0) continue;
      await changeBonusForOrderInTx(tx, {
        memberId: referrer.id,
        delta: bonus,
        source: BonusSource.Downline,
        reason: `推薦回饋（第 ${referrer.level} 層）${order.orderNumber}`,
        orderId: order.id,
      });
    }
  }
  await setOrderBonus(tx, order.id, { bonusCreditedAt: now, bonusEarned: Math.max(0, order.bonusEarned - pointsBack) });
}

export interface BonusMove {
  orderId: number;
  event: OrderEvent;
  to: OrderState;
  wasPaid: boolean;
  now: Date;
}

/** The bonus side of a lifecycle move, in its transaction (called by recordOrderMove). */
export async function recordBonusEffects(tx: Tx, move: BonusMove): Promise<void> {
  const paid = move.event === 'pay' && !move.wasPaid && move.to !== 'cancelled';
  const cancelled = (move.event === 'cancel' || move.event === 'approve_cancel') && move.wasPaid;
  const completed = move.to === 'completed';
  if (!paid && !cancelled && !completed) return;
  const order = await readOrder(tx, move.orderId);
  if (!order) return;
  if (paid) await holdEarnedPoints(tx, order);
  if (cancelled) await releaseHeldPoints(tx, order);
  // Completed: the window closed (the sweep), a return was refused, or cash arrived after completion.
  if (completed) await settle(tx, order, earningBase(pricing(order)), 0, move.now);
}

/**
 * A return approved with `refundAmount` going back: the returned share of the held points is taken
 * back and the rest credited, with the referrers paid on the goods the buyer kept. The order's
 * after-sales ends with this decision (spec §4 allows one return), so it settles now.
 */
export async function settleReturnedOrder(tx: Tx, orderId: number, refundAmount: number, now: Date): Promise<void> {
  const order = await readOrder(tx, orderId);
  if (!order || order.bonusCreditedAt) return;
  const back = pointsTakenBack(order.bonusEarned, pricing(order), refundAmount);
  const kept = Math.max(0, earningBase(pricing(order)) - refundAmount);
  await settle(tx, order, kept, back, now);
}

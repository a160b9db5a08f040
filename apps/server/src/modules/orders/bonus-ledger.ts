// Bonus points change here and only here (issue 15): the points an order spends or gives back, and
// the back office's adjustments of a member's balance. Each change writes its ledger row in the
// caller's transaction, so a balance and its history never disagree.
import { and, eq, sql } from 'drizzle-orm';
import { handlingMsg, msg } from '@shop/domain';
import type { Tx } from '../../db/client.ts';
import { bonusLedger, memberBonus } from '../../db/schema/index.ts';
import { Invalid } from '../../errors.ts';

export interface BonusChange {
  memberId: number;
  /** Points added (positive) or taken (negative). */
  delta: number;
  /** BonusSource. */
  source: number;
  reason: string;
  orderId?: number | null;
  staffId?: number | null;
}

/**
 * Points spent on or given back by an order, inside the order's transaction: one conditional update,
 * so concurrent orders can never take the balance below zero. null when the balance is short
 * (nothing changes, no ledger row); the caller decides what that means for its request.
 */
export async function changeBonusForOrderInTx(
  tx: Tx,
  change: BonusChange,
): Promise<{ before: number; after: number } | null> {
  await tx.insert(memberBonus).values({ memberId: change.memberId }).onConflictDoNothing();
  const [row] = await tx
    .update(memberBonus)
    .set({ bonus: sql`${memberBonus.bonus} + ${change.delta}`, updatedAt: sql`now()` })
    .where(and(eq(memberBonus.memberId, change.memberId), sql`${memberBonus.bonus} + ${change.delta} >= 0`))
    .returning({ bonus: memberBonus.bonus });
  if (!row) return null;
  await tx.insert(bonusLedger).values({
    memberId: change.memberId,
    delta: change.delta,
    balanceAfter: row.bonus,
    source: change.source,
    reason: change.reason,
    orderId: change.orderId ?? null,
    staffId: change.staffId ?? null,
  });
  return { before: row.bonus - change.delta, after: row.bonus };
}

/** Balance and ledger row inside the caller's transaction; refuses going below zero (400 on `delta`). */
export async function adjustBonusInTx(tx: Tx, change: BonusChange) {
  const result = await changeBonusForOrderInTx(tx, change);
  if (!result) throw new Invalid(msg.badRequest, [{ field: 'delta', msg: handlingMsg.bonusNotEnough }]);
  return result;
}

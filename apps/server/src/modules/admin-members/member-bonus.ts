// Bonus balance changes made by the back office, used by member adjustments and by order handling
// (a cancelled order or an accepted return gives the spent points back).
import { handlingMsg, msg } from '@shop/domain';
import { Invalid } from '../../errors.ts';
import type { Tx } from '../admin/db-types.ts';
import { changeBonus, type BonusChange } from './admin-members.repository.ts';

/** Balance and ledger row inside the caller's transaction; refuses going below zero (400 on `delta`). */
export async function adjustBonusInTx(tx: Tx, change: BonusChange) {
  const result = await changeBonus(tx, change);
  if (!result) throw new Invalid(msg.badRequest, [{ field: 'delta', msg: handlingMsg.bonusNotEnough }]);
  return result;
}

/**
 * Points spent on or given back by an order, inside the order's transaction: one conditional update,
 * so concurrent orders can never take the balance below zero. null when the balance is short
 * (nothing changes); the caller decides what that means for its request.
 */
export async function changeBonusForOrderInTx(tx: Tx, change: BonusChange) {
  return changeBonus(tx, change);
}

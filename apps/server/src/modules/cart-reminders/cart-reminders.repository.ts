// The cart reminder's memory of each member's cart (issue 43 item 3): the content it last saw and since
// when, and the content it last reminded of.
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cartReminderStates } from '../../db/schema/index.ts';

export type CartReminderState = typeof cartReminderStates.$inferSelect;

export async function findStates(db: Db, memberIds: readonly number[]): Promise<Map<number, CartReminderState>> {
  if (!memberIds.length) return new Map();
  const rows = await db
    .select()
    .from(cartReminderStates)
    .where(inArray(cartReminderStates.memberId, [...memberIds]));
  return new Map(rows.map((r) => [r.memberId, r]));
}

export async function lockState(tx: Tx, memberId: number): Promise<CartReminderState | undefined> {
  const [row] = await tx
    .select()
    .from(cartReminderStates)
    .where(eq(cartReminderStates.memberId, memberId))
    .for('update');
  return row;
}

export async function saveState(db: Db | Tx, state: CartReminderState): Promise<void> {
  const { memberId: _memberId, ...values } = state;
  await db
    .insert(cartReminderStates)
    .values(state)
    .onConflictDoUpdate({ target: cartReminderStates.memberId, set: values });
}

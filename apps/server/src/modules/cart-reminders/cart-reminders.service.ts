// Cart reminders (issue 43 item 3, docs/decisions/086): one reminder when a member's cart has not
// changed for the hours the owner set and no order was placed since; never twice for the same content.
// A sweep looks at every cart; the reminder itself is a job recorded with the state that says it went.
import type { Db } from '../../db/client.ts';
import { cartFingerprints, type CartFingerprint } from '../carts/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import { ordersRepository } from '../orders/index.ts';
import { getReminderSettings } from '../settings/index.ts';
import * as repo from './cart-reminders.repository.ts';

export const CART_REMINDER_JOB = 'cart-reminder';
const HOUR_MS = 3_600_000;

/**
 * Since when the cart has held what it holds now. An added line or a changed qty carries its own time;
 * a removed line leaves none, so a change the sweep finds without a newer line time dates from now.
 */
export function contentSince(cart: CartFingerprint, state: repo.CartReminderState | undefined, now: Date): Date {
  if (!state) return cart.lastLineAt;
  if (state.fingerprint === cart.fingerprint) {
    return cart.lastLineAt > state.changedAt ? cart.lastLineAt : state.changedAt;
  }
  return cart.lastLineAt > state.changedAt ? cart.lastLineAt : now;
}

/** One pass over the carts: notes what changed, and queues the reminders that are due. */
export async function sweepCartReminders(db: Db, now: Date): Promise<number> {
  const settings = await getReminderSettings(db);
  if (!settings.enabled) return 0;
  const carts = await cartFingerprints(db);
  const states = await repo.findStates(
    db,
    carts.map((c) => c.memberId),
  );
  const dueBefore = new Date(now.getTime() - settings.afterHours * HOUR_MS);
  let queued = 0;
  for (const cart of carts) {
    const state = states.get(cart.memberId);
    const changedAt = contentSince(cart, state, now);
    const seen = { memberId: cart.memberId, fingerprint: cart.fingerprint, changedAt, observedAt: now };
    const remembered = {
      remindedFingerprint: state?.remindedFingerprint ?? '',
      remindedAt: state?.remindedAt ?? null,
    };
    const due =
      cart.fingerprint !== remembered.remindedFingerprint &&
      changedAt <= dueBefore &&
      !(await ordersRepository.hasOrderSince(db, cart.memberId, changedAt));
    if (due) {
      queued += await queueReminder(db, cart, { ...seen, remindedFingerprint: cart.fingerprint, remindedAt: now });
    } else if (!state || state.fingerprint !== cart.fingerprint || state.changedAt.getTime() !== changedAt.getTime()) {
      await repo.saveState(db, { ...seen, ...remembered });
    }
  }
  return queued;
}

/** The reminder and the state saying it went, in one transaction; a second process sweeping finds it. */
async function queueReminder(db: Db, cart: CartFingerprint, next: repo.CartReminderState): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await repo.lockState(tx, cart.memberId);
    if (locked?.remindedFingerprint === cart.fingerprint) return 0;
    await repo.saveState(tx, next);
    const job = await enqueueJob(tx, {
      kind: CART_REMINDER_JOB,
      payload: { memberId: cart.memberId, fingerprint: cart.fingerprint },
      dedupeKey: `cart-reminder:${cart.memberId}:${cart.fingerprint}`,
    });
    return job.created ? 1 : 0;
  });
}

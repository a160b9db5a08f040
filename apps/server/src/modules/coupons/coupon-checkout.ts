// A coupon at checkout (issue 21 item 3, docs/decisions/061): found and checked for the quote and the
// order, and its use taken in the order's transaction (released again when the order is cancelled).
import { couponMsg, couponRefusal, type CouponOffer } from '@shop/domain';
import type { Db, Tx } from '../../db/client.ts';
import { Invalid } from '../../errors.ts';
import * as repo from './coupons.repository.ts';

/** A usable coupon, why a typed one is not, or neither when none was typed. */
export type CouponLookup = { offer: CouponOffer; error: null } | { offer: null; error: string | null };

const offerOf = (row: repo.CouponRow): CouponOffer => ({
  id: row.id,
  code: row.code,
  name: row.name,
  kind: row.kind,
  value: row.value,
  minSpend: row.minSpend,
});

/** The coupon of a typed (normalised) code for this member now, or why it cannot be used. */
export async function couponForCheckout(db: Db | Tx, code: string, memberId: number, now: Date): Promise<CouponLookup> {
  const row = await repo.findCouponByCode(db, code);
  if (!row) return { offer: null, error: couponMsg.notFound };
  const memberUses = row.perMemberOnce ? await repo.countHeldUses(db, row.id, memberId) : 0;
  const refusal = couponRefusal(
    {
      active: row.status === 1,
      validFrom: row.validFrom,
      validUntil: row.validUntil,
      usageLimit: row.usageLimit,
      usedCount: row.usedCount,
      perMemberOnce: row.perMemberOnce,
    },
    memberUses,
    now,
  );
  return refusal ? { offer: null, error: refusal } : { offer: offerOf(row), error: null };
}

/** A coupon refusal as the order's answer: 400 with the message on the coupon field. */
export const couponRefused = (message: string) => new Invalid(message, [{ field: 'coupon_code', msg: message }]);

/**
 * Takes the order's use of the coupon, in the order's transaction (after the buyer's row lock, so one
 * member's orders take turns): the limit by a conditional UPDATE, then the member's own earlier use.
 * Throws (and so rolls the order back) when either refuses.
 */
export async function redeemCouponInTx(
  tx: Tx,
  use: { couponId: number; orderId: number; memberId: number; discount: number; now: Date },
): Promise<void> {
  const taken = await repo.takeUse(tx, use.couponId, use.now);
  if (!taken) {
    // Say why as the quote would: withdrawn, expired, or (most likely, after a race) used up.
    const code = await repo.findCouponCodeById(tx, use.couponId);
    const again = code ? await couponForCheckout(tx, code, use.memberId, use.now) : null;
    throw couponRefused(again?.error ?? couponMsg.usedUp);
  }
  if (taken.perMemberOnce && (await repo.countHeldUses(tx, taken.id, use.memberId)) > 0) {
    throw couponRefused(couponMsg.usedByYou);
  }
  await repo.insertRedemption(tx, {
    couponId: use.couponId,
    orderId: use.orderId,
    memberId: use.memberId,
    discount: use.discount,
    createdAt: use.now,
  });
}

/** A cancelled order gives its coupon use back (docs/decisions/061); nothing when it used none. */
export async function releaseCouponInTx(tx: Tx, orderId: number, now: Date): Promise<void> {
  await repo.releaseUse(tx, orderId, now);
}

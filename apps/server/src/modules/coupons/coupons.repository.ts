// The coupons module's SQL (issue 21 item 3, docs/decisions/061): only this module touches its tables.
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { Status } from '@shop/domain';
import type { Db, Tx } from '../../db/client.ts';
import { couponRedemptions, coupons } from '../../db/schema/index.ts';

type Handle = Db | Tx;
export type CouponRow = typeof coupons.$inferSelect;

export async function findCouponByCode(db: Handle, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

/** Uses of the coupon the member's orders hold now (a cancelled order's use was released). */
export async function countHeldUses(db: Handle, couponId: number, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        eq(couponRedemptions.memberId, memberId),
        isNull(couponRedemptions.releasedAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Takes one use when the coupon is active, inside its window and under its limit, in one conditional
 * UPDATE: PostgreSQL makes a concurrent order wait on the row and checks the condition again after,
 * so a coupon limited to N is never used N+1 times. Answers the row, or undefined when refused.
 */
export async function takeUse(tx: Tx, couponId: number, now: Date): Promise<CouponRow | undefined> {
  const [row] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        eq(coupons.status, Status.Active),
        or(isNull(coupons.usageLimit), sql`${coupons.usedCount} < ${coupons.usageLimit}`),
        or(isNull(coupons.validFrom), lte(coupons.validFrom, now)),
        or(isNull(coupons.validUntil), gt(coupons.validUntil, now)),
      ),
    )
    .returning();
  return row;
}

export async function insertRedemption(
  tx: Tx,
  row: { couponId: number; orderId: number; memberId: number; discount: number; createdAt: Date },
): Promise<void> {
  await tx.insert(couponRedemptions).values(row);
}

/** Releases the order's held use, if any, and gives it back to the coupon's count. */
export async function releaseUse(tx: Tx, orderId: number, now: Date): Promise<number | null> {
  const [released] = await tx
    .update(couponRedemptions)
    .set({ releasedAt: now })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId });
  if (!released) return null;
  await tx
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(eq(coupons.id, released.couponId));
  return released.couponId;
}

export async function countRedemptions(tx: Handle, couponId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, couponId));
  return row?.n ?? 0;
}

export async function findCouponCodeById(db: Handle, id: number): Promise<string | undefined> {
  const [row] = await db.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, id));
  return row?.code;
}

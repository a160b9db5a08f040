import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { Status } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { members, refreshTokens } from '../../db/schema/index.ts';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  db: Db,
  row: {
    memberId: number;
    familyId: string;
    tokenHash: string;
    expiresAt: Date;
    absoluteExpiresAt: Date;
    createdAt: Date;
    userAgent: string | null;
  },
): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * The refresh fast path in one statement: marks the token with this hash spent when it is unused,
 * unrevoked, unexpired and its member active, and answers its row. Of two requests racing with one
 * token exactly one gets the row; undefined sends the caller to `findRefreshToken` to learn why.
 */
export async function spendLiveRefreshToken(db: Db, tokenHash: string, at: Date): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, at),
        sql`EXISTS (SELECT 1 FROM ${members} WHERE ${members.id} = ${refreshTokens.memberId} AND ${members.status} = ${Status.Active})`,
      ),
    )
    .returning();
  return row;
}

export async function revokeFamily(db: Db, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllOfMember(db: Db, memberId: number, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.memberId, memberId), isNull(refreshTokens.revokedAt)));
}

/** Housekeeping: rows whose family can no longer be used and that are past any reuse check. */
export async function deleteDeadRefreshTokens(db: Db, before: Date): Promise<void> {
  await db
    .delete(refreshTokens)
    .where(or(lt(refreshTokens.absoluteExpiresAt, before), lt(refreshTokens.revokedAt, before)));
}

import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/index.ts';

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
 * Marks a token spent, only if it still is live: of two requests racing with one token exactly one
 * wins, the other is treated as reuse.
 */
export async function spendRefreshToken(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
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

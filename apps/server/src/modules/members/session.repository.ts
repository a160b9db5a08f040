import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
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
 * The refresh fast path in one call (one round trip, no explicit transaction): marks the token with
 * this hash spent when it is unused, unrevoked, unexpired and its member active, and inserts its
 * successor in the same family, whose own end is `idleEnd` but never past the family's absolute end.
 * The statement lives in the database function `rotate_refresh_token` (migration 0003), which keeps
 * its plan. Of two requests racing with one token exactly one spends it (the UPDATE's row lock);
 * undefined sends the caller to `findRefreshToken` to learn why.
 */
export async function rotateLiveRefreshToken(
  db: Db,
  spend: { tokenHash: string; at: Date },
  successor: { tokenHash: string; idleEnd: Date; userAgent: string | null },
): Promise<{ memberId: number } | undefined> {
  // Both drivers answer raw statements with `rows` (node-postgres QueryResult, PGlite Results).
  const result = (await db.execute(sql`
    SELECT rotate_refresh_token(${spend.tokenHash}, ${spend.at}, ${successor.tokenHash}, ${successor.idleEnd},
      ${successor.userAgent}) AS member_id`)) as unknown as { rows: { member_id: number | string | null }[] };
  const memberId = result.rows[0]?.member_id;
  return memberId == null ? undefined : { memberId: Number(memberId) };
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

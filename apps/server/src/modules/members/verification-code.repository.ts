import { and, count, desc, eq, gt, isNull, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema/index.ts';

export type CodePurpose = 'signup' | 'reset';

export async function insertCode(
  db: Db,
  row: { cellphone: string; purpose: CodePurpose; codeHash: string; expiresAt: Date; ip: string; createdAt: Date },
): Promise<number> {
  const [inserted] = await db.insert(verificationCodes).values(row).returning({ id: verificationCodes.id });
  return inserted!.id;
}

export async function deleteCode(db: Db, id: number): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}

/**
 * Codes sent to a number since `since` (any purpose) and when the last code of `purpose` went out:
 * a sign-up code does not hold back a reset code for the same number.
 */
export async function sentToNumber(
  db: Db,
  cellphone: string,
  since: Date,
  purpose: CodePurpose,
): Promise<{ count: number; last: Date | null }> {
  const [row] = await db
    .select({
      count: count(),
      last: max(sql<Date>`CASE WHEN ${verificationCodes.purpose} = ${purpose} THEN ${verificationCodes.createdAt} END`),
    })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.cellphone, cellphone), gt(verificationCodes.createdAt, since)));
  const last = row?.last ?? null;
  return { count: Number(row?.count ?? 0), last: last === null ? null : new Date(last) };
}

export async function sentFromIp(db: Db, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.ip, ip), gt(verificationCodes.createdAt, since)));
  return Number(row?.count ?? 0);
}

/** The newest code of a number and purpose: only the last one sent counts. */
export async function latestCode(db: Db, cellphone: string, purpose: CodePurpose) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.cellphone, cellphone), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return row;
}

/**
 * Takes one try of a live code before comparing (so parallel guesses can never exceed the limit);
 * answers the stored hash, or null when the code is used, expired or out of tries.
 */
export async function takeTry(db: Db, id: number, maxTries: number, now: Date): Promise<string | null> {
  const [row] = await db
    .update(verificationCodes)
    .set({ tries: sql`${verificationCodes.tries} + 1` })
    .where(
      and(
        eq(verificationCodes.id, id),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.tries, maxTries),
      ),
    )
    .returning({ codeHash: verificationCodes.codeHash });
  return row?.codeHash ?? null;
}

/** Single use: marks the code used unless another request did first. */
export async function markUsed(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

/** Housekeeping: codes older than `before` count towards no limit and can never be used. */
export async function deleteCodesBefore(db: Db, before: Date): Promise<void> {
  await db.delete(verificationCodes).where(lt(verificationCodes.createdAt, before));
}

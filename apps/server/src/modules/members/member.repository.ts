import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberBonus, memberLevels, members } from '../../db/schema/index.ts';

export type MemberRow = typeof members.$inferSelect;
export type LevelRow = typeof memberLevels.$inferSelect;
export type BonusRow = typeof memberBonus.$inferSelect;

export interface MemberWithBalances {
  member: MemberRow;
  level: LevelRow | null;
  bonus: BonusRow | null;
}

/** Login lookup: only what a password check needs. */
export async function findLoginByAccount(
  db: Db,
  account: string,
): Promise<{ id: number; passwordHash: string; status: number } | undefined> {
  const [row] = await db
    .select({ id: members.id, passwordHash: members.passwordHash, status: members.status })
    .from(members)
    .where(eq(members.account, account))
    .limit(1);
  return row;
}

export async function findMemberById(db: Db, id: number): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return row;
}

export async function findMemberByAccount(db: Db, account: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.account, account)).limit(1);
  return row;
}

export async function findMemberByCelebrityCode(db: Db, code: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.internetCelebrityCode, code)).limit(1);
  return row;
}

/** The member with level and balances, in one round trip. */
export function findMemberWithBalances(db: Db, id: number): Promise<MemberWithBalances | undefined> {
  return findWithBalances(db, eq(members.id, id));
}

/**
 * A login's one read: the password hash and status to check, and the level and balances its answer
 * shows, so a successful login reads the member once.
 */
export function findMemberWithBalancesByAccount(db: Db, account: string): Promise<MemberWithBalances | undefined> {
  return findWithBalances(db, eq(members.account, account));
}

async function findWithBalances(db: Db, where: SQL): Promise<MemberWithBalances | undefined> {
  const [row] = await db
    .select({ member: members, level: memberLevels, bonus: memberBonus })
    .from(members)
    .leftJoin(memberLevels, eq(memberLevels.id, members.memberLevelId))
    .leftJoin(memberBonus, eq(memberBonus.memberId, members.id))
    .where(where)
    .limit(1);
  return row;
}

export async function accountExists(db: Db, account: string): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.account, account)).limit(1);
  return row !== undefined;
}

/** The entry level for new members: the lowest threshold (then sort key). */
export async function entryLevelId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: memberLevels.id })
    .from(memberLevels)
    .orderBy(asc(memberLevels.threshold), asc(memberLevels.indexId), asc(memberLevels.id))
    .limit(1);
  return row?.id ?? null;
}

export interface NewMember {
  account: string;
  passwordHash: string;
  name: string;
  gender: number;
  city: string;
  area: string;
  address: string;
  memberLevelId: number | null;
  referrerId: number | null;
  createdAt: Date;
}

/** Inserts the member and its zeroed balances row; null when the account was taken meanwhile. */
export async function insertMember(db: Db, m: NewMember): Promise<number | null> {
  const [row] = await db
    .insert(members)
    .values({ ...m, cellPhone: m.account, updatedAt: m.createdAt })
    .onConflictDoNothing({ target: members.account })
    .returning({ id: members.id });
  if (!row) return null;
  await db.insert(memberBonus).values({ memberId: row.id, updatedAt: m.createdAt });
  return row.id;
}

export async function updateProfile(
  db: Db,
  id: number,
  fields: {
    name: string;
    gender?: number;
    city: string;
    area: string;
    address: string;
    email: string | null;
    cartReminders: boolean;
  },
  at: Date,
): Promise<void> {
  await db
    .update(members)
    .set({ ...fields, updatedAt: at, version: sql`${members.version} + 1` })
    .where(eq(members.id, id));
}

export async function updatePasswordHash(db: Db, id: number, passwordHash: string, at: Date): Promise<void> {
  await db
    .update(members)
    .set({ passwordHash, updatedAt: at, version: sql`${members.version} + 1` })
    .where(eq(members.id, id));
}

export interface DownlineRow {
  id: number;
  name: string;
  account: string;
  referrerId: number | null;
  createdAt: Date;
  levelName: string | null;
}

/** Members referred by any of `referrerIds`, oldest first. */
export async function findReferredBy(db: Db, referrerIds: number[]): Promise<DownlineRow[]> {
  if (referrerIds.length === 0) return [];
  return db
    .select({
      id: members.id,
      name: members.name,
      account: members.account,
      referrerId: members.referrerId,
      createdAt: members.createdAt,
      levelName: memberLevels.name,
    })
    .from(members)
    .leftJoin(memberLevels, eq(memberLevels.id, members.memberLevelId))
    .where(inArray(members.referrerId, referrerIds))
    .orderBy(asc(members.createdAt), asc(members.id));
}

/** The member's email for order messages (issue 17 item 4); null when none was given. */
export async function findMemberEmail(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ email: members.email }).from(members).where(eq(members.id, id));
  return row?.email?.trim() || null;
}

/** The member's display name ('' when none was given). */
export async function findMemberName(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ name: members.name }).from(members).where(eq(members.id, id));
  return row?.name.trim() ?? '';
}

/** Whether the member can sign in with a password (else a LINE login is the only way in). */
export async function hasPassword(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ hash: members.passwordHash }).from(members).where(eq(members.id, id));
  return (row?.hash ?? '') !== '';
}

/** How a member is reached by a member message (issue 43): the mobile number, the email, the reminder switch. */
export async function findMemberContact(
  db: Db,
  id: number,
): Promise<{ cellPhone: string; email: string | null; cartReminders: boolean; active: boolean } | undefined> {
  const [row] = await db
    .select({
      cellPhone: members.cellPhone,
      account: members.account,
      email: members.email,
      cartReminders: members.cartReminders,
      status: members.status,
    })
    .from(members)
    .where(eq(members.id, id));
  if (!row) return undefined;
  return {
    cellPhone: row.cellPhone.trim() || row.account,
    email: row.email?.trim() || null,
    cartReminders: row.cartReminders,
    active: row.status === 1,
  };
}

/** Members who joined in each span (the sales report's 新會員 now and before, issue 42), in one statement. */
export async function countMembersJoined(db: Db, spans: readonly { start: Date; end: Date }[]): Promise<number[]> {
  if (spans.length === 0) return [];
  const [row] = await db
    .select(
      Object.fromEntries(
        spans.map((s, i) => [
          `n${i}`,
          sql<number>`(count(*) FILTER (WHERE ${members.createdAt} >= ${s.start} AND ${members.createdAt} < ${s.end}))::int`,
        ]),
      ),
    )
    .from(members)
    .where(
      and(
        gte(members.createdAt, new Date(Math.min(...spans.map((s) => s.start.getTime())))),
        lt(members.createdAt, new Date(Math.max(...spans.map((s) => s.end.getTime())))),
      ),
    );
  return spans.map((_, i) => Number((row as Record<string, number> | undefined)?.[`n${i}`] ?? 0));
}

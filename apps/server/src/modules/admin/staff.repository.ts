import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { staff, staffSessions } from '../../db/schema/index.ts';

export type StaffRow = typeof staff.$inferSelect;

export async function findStaffByAccount(db: Db, account: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.account, account));
  return row;
}

export async function findStaffById(db: Db | Tx, id: number): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  return row;
}

export async function listStaff(db: Db): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.id));
}

export async function countActiveOwners(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), eq(staff.status, 1)));
  return row?.n ?? 0;
}

export async function insertSession(tx: Tx, staffId: number, expiresAt: Date, userAgent: string): Promise<string> {
  const [row] = await tx
    .insert(staffSessions)
    .values({ staffId, expiresAt, userAgent: userAgent.slice(0, 300) })
    .returning({ id: staffSessions.id });
  return row!.id;
}

/** The staff member behind a live session: not revoked, not expired, account active. */
export async function findLiveSession(db: Db, sessionId: string, staffId: number, now: Date) {
  const [row] = await db
    .select({ id: staff.id, role: staff.role })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.id, sessionId),
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        eq(staff.status, 1),
      ),
    );
  return row;
}

export async function revokeSession(db: Db | Tx, sessionId: string, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

/** Ends every session of an account (deactivated, password changed by the owner). */
export async function revokeAllSessions(tx: Tx, staffId: number, now: Date): Promise<void> {
  await tx
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}

import { eq } from 'drizzle-orm';
import { msg, type StaffLoginInput, type StaffRole } from '@shop/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { staff } from '../../db/schema/index.ts';
import { Unauthorized } from '../../errors.ts';
import { issueKnownDevice } from '../../http/known-device.ts';
import { signAccessToken } from '../members/index.ts';
import { recordAudit } from './audit.ts';
import * as repo from './staff.repository.ts';
import { verifyStaffPassword } from './staff-password.ts';

/** A working day: staff sign in once per shift (docs/decisions/010). */
export const STAFF_SESSION_SECONDS = 12 * 60 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StaffIdentity {
  id: number;
  role: StaffRole;
}

export function toStaffJson(s: repo.StaffRow) {
  return {
    id: s.id,
    account: s.account,
    name: s.name,
    role: s.role as StaffRole,
    status: s.status,
    last_login_at: s.lastLoginAt ? s.lastLoginAt.toISOString() : null,
    created_at: s.createdAt.toISOString(),
    version: s.version,
  };
}

/**
 * POST /admin/auth: a token for a live session, or 401 「帳號或密碼錯誤」 whatever was wrong. The
 * answer also names this browser as a known device of the account (docs/decisions/037): the back
 * office calls the API from its page server, which keeps it in a cookie of its own.
 */
export async function login(db: Db, config: Config, input: StaffLoginInput, meta: { userAgent: string; now: Date }) {
  const found = await repo.findStaffByAccount(db, input.account);
  const ok = await verifyStaffPassword(found?.passwordHash, input.password);
  if (!found || !ok || found.status !== 1) throw new Unauthorized(msg.loginFailed);

  const expiresAt = new Date(meta.now.getTime() + STAFF_SESSION_SECONDS * 1000);
  const sessionId = await db.transaction(async (tx) => {
    const sid = await repo.insertSession(tx, found.id, expiresAt, meta.userAgent);
    await tx.update(staff).set({ lastLoginAt: meta.now }).where(eq(staff.id, found.id));
    await recordAudit(tx, { staffId: found.id, action: 'login', entity: 'staff_sessions', entityId: sid });
    return sid;
  });
  const accessToken = await signAccessToken(
    found.id,
    'staff',
    { secret: config.JWT_SECRET, ttlSeconds: STAFF_SESSION_SECONDS },
    { role: found.role, sid: sessionId },
  );
  return {
    token: { access_token: accessToken, expires_at: expiresAt.toISOString() },
    staff: toStaffJson({ ...found, lastLoginAt: meta.now }),
    known_device: issueKnownDevice(config.JWT_SECRET, 'staff', found.account, meta.now),
  };
}

/**
 * Tells the owner, through the audit log, that unknown devices keep failing to sign in to a staff
 * account (issue 22): a name that is no account has nobody to warn.
 */
export async function recordLoginFailures(db: Db, account: string, burst: { failures: number; address: string }) {
  const found = await repo.findStaffByAccount(db, account);
  if (!found) return;
  await db.transaction((tx) =>
    recordAudit(tx, {
      staffId: null,
      action: 'login-failures',
      entity: 'staff',
      entityId: found.id,
      after: { account: found.account, failures: burst.failures, last_address: burst.address },
    }),
  );
}

/**
 * The access plugin's check for every staff/owner route: the token's session must be live and the
 * account active; the role is read from the database, not trusted from the token.
 */
export async function resolveStaffSession(
  db: Db,
  staffId: number,
  claims: Record<string, unknown>,
  now: Date,
): Promise<StaffIdentity | null> {
  const sid = claims.sid;
  if (typeof sid !== 'string' || !UUID.test(sid)) return null;
  const row = await repo.findLiveSession(db, sid, staffId, now);
  if (!row) return null;
  return { id: row.id, role: row.role === 'owner' ? 'owner' : 'staff' };
}

/** POST /admin/auth/logout: ends the session the token names. */
export async function logout(db: Db, claims: Record<string, unknown>, now: Date): Promise<void> {
  const sid = claims.sid;
  if (typeof sid === 'string' && UUID.test(sid)) await repo.revokeSession(db, sid, now);
}

export async function me(db: Db, staffId: number) {
  const row = await repo.findStaffById(db, staffId);
  if (!row) throw new Unauthorized();
  return toStaffJson(row);
}

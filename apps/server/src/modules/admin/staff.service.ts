import { eq } from 'drizzle-orm';
import { Status, type StaffCreateInput, type StaffUpdateInput } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { staff } from '../../db/schema/index.ts';
import { Conflict, Invalid } from '../../errors.ts';
import { recordAudit } from './audit.ts';
import { toStaffJson } from './staff-session.service.ts';
import { hashStaffPassword } from './staff-password.ts';
import * as repo from './staff.repository.ts';
import { updateVersioned } from './versioned-row.ts';

const ACCOUNT_TAKEN = '此帳號已被使用';

/** GET /admin/staff (owner). */
export async function listStaff(db: Db) {
  return (await repo.listStaff(db)).map(toStaffJson);
}

/** POST /admin/staff (owner). */
export async function createStaff(db: Db, actorId: number | null, input: StaffCreateInput) {
  const passwordHash = await hashStaffPassword(input.password);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.account, input.account));
    if (taken) throw new Invalid(ACCOUNT_TAKEN, [{ field: 'account', msg: ACCOUNT_TAKEN }]);
    const [row] = await tx
      .insert(staff)
      .values({ account: input.account, passwordHash, name: input.name, role: input.role, status: input.status })
      .returning();
    await recordAudit(tx, { staffId: actorId, action: 'create', entity: 'staff', entityId: row!.id, after: row });
    return toStaffJson(row!);
  });
}

/**
 * PUT /admin/staff/{id} (owner). The shop always keeps one active owner: the last one cannot be
 * demoted or deactivated (nobody could then manage staff or settings). Deactivation or a new
 * password ends the account's sessions at once.
 */
export async function updateStaff(db: Db, actorId: number, id: number, input: StaffUpdateInput, now: Date) {
  const passwordHash = input.password ? await hashStaffPassword(input.password) : undefined;
  return db.transaction(async (tx) => {
    const { before, after } = await updateVersioned(
      tx,
      staff,
      id,
      input.version,
      {
        name: input.name,
        role: input.role,
        status: input.status,
        updatedAt: now,
        ...(passwordHash ? { passwordHash } : {}),
      },
      '找不到此帳號',
    );
    const wasActiveOwner = before.role === 'owner' && before.status === Status.Active;
    const isActiveOwner = after.role === 'owner' && after.status === Status.Active;
    if (wasActiveOwner && !isActiveOwner && (await repo.countActiveOwners(tx)) === 0) {
      throw new Conflict('商店至少需要一位啟用中的店長');
    }
    if (after.status !== Status.Active || passwordHash) await repo.revokeAllSessions(tx, id, now);
    await recordAudit(tx, { staffId: actorId, action: 'update', entity: 'staff', entityId: id, before, after });
    return toStaffJson(after);
  });
}

import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, staff } from '../../db/schema/index.ts';

export interface AuditQuery {
  entity?: string;
  entity_id?: string;
  staff_id?: number;
  page: number;
  size: number;
}

/** GET /admin/audit-log (owner): newest first, filterable by entity, record and staff member. */
export async function listAudit(db: Db, q: AuditQuery) {
  const conditions: SQL[] = [];
  if (q.entity) conditions.push(eq(auditLog.entity, q.entity));
  if (q.entity_id) conditions.push(eq(auditLog.entityId, q.entity_id));
  if (q.staff_id) conditions.push(eq(auditLog.staffId, q.staff_id));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({ a: auditLog, staffName: staff.name, staffAccount: staff.account })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return {
    total: count?.n ?? 0,
    items: rows.map(({ a, staffName, staffAccount }) => ({
      id: a.id,
      staff_id: a.staffId,
      staff_name: staffName ?? '',
      staff_account: staffAccount ?? '',
      action: a.action,
      entity: a.entity,
      entity_id: a.entityId,
      before: a.before,
      after: a.after,
      created_at: a.createdAt.toISOString(),
    })),
  };
}

import { auditLog } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';

export interface AuditEntry {
  /** Acting staff member; null when the system acted (e.g. the admin:create CLI). */
  staffId: number | null;
  /** Verb: 'create', 'update', 'delete', 'status', 'reorder', 'login'… */
  action: string;
  /** Table or aggregate, e.g. 'products'. */
  entity: string;
  entityId: number | string;
  /** Row image before the change; omit for creations. */
  before?: unknown;
  /** Row image after the change; omit for deletions. */
  after?: unknown;
}

// Secrets never reach the audit trail, whatever row image a caller passes.
const HIDDEN_KEYS = new Set(['passwordHash', 'password_hash', 'password']);

function redact(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = HIDDEN_KEYS.has(k) ? '[hidden]' : redact(v);
    return out;
  }
  return value;
}

/**
 * Writes one audit row inside the caller's transaction (issue 7: who, what, when, before/after), so a
 * change and its record commit together or not at all. Takes a `Tx`, not a `Db`, on purpose.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: redact(entry.before),
    after: redact(entry.after),
  });
}

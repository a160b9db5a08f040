// Shop staff (back-office accounts) and the audit trail of their changes.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, status, tstz, updatedAt, version } from './columns.ts';

/** Back-office accounts. */
export const staff = pgTable(
  'staff',
  {
    /** Key. */
    id: id(),
    /** Login name, unique. */
    account: text('account').notNull(),
    /** argon2id hash of the password. */
    passwordHash: text('password_hash').notNull(),
    /** Display name. */
    name: text('name').notNull().default(''),
    /** 'owner' (may manage staff and settings) or 'staff'. */
    role: text('role').notNull().default('staff'),
    /** Active / inactive (inactive cannot log in). */
    status: status(),
    /** Last successful login; NULL = never. */
    lastLoginAt: tstz('last_login_at'),
    /** When created. */
    createdAt: createdAt(),
    /** When last edited. */
    updatedAt: updatedAt(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [unique('uq_staff_account').on(t.account), check('staff_role_known', sql`${t.role} IN ('owner', 'staff')`)],
);

/**
 * Back-office sign-ins. A staff access token names its session (`sid`); every admin request checks
 * that the session is neither revoked nor expired and reads the role from `staff`, so logging out,
 * deactivating an account or changing a role takes effect at once (docs/decisions/010).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** Key, carried in the token as `sid`. */
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who signed in. */
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** When the session stops working, however active it is. */
    expiresAt: tstz('expires_at').notNull(),
    /** When it was ended (logout, account deactivated); NULL = live. */
    revokedAt: tstz('revoked_at'),
    /** Browser that signed in, for the audit trail. */
    userAgent: text('user_agent').notNull().default(''),
    /** When signed in. */
    createdAt: createdAt(),
  },
  (t) => [index('idx_staff_sessions_staff_id').on(t.staffId)],
);

/** Who changed what in the back office; before/after are the row images. */
export const auditLog = pgTable(
  'audit_log',
  {
    /** Key. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Acting staff member; NULL when the account was deleted or the system acted. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** Verb, e.g. 'create', 'update', 'delete', 'approve-cancel'. */
    action: text('action').notNull(),
    /** Table or aggregate name, e.g. 'products'. */
    entity: text('entity').notNull(),
    /** Key of the changed row, as text. */
    entityId: text('entity_id').notNull().default(''),
    /** Row before the change; NULL for creations. */
    before: jsonb('before'),
    /** Row after the change; NULL for deletions. */
    after: jsonb('after'),
    /** When it happened. */
    createdAt: createdAt(),
  },
  (t) => [
    index('idx_audit_log_entity_entity_id').on(t.entity, t.entityId),
    index('idx_audit_log_staff_id_created_at').on(t.staffId, t.createdAt),
  ],
);

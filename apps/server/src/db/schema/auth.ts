// Sessions and SMS verification (ARCHITECTURE.md auth: rotating refresh tokens stored hashed).
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, smallint, text, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.ts';
import { belongsToMember } from './members.ts';

/** Refresh tokens; a reused (already rotated) token revokes its whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** Key. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Owner. */
    memberId: belongsToMember(),
    /** Rotation family: every token descending from one login shares it. */
    familyId: uuid('family_id').notNull(),
    /** SHA-256 of the opaque token (the token itself is never stored). */
    tokenHash: text('token_hash').notNull(),
    /** When this token stops working. */
    expiresAt: tstz('expires_at').notNull(),
    /** When the whole family stops working, however often it rotates. */
    absoluteExpiresAt: tstz('absolute_expires_at').notNull(),
    /** When it was exchanged for a new one; reuse after this = theft. */
    usedAt: tstz('used_at'),
    /** When it was revoked (logout, reuse detection). */
    revokedAt: tstz('revoked_at'),
    /** When issued. */
    createdAt: createdAt(),
    /** Browser that received it, for the member's session list. */
    userAgent: text('user_agent'),
  },
  (t) => [
    unique('uq_refresh_tokens_token_hash').on(t.tokenHash),
    index('idx_refresh_tokens_member_id').on(t.memberId),
    index('idx_refresh_tokens_family_id').on(t.familyId),
    index('idx_refresh_tokens_expires_at').on(t.absoluteExpiresAt),
  ],
);

/** SMS codes for sign-up and password reset (get-member-register-verifacation-code). */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    /** Key. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Mobile number the code was sent to. */
    cellphone: varchar('cellphone', { length: 20 }).notNull(),
    /** 'signup' or 'reset'. */
    purpose: text('purpose').notNull(),
    /** Hash of the code. */
    codeHash: text('code_hash').notNull(),
    /** When the code stops working. */
    expiresAt: tstz('expires_at').notNull(),
    /** Wrong attempts so far; the code dies after a few. */
    tries: smallint('tries').notNull().default(0),
    /** When it was consumed; NULL = unused. */
    usedAt: tstz('used_at'),
    /** Requesting IP, for rate limits. */
    ip: text('ip').notNull().default(''),
    /** When sent. */
    createdAt: createdAt(),
  },
  (t) => [
    index('idx_verification_codes_cellphone_purpose_created_at').on(t.cellphone, t.purpose, t.createdAt),
    index('idx_verification_codes_ip_created_at').on(t.ip, t.createdAt),
    check('verification_codes_purpose_known', sql`${t.purpose} IN ('signup', 'reset')`),
    check('verification_codes_tries_non_negative', sql`${t.tries} >= 0`),
  ],
);

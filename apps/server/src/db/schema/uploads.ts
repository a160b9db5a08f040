// Uploaded files (POST /upload); the bytes live in storage, this is the index of them.
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { members } from './members.ts';
import { staff } from './staff.ts';

/** One row per stored file. */
export const uploads = pgTable(
  'uploads',
  {
    /** Key. */
    id: id(),
    /** Storage key relative to the uploads folder (random, unguessable), unique. */
    name: text('name').notNull(),
    /** File name as the browser sent it (for display only). */
    originalName: text('original_name').notNull().default(''),
    /** MIME type detected from the content (magic bytes). */
    mime: text('mime').notNull(),
    /** Size in bytes. */
    size: integer('size').notNull(),
    /** Uploading member; NULL when staff or the seed uploaded it. */
    ownerMemberId: integer('owner_member_id').references(() => members.id, { onDelete: 'set null' }),
    /** Uploading staff member; NULL when a member uploaded it. */
    ownerStaffId: integer('owner_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** When uploaded. */
    createdAt: createdAt(),
  },
  (t) => [
    unique('uq_uploads_name').on(t.name),
    index('idx_uploads_owner_member_id')
      .on(t.ownerMemberId)
      .where(sql`${t.ownerMemberId} IS NOT NULL`),
    check('uploads_size_non_negative', sql`${t.size} >= 0`),
  ],
);

/** PostgreSQL `bytea`: Buffer in, Buffer out (PGlite answers a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The bytes of uploaded files when UPLOAD_STORAGE=database (docs/decisions/062): every process of a
 * shop behind a load balancer reads the same pictures. One row per stored name; never updated.
 */
export const uploadBlobs = pgTable(
  'upload_blobs',
  {
    /** Storage key, the path under `/uploads/` (e.g. `members/2026/06/<random>.webp`). */
    name: text('name').primaryKey(),
    /** Content-Type it is served with. */
    mime: text('mime').notNull(),
    /** The file's bytes. */
    bytes: bytea('bytes').notNull(),
    /** Size in bytes (octet_length of bytes). */
    size: integer('size').notNull(),
    /** SHA-256 of the bytes, hex: the strong ETag it is served with. */
    sha256: text('sha256').notNull(),
    /** When stored. */
    createdAt: createdAt(),
  },
  (t) => [
    check('upload_blobs_size_matches', sql`${t.size} = octet_length(${t.bytes})`),
    // A picture is re-encoded to at most 1920 px wide before it is stored; 16 MiB is far above any.
    check('upload_blobs_size_limit', sql`${t.size} <= 16777216`),
  ],
);

// Uploaded files (POST /upload); the bytes live in storage, this is the index of them.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
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

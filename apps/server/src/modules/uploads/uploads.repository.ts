// SQL of the `uploads` index (POST /upload, the back office's pictures): each row names one file and
// who uploaded it; the bytes live in the upload storage (upload-storage.ts). Below, the SQL of that
// storage's database store, `upload_blobs`.
import { and, asc, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploadBlobs, uploads } from '../../db/schema/index.ts';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: Db, row: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(row);
}

export async function findUpload(db: Db, name: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.name, name));
  return row;
}

/** Deletes the member's own upload; false when it is not theirs (or gone). */
export async function deleteMemberUpload(db: Db, memberId: number, name: string): Promise<boolean> {
  const rows = await db
    .delete(uploads)
    .where(and(eq(uploads.name, name), eq(uploads.ownerMemberId, memberId)))
    .returning({ id: uploads.id });
  return rows.length > 0;
}

/** Which of these names the member uploaded. */
export async function findMemberUploadNames(db: Db, memberId: number, names: readonly string[]): Promise<string[]> {
  if (!names.length) return [];
  const rows = await db
    .select({ name: uploads.name })
    .from(uploads)
    .where(and(eq(uploads.ownerMemberId, memberId), inArray(uploads.name, [...names])));
  return rows.map((r) => r.name);
}

/** Members' uploads made before `before`, oldest first (candidates for the sweep of unused ones). */
export async function findMemberUploadNamesBefore(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ name: uploads.name })
    .from(uploads)
    .where(and(isNotNull(uploads.ownerMemberId), lt(uploads.createdAt, before)))
    .orderBy(asc(uploads.createdAt))
    .limit(limit);
  return rows.map((r) => r.name);
}

export async function deleteUpload(db: Db, name: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.name, name));
}

export type UploadBlobRow = typeof uploadBlobs.$inferSelect;

export async function insertUploadBlob(db: Db, row: typeof uploadBlobs.$inferInsert): Promise<void> {
  await db.insert(uploadBlobs).values(row);
}

export async function findUploadBlob(db: Db, name: string): Promise<UploadBlobRow | undefined> {
  const [row] = await db.select().from(uploadBlobs).where(eq(uploadBlobs.name, name));
  return row;
}

/** The SHA-256 of a stored file, without reading its bytes (a browser's conditional GET). */
export async function findUploadBlobSha256(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db.select({ sha256: uploadBlobs.sha256 }).from(uploadBlobs).where(eq(uploadBlobs.name, name));
  return row?.sha256;
}

export async function hasUploadBlob(db: Db, name: string): Promise<boolean> {
  const rows = await db.select({ name: uploadBlobs.name }).from(uploadBlobs).where(eq(uploadBlobs.name, name));
  return rows.length > 0;
}

export async function deleteUploadBlob(db: Db, name: string): Promise<void> {
  await db.delete(uploadBlobs).where(eq(uploadBlobs.name, name));
}

// Members' uploads (spec §7 Files, issue 6 item 7): return and review photos, stored through the image
// store, deletable only by their uploader and only while no return request or review uses them.
import { orderMsg, type UploadedFileView } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Conflict, Forbidden, NotFound } from '../../errors.ts';
import { isUploadInReturnRequest } from '../orders/index.ts';
import { isUploadInReview } from '../reviews/index.ts';
import { storeImage } from './image-store.ts';
import type { UploadStorage } from './upload-storage.ts';
import * as repo from './uploads.repository.ts';

/** spec §9: the browser compresses above 5,000,000 bytes; the server takes at most 5 MB. */
export const MEMBER_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Issue 6: JPEG, PNG or WebP only, by content. */
const MEMBER_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** A 5 MB file may decode to a huge bitmap; 40 megapixels is far above any phone photo. */
const MEMBER_MAX_PIXELS = 40_000_000;

/** POST /upload. */
export async function storeMemberImage(
  db: Db,
  storage: UploadStorage,
  input: { bytes: Buffer; originalName: string; memberId: number; now: Date },
): Promise<UploadedFileView> {
  return storeImage(db, {
    bytes: input.bytes,
    originalName: input.originalName,
    owner: { memberId: input.memberId },
    accept: MEMBER_FORMATS,
    folder: 'members',
    output: 'webp',
    unsupportedMessage: orderMsg.fileUnsupported,
    maxInputPixels: MEMBER_MAX_PIXELS,
    now: input.now,
    storage,
  });
}

/** `members/2026/11/x.webp` or `/uploads/members/2026/11/x.webp` → the stored name. */
export function uploadName(reference: string): string {
  return reference.trim().replace(/^\/?uploads\//, '');
}

/** A return request or a product review shows it (issue 43: reviews take photos by the return's rules). */
async function isUploadInUse(db: Db, name: string): Promise<boolean> {
  return (await isUploadInReturnRequest(db, name)) || (await isUploadInReview(db, name));
}

/** POST /file-delete: the uploader's own file, not once a return request refers to it. */
export async function deleteMemberFile(db: Db, storage: UploadStorage, memberId: number, reference: string) {
  const name = uploadName(reference);
  const row = await repo.findUpload(db, name);
  if (!row) throw new NotFound(orderMsg.fileNotFound);
  if (row.ownerMemberId !== memberId) throw new Forbidden();
  if (await isUploadInUse(db, name)) throw new Conflict(orderMsg.fileInUse);
  if (!(await repo.deleteMemberUpload(db, memberId, name))) throw new NotFound(orderMsg.fileNotFound);
  await storage.delete(name);
  return { name };
}

/** Which of these references are uploads of this member (as stored names). */
export async function ownUploadNames(db: Db, memberId: number, references: readonly string[]): Promise<Set<string>> {
  return new Set(await repo.findMemberUploadNames(db, memberId, references.map(uploadName)));
}

/**
 * A shopper uploads a return's photos while filling the form and sends it minutes later; a photo no
 * return request shows two days on was abandoned (the form was left, a photo replaced). Personal
 * pictures are not kept without a purpose.
 */
export const UNUSED_UPLOAD_LIFETIME_MS = 2 * 86_400_000;

/** Housekeeping, run every few hours: deletes members' uploads that no return request or review shows. */
export async function sweepUnusedMemberUploads(db: Db, storage: UploadStorage, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNUSED_UPLOAD_LIFETIME_MS);
  let removed = 0;
  for (const name of await repo.findMemberUploadNamesBefore(db, before, 500)) {
    if (await isUploadInUse(db, name)) continue;
    await repo.deleteUpload(db, name);
    await storage.delete(name);
    removed += 1;
  }
  return removed;
}

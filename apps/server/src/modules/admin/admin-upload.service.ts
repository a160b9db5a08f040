import type { Db } from '../../db/client.ts';
import { storeImage, UnsupportedImage as UnsupportedImageError, type UploadStorage } from '../uploads/index.ts';

/** Largest picture accepted (before re-encoding); the browser compresses to 1920 px first (spec §5). */
export const ADMIN_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export type UploadPurpose = 'image' | 'favicon';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const UNSUPPORTED = '不支援的圖片格式，請上傳 JPG、PNG、WebP 或 GIF';

export class UnsupportedImage extends UnsupportedImageError {
  constructor() {
    super(UNSUPPORTED);
  }
}

/**
 * Stores a back-office picture through the shop's image store (uploads/image-store.ts): decoded and
 * re-encoded, so what the shop serves is always a clean WebP (a PNG for favicons).
 */
export async function storeAdminImage(
  db: Db,
  storage: UploadStorage,
  input: { bytes: Buffer; originalName: string; staffId: number; purpose: UploadPurpose; now: Date },
) {
  const stored = await storeImage(db, {
    bytes: input.bytes,
    originalName: input.originalName,
    owner: { staffId: input.staffId },
    accept: ACCEPTED_FORMATS,
    folder: 'admin',
    output: input.purpose === 'favicon' ? 'favicon' : 'webp',
    unsupportedMessage: UNSUPPORTED,
    maxInputPixels: 60_000_000,
    now: input.now,
    storage,
  });
  return { name: stored.name, url: stored.url, width: stored.width, height: stored.height, size: stored.size };
}

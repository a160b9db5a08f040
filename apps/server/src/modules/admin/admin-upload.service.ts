import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import { DomainError, Invalid } from '../../errors.ts';

/** Largest picture accepted (before re-encoding); the browser compresses to 1920 px first (spec §5). */
export const ADMIN_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** spec §5 / §9: pictures are at most 1920 px wide. */
const MAX_WIDTH = 1920;

export type UploadPurpose = 'image' | 'favicon';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export class UnsupportedImage extends DomainError {
  constructor() {
    super(415, '不支援的圖片格式，請上傳 JPG、PNG、WebP 或 GIF');
  }
}

/**
 * Stores a back-office picture. The bytes are decoded and re-encoded by sharp (content decides the
 * type, not the file name; metadata such as GPS is dropped; EXIF rotation applied), so what the
 * shop serves is always a clean WebP (a PNG for favicons).
 */
export async function storeAdminImage(
  db: Db,
  dataDir: string,
  input: { bytes: Buffer; originalName: string; staffId: number; purpose: UploadPurpose; now: Date },
) {
  if (input.bytes.length === 0) throw new Invalid('請選擇檔案', [{ field: 'file', msg: '請選擇檔案' }]);
  let format: string | undefined;
  try {
    format = (await sharp(input.bytes).metadata()).format;
  } catch {
    throw new UnsupportedImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new UnsupportedImage();

  let output: Buffer;
  let ext: string;
  let mime: string;
  try {
    const image = sharp(input.bytes, { animated: false, limitInputPixels: 60_000_000 }).rotate();
    if (input.purpose === 'favicon') {
      output = await image
        .resize(192, 192, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
      ext = 'png';
      mime = 'image/png';
    } else {
      output = await image.resize({ width: MAX_WIDTH, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
      ext = 'webp';
      mime = 'image/webp';
    }
  } catch {
    throw new UnsupportedImage();
  }

  const month = input.now.toISOString().slice(0, 7).replace('-', '/');
  const name = `admin/${month}/${randomBytes(12).toString('base64url')}.${ext}`;
  const file = path.join(dataDir, 'uploads', name);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, output);
  try {
    await db.insert(uploads).values({
      name,
      originalName: input.originalName.slice(0, 200),
      mime,
      size: output.length,
      ownerStaffId: input.staffId,
    });
  } catch (err) {
    await fs.rm(file, { force: true });
    throw err;
  }
  const meta = await sharp(output).metadata();
  return { name, url: `/uploads/${name}`, width: meta.width ?? 0, height: meta.height ?? 0, size: output.length };
}

// Stores an uploaded picture for the shop (members' return photos, the back office's images). The
// bytes are decoded and re-encoded by sharp: the content decides the type, never the file name; EXIF
// rotation is applied and every piece of metadata (GPS, camera, comments) is dropped; what is served is
// always a clean image of the type its extension says. Files get random, unguessable names.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { DomainError, Invalid } from '../../errors.ts';
import type { UploadStorage } from './upload-storage.ts';
import { insertUpload } from './uploads.repository.ts';

/** spec §5 / §9: pictures are at most 1920 px wide. */
export const IMAGE_MAX_WIDTH = 1920;

export class UnsupportedImage extends DomainError {
  constructor(message: string) {
    super(415, message);
  }
}

export interface StoreImageInput {
  bytes: Buffer;
  originalName: string;
  owner: { memberId: number } | { staffId: number };
  /** sharp format names accepted, e.g. jpeg, png, webp. */
  accept: ReadonlySet<string>;
  /** First folder of the stored name (`members`, `admin`); a year/month folder follows. */
  folder: string;
  /** `webp`: a picture at most 1920 px wide; `favicon`: a 192 px square PNG. */
  output: 'webp' | 'favicon';
  /** 415 message for bytes that are not an accepted picture. */
  unsupportedMessage: string;
  /** Largest decoded size (a small file can decode to a huge bitmap). */
  maxInputPixels: number;
  now: Date;
  /** Where the bytes go (UPLOAD_STORAGE). */
  storage: UploadStorage;
}

export interface StoredImage {
  name: string;
  url: string;
  mime: string;
  size: number;
  width: number;
  height: number;
}

export async function storeImage(db: Db, input: StoreImageInput): Promise<StoredImage> {
  if (input.bytes.length === 0) throw new Invalid('請選擇檔案', [{ field: 'file', msg: '請選擇檔案' }]);
  let format: string | undefined;
  try {
    format = (await sharp(input.bytes).metadata()).format;
  } catch {
    throw new UnsupportedImage(input.unsupportedMessage);
  }
  if (!format || !input.accept.has(format)) throw new UnsupportedImage(input.unsupportedMessage);

  let output: { data: Buffer; info: sharp.OutputInfo };
  try {
    const image = sharp(input.bytes, { animated: false, limitInputPixels: input.maxInputPixels }).rotate();
    output =
      input.output === 'favicon'
        ? await image
            .resize(192, 192, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
            .png()
            .toBuffer({ resolveWithObject: true })
        : await image
            .resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true })
            .webp({ quality: 82 })
            .toBuffer({ resolveWithObject: true });
  } catch {
    throw new UnsupportedImage(input.unsupportedMessage);
  }
  const [ext, mime] = input.output === 'favicon' ? ['png', 'image/png'] : ['webp', 'image/webp'];

  const month = input.now.toISOString().slice(0, 7).replace('-', '/');
  const name = `${input.folder}/${month}/${randomBytes(16).toString('base64url')}.${ext}`;
  await input.storage.put(name, output.data, mime);
  try {
    await insertUpload(db, {
      name,
      originalName: input.originalName.slice(0, 200),
      mime,
      size: output.data.length,
      createdAt: input.now,
      ...('memberId' in input.owner ? { ownerMemberId: input.owner.memberId } : { ownerStaffId: input.owner.staffId }),
    });
  } catch (err) {
    await input.storage.delete(name);
    throw err;
  }
  return {
    name,
    url: `/uploads/${name}`,
    mime,
    size: output.data.length,
    width: output.info.width,
    height: output.info.height,
  };
}

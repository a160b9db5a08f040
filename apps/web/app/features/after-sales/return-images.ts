// spec §5, §9 return form images: compressed in the browser (quality 0.6, max width 1920; the library's
// default of converting images above 5,000,000 bytes to JPEG is kept) and renamed with a timestamp
// prefix (the current time divided by 100). compressorjs is fetched only when the return form opens.
import type Compressor from 'compressorjs';

/** spec §9: at most 4 return images (the domain's RETURN_IMAGES_MAX, without its Zod module). */
export const RETURN_IMAGES_MAX = 4;
/** What the upload accepts (docs/api/orders-and-carts.md: JPEG, PNG or WebP). */
export const RETURN_IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

export const COMPRESS_OPTIONS = { quality: 0.6, maxWidth: 1920 } as const;

type CompressorModule = { default: typeof Compressor };
let compressor: Promise<CompressorModule> | null = null;

/** Starts fetching compressorjs (called when the return modal opens). */
export function loadCompressor(): Promise<CompressorModule> {
  compressor ??= import('compressorjs').catch((error: unknown) => {
    compressor = null;
    throw error;
  });
  return compressor;
}

/**
 * spec §5: `{Date.now() / 100}_{name}` — the timestamp prefix keeps names of several photos taken in the
 * same second apart. Whole tenths of a second, and only the file's own name (no path, no odd characters).
 */
export function timestampedName(name: string, now: number = Date.now()): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const safe = base.replace(/[^\w.\-\u4e00-\u9fff]/g, '_').slice(-80) || 'image.jpg';
  return `${Math.floor(now / 100)}_${safe}`;
}

/** The name with the extension of the compressed type (compressorjs may turn a large PNG into a JPEG). */
export function withExtensionOf(name: string, type: string): string {
  const ext = type === 'image/jpeg' ? 'jpg' : type === 'image/png' ? 'png' : type === 'image/webp' ? 'webp' : '';
  if (!ext) return name;
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.${ext}`;
}

/** One photo compressed and renamed, ready for POST /upload. */
export async function compressReturnImage(file: File, now: number = Date.now()): Promise<File> {
  const { default: Compressor } = await loadCompressor();
  const result = await new Promise<Blob>((resolve, reject) => {
    new Compressor(file, { ...COMPRESS_OPTIONS, success: resolve, error: reject });
  });
  const type = result.type || file.type;
  return new File([result], withExtensionOf(timestampedName(file.name, now), type), { type });
}

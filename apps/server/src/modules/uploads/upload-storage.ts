// Where the bytes of uploaded files live (docs/decisions/062): `disk` keeps them under
// DATA_DIR/uploads (one process, the default); `database` keeps them in the `upload_blobs` table so
// every process behind a load balancer serves every picture. S3-compatible storage would be a third
// implementation of the same four calls.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import {
  deleteUploadBlob,
  findUploadBlob,
  findUploadBlobSha256,
  hasUploadBlob,
  insertUploadBlob,
} from './uploads.repository.ts';

export interface StoredFile {
  bytes: Buffer;
  mime: string;
  /** A strong ETag (quoted) when the store knows one. */
  etag?: string;
}

export interface UploadStorage {
  readonly kind: Config['UPLOAD_STORAGE'];
  /** Stores a new file; a name already taken is an error (names are random and never reused). */
  put(name: string, bytes: Buffer, mime: string): Promise<void>;
  /** The file, or null when there is none (or the name is not a valid upload name). */
  get(name: string): Promise<StoredFile | null>;
  has(name: string): Promise<boolean>;
  /** Removes a file; one already gone is fine. */
  delete(name: string): Promise<void>;
}

/**
 * What an upload name may be: folders and a file of letters, digits, `_` and `-`, then one
 * extension (`members/2026/06/<22 base64url>.webp`, `demo/site/favicon.png`). No dot elsewhere, so
 * no `..`, no hidden file and no absolute path can reach either store.
 */
export const UPLOAD_NAME_PATTERN = /^(?:[A-Za-z0-9_-]{1,64}\/){0,6}[A-Za-z0-9_-]{1,64}\.[a-z0-9]{2,5}$/;

export function isUploadName(name: string): boolean {
  return name.length <= 300 && UPLOAD_NAME_PATTERN.test(name);
}

/** Largest file the database store keeps (the table's CHECK says the same). */
export const UPLOAD_BLOB_MAX_BYTES = 16 * 1024 * 1024;

const MIME_BY_EXTENSION: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
};

function assertUploadName(name: string): void {
  if (!isUploadName(name)) throw new Error(`not an upload name: ${JSON.stringify(name)}`);
}

/** The store UPLOAD_STORAGE names. */
export function createUploadStorage(config: Pick<Config, 'UPLOAD_STORAGE' | 'dataDir'>, db: Db): UploadStorage {
  return config.UPLOAD_STORAGE === 'database' ? databaseUploadStorage(db) : diskUploadStorage(config.dataDir);
}

/** Files under `<dataDir>/uploads`, served by @fastify/static (app.ts). */
export function diskUploadStorage(dataDir: string): UploadStorage {
  const root = path.join(dataDir, 'uploads');
  const fileOf = (name: string) => path.join(root, name);
  return {
    kind: 'disk',
    async put(name, bytes) {
      assertUploadName(name);
      const file = fileOf(name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside, then linked in: a reader never sees half a file, and a taken name fails (EEXIST).
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await fs.writeFile(tmp, bytes, { flag: 'wx' });
        await fs.link(tmp, file);
      } finally {
        await fs.rm(tmp, { force: true });
      }
    },
    async get(name) {
      if (!isUploadName(name)) return null;
      try {
        const bytes = await fs.readFile(fileOf(name));
        const ext = name.slice(name.lastIndexOf('.') + 1);
        return { bytes, mime: MIME_BY_EXTENSION[ext] ?? 'application/octet-stream' };
      } catch (err) {
        if ((err as { code?: string }).code === 'ENOENT') return null;
        throw err;
      }
    },
    async has(name) {
      if (!isUploadName(name)) return false;
      try {
        await fs.access(fileOf(name));
        return true;
      } catch {
        return false;
      }
    },
    async delete(name) {
      if (!isUploadName(name)) return;
      await fs.rm(fileOf(name), { force: true });
    },
  };
}

export interface DatabaseUploadStorage extends UploadStorage {
  /** The stored file's ETag, read without its bytes (a browser revalidating a picture); null when there is none. */
  etag(name: string): Promise<string | null>;
}

const etagOf = (sha256: string) => `"${sha256}"`;

/** Rows of `upload_blobs`, served by the `/uploads/*` route of uploaded-files.routes.ts. */
export function databaseUploadStorage(db: Db): DatabaseUploadStorage {
  return {
    kind: 'database',
    async put(name, bytes, mime) {
      assertUploadName(name);
      if (bytes.length > UPLOAD_BLOB_MAX_BYTES) throw new DomainError(413, '檔案過大，無法儲存');
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await insertUploadBlob(db, { name, mime, bytes, size: bytes.length, sha256 });
    },
    async get(name) {
      if (!isUploadName(name)) return null;
      const row = await findUploadBlob(db, name);
      return row ? { bytes: row.bytes, mime: row.mime, etag: etagOf(row.sha256) } : null;
    },
    async etag(name) {
      if (!isUploadName(name)) return null;
      const sha256 = await findUploadBlobSha256(db, name);
      return sha256 === undefined ? null : etagOf(sha256);
    },
    async has(name) {
      return isUploadName(name) && hasUploadBlob(db, name);
    },
    async delete(name) {
      if (!isUploadName(name)) return;
      await deleteUploadBlob(db, name);
    },
  };
}

/**
 * Copies every file under `<dataDir>/uploads` that `target` lacks (a shop moving to
 * UPLOAD_STORAGE=database keeps its pictures); runs again safely. Files whose names the stores
 * would refuse are counted, not copied.
 */
export async function copyDiskUploads(
  dataDir: string,
  target: UploadStorage,
): Promise<{ copied: number; present: number; refused: string[] }> {
  const source = diskUploadStorage(dataDir);
  const root = path.join(dataDir, 'uploads');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const result = { copied: 0, present: 0, refused: [] as string[] };
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const name = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    const file = isUploadName(name) ? await source.get(name) : null;
    if (!file) result.refused.push(name);
    else if (await target.has(name)) result.present += 1;
    else {
      await target.put(name, file.bytes, file.mime);
      result.copied += 1;
    }
  }
  return result;
}

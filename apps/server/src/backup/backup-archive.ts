// The shop's backup file (docs/decisions/081): one uncompressed tar holding `manifest.json` first,
// the database dump (`database.pglite.tar` from PGlite's dumpDataDir, or `database.pgdump` from
// pg_dump's custom format) and, when the shop keeps pictures on disk, `uploads/…` as they lie in
// DATA_DIR/uploads. Uncompressed because each part already is: pg_dump's custom format compresses
// itself and the pictures are WebP; an outer gzip would cost time and gain nothing, and it would
// forbid appending the uploads folder straight from disk.
import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import * as tar from 'tar';
import { migrationsFolder, type Db } from '../db/client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export const MANIFEST_FILE = 'manifest.json';
export const DUMP_FILE: Record<DatabaseKind, string> = {
  pglite: 'database.pglite.tar',
  postgres: 'database.pgdump',
};
export const UPLOADS_FOLDER = 'uploads';

/** What a backup holds, written first in the archive. */
export interface BackupManifest {
  format: 'taiwan-shop-backup';
  version: 1;
  /** Which database made the dump; a dump restores only into the same kind. */
  kind: DatabaseKind;
  /** ISO 8601, when the dump was taken. */
  createdAt: string;
  /** Migrations applied to the database when it was dumped, and the last one's tag. */
  schema: MigrationState;
  /** Files under uploads/ (0 when pictures live in the database, UPLOAD_STORAGE=database). */
  uploads: number;
}

export interface MigrationState {
  applied: number;
  /** The tag of the last migration applied (`0017_store_map_tickets`), or null when none is. */
  last: string | null;
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** Both drivers answer raw statements with `rows` (node-postgres QueryResult, PGlite Results). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The migrations this code knows, oldest first (drizzle-kit's journal). */
export function codeMigrations(): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * The migrations a database has applied. Drizzle records each by its journal `when` in
 * drizzle.__drizzle_migrations.created_at; a time this code's journal lacks is named by its time.
 */
export async function readMigrationState(db: Db): Promise<MigrationState> {
  const [table] = await rowsOf<{ present: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!table?.present) return { applied: 0, last: null };
  const rows = await rowsOf<{ created_at: string | number }>(
    db,
    sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`,
  );
  const times = rows.map((row) => Number(row.created_at));
  const last = times.at(-1);
  if (last === undefined) return { applied: 0, last: null };
  const known = codeMigrations().find((entry) => entry.when === last);
  return { applied: times.length, last: known?.tag ?? `unknown migration of ${new Date(last).toISOString()}` };
}

/** The tables of the shop's schema that hold at least one row (a restore over them needs --force). */
export async function tablesWithRows(db: Db): Promise<string[]> {
  const tables = await rowsOf<{ tablename: string }>(
    db,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const filled: string[] = [];
  for (const { tablename } of tables) {
    const [row] = await rowsOf<{ filled: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(tablename)}) AS filled`,
    );
    if (row?.filled) filled.push(tablename);
  }
  return filled;
}

/** Every file under `folder`, as paths relative to it; none when it does not exist. */
export function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

/**
 * Writes the archive: the manifest and the dump from `stagingDir`, then DATA_DIR/uploads appended
 * from `dataDir` as it lies. Written beside `outFile` and renamed onto it at the end, so a file of
 * that name is always a whole backup.
 */
export async function writeBackupArchive(opts: {
  outFile: string;
  stagingDir: string;
  manifest: BackupManifest;
  dataDir: string;
}): Promise<void> {
  const { outFile, stagingDir, manifest, dataDir } = opts;
  fs.writeFileSync(path.join(stagingDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  const partial = `${outFile}.partial`;
  await tar.create({ file: partial, cwd: stagingDir, portable: true }, [MANIFEST_FILE, DUMP_FILE[manifest.kind]]);
  if (manifest.uploads > 0) {
    await tar.replace({ file: partial, cwd: dataDir, portable: true }, [UPLOADS_FOLDER]);
  }
  fs.renameSync(partial, outFile);
}

/**
 * Unpacks a backup into `intoDir` and answers its manifest. tar leaves out absolute paths and `..`,
 * so an archive cannot write outside the folder; a file that is not a shop backup is refused.
 */
export async function extractBackupArchive(file: string, intoDir: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new Error(`找不到備份檔 · no such backup file: ${file}`);
  try {
    await tar.extract({ file, cwd: intoDir, strict: true });
  } catch (err) {
    throw new Error(`不是商店備份檔 · ${file} is not a shop backup (${(err as Error).message})`);
  }
  const manifestPath = path.join(intoDir, MANIFEST_FILE);
  if (!fs.existsSync(manifestPath)) {
    throw new Error(`不是商店備份檔 · ${file} is not a shop backup (no ${MANIFEST_FILE} inside)`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as BackupManifest;
  if (manifest.format !== 'taiwan-shop-backup' || manifest.version !== 1) {
    throw new Error(`不是商店備份檔 · ${file} is not a shop backup of a format this version reads`);
  }
  if (!fs.existsSync(path.join(intoDir, DUMP_FILE[manifest.kind]))) {
    throw new Error(`備份檔不完整 · ${file} lacks its database dump ${DUMP_FILE[manifest.kind]}`);
  }
  return manifest;
}

// `npm run restore`: a backup of create-backup.ts back into the shop of DATA_DIR and DATABASE_URL.
// It refuses, before changing anything, a backup of the other kind of database, a backup newer than
// this code, and a shop that already holds data (unless forced); then it migrates the restored
// database to this code's schema, so an older backup comes back ready to serve.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import {
  DUMP_FILE,
  UPLOADS_FOLDER,
  codeMigrations,
  extractBackupArchive,
  filesUnder,
  tablesWithRows,
  type BackupManifest,
  type DatabaseKind,
} from './backup-archive.ts';
import type { ShopLocation } from './create-backup.ts';
import { postgresCommand, runPostgresTool } from './postgres-tools.ts';

export interface RestoreOptions {
  /** Replace a shop that holds data: PGlite's folder and uploads are kept aside, PostgreSQL's schema is dropped. */
  force?: boolean;
  now?: Date;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Folders the restore moved aside instead of deleting (a forced restore over PGlite or uploads). */
  keptAside: string[];
}

const KIND_NAME: Record<DatabaseKind, string> = {
  pglite: 'the embedded PGlite database (DATABASE_URL unset)',
  postgres: 'PostgreSQL (DATABASE_URL set)',
};

export async function restoreBackup(
  shop: ShopLocation,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const kind: DatabaseKind = shop.databaseUrl ? 'postgres' : 'pglite';
  fs.mkdirSync(shop.dataDir, { recursive: true });
  // Inside DATA_DIR, so the restored folders are renamed into place, never copied across disks.
  const workDir = fs.mkdtempSync(path.join(shop.dataDir, '.restore-'));
  try {
    const manifest = await extractBackupArchive(path.resolve(file), workDir);
    if (manifest.kind !== kind) {
      throw new Error(
        `備份與資料庫種類不同 · this backup is of ${KIND_NAME[manifest.kind]}, and this shop uses ${KIND_NAME[kind]}. ` +
          'A dump restores only into the same kind of database: restore it with the setting it was made with (docs/operations.md).',
      );
    }
    const known = codeMigrations().map((entry) => entry.tag);
    if (manifest.schema.last !== null && !known.includes(manifest.schema.last)) {
      throw new Error(
        `備份比程式新 · the backup's schema (${manifest.schema.last}) is newer than this version of the shop knows; ` +
          'restore it with the version that made it, or a later one',
      );
    }

    const occupied = await whatIsThere(shop, kind);
    if (occupied.length > 0 && !options.force) {
      throw new Error(
        `商店已有資料，未還原 · not restored: this shop already holds data (${occupied.join('; ')}). ` +
          'Run the restore again with --force to replace it (PGlite and uploads folders are kept aside, PostgreSQL tables are dropped).',
      );
    }

    const stamp = (options.now ?? new Date()).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
    const keptAside: string[] = [];
    const moveAside = (folder: string) => {
      if (!fs.existsSync(folder)) return;
      const aside = `${folder}.before-restore-${stamp}`;
      fs.renameSync(folder, aside);
      keptAside.push(aside);
    };

    if (kind === 'pglite') {
      // The dump becomes a new data folder beside the old one; only a complete, migrated copy takes its place.
      const dump = new Blob([fs.readFileSync(path.join(workDir, DUMP_FILE.pglite))]);
      const restored = await openDatabase({ dataDir: workDir, fromDump: dump });
      try {
        await restored.migrate();
      } finally {
        await restored.close();
      }
      moveAside(path.join(shop.dataDir, 'pglite'));
      fs.renameSync(path.join(workDir, 'pglite'), path.join(shop.dataDir, 'pglite'));
    } else {
      await restorePostgres(shop.databaseUrl!, path.join(workDir, DUMP_FILE.postgres));
    }

    const uploads = path.join(shop.dataDir, UPLOADS_FOLDER);
    moveAside(uploads);
    if (fs.existsSync(path.join(workDir, UPLOADS_FOLDER))) fs.renameSync(path.join(workDir, UPLOADS_FOLDER), uploads);
    return { manifest, keptAside };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** What the shop already holds: tables with rows, and pictures on disk. */
async function whatIsThere(shop: ShopLocation, kind: DatabaseKind): Promise<string[]> {
  const found: string[] = [];
  if (kind === 'postgres' || fs.existsSync(path.join(shop.dataDir, 'pglite', 'PG_VERSION'))) {
    const database = await openDatabase({ url: shop.databaseUrl, dataDir: shop.dataDir });
    try {
      const tables = await tablesWithRows(database.db);
      if (tables.length > 0) {
        const named = tables.slice(0, 5).join(', ') + (tables.length > 5 ? ', …' : '');
        found.push(`${tables.length} table(s) with rows: ${named}`);
      }
    } finally {
      await database.close();
    }
  }
  const pictures = filesUnder(path.join(shop.dataDir, UPLOADS_FOLDER)).length;
  if (pictures > 0) found.push(`${pictures} file(s) in ${path.join(shop.dataDir, UPLOADS_FOLDER)}`);
  return found;
}

/**
 * pg_restore into the database of DATABASE_URL, in one transaction. The shop's schemas go first
 * (public with its tables and pg_trgm, and drizzle's migration record): a shop that started once
 * has empty tables that would clash with the dump's, and after --force no table of a newer version
 * outlives the restore.
 */
async function restorePostgres(databaseUrl: string, dumpFile: string): Promise<void> {
  const database = await openDatabase({ url: databaseUrl });
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
      await tx.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
      await tx.execute(sql`CREATE SCHEMA public`);
    });
  } finally {
    await database.close();
  }
  const { url, env } = postgresCommand(databaseUrl);
  await runPostgresTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, dumpFile],
    env,
  );
  const restored = await openDatabase({ url: databaseUrl });
  try {
    await restored.migrate();
  } finally {
    await restored.close();
  }
}

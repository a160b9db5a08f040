// `npm run backup`: the database (PGlite's data folder dump, or pg_dump's custom format) and the
// pictures of DATA_DIR/uploads, in one archive with a manifest (backup-archive.ts).
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import {
  DUMP_FILE,
  UPLOADS_FOLDER,
  filesUnder,
  readMigrationState,
  writeBackupArchive,
  type BackupManifest,
  type DatabaseKind,
} from './backup-archive.ts';
import { postgresCommand, runPostgresTool } from './postgres-tools.ts';

export interface ShopLocation {
  /** DATABASE_URL; unset means the embedded PGlite under dataDir/pglite. */
  databaseUrl?: string;
  /** DATA_DIR, resolved: holds pglite/ and uploads/. */
  dataDir: string;
}

export async function createBackup(
  shop: ShopLocation,
  outFile: string,
  now: Date = new Date(),
): Promise<BackupManifest> {
  const kind: DatabaseKind = shop.databaseUrl ? 'postgres' : 'pglite';
  if (kind === 'pglite' && !fs.existsSync(path.join(shop.dataDir, 'pglite', 'PG_VERSION'))) {
    throw new Error(
      `沒有資料庫可備份 · no embedded database at ${path.join(shop.dataDir, 'pglite')} (is DATA_DIR right?)`,
    );
  }
  const target = path.resolve(outFile);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Beside the output: the dump may be as large as the database, and a rename stays on one disk.
  const stagingDir = fs.mkdtempSync(path.join(path.dirname(target), '.shop-backup-'));
  try {
    const dumpFile = path.join(stagingDir, DUMP_FILE[kind]);
    const database = await openDatabase({ url: shop.databaseUrl, dataDir: shop.dataDir });
    let schema;
    try {
      schema = await readMigrationState(database.db);
      if (kind === 'pglite') {
        const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
        fs.writeFileSync(dumpFile, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
      }
    } finally {
      await database.close();
    }
    if (kind === 'postgres') {
      const { url, env } = postgresCommand(shop.databaseUrl!);
      // No owners or grants: the dump restores under whichever role the restoring shop uses.
      await runPostgresTool(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${dumpFile}`, `--dbname=${url}`],
        env,
      );
    }
    const manifest: BackupManifest = {
      format: 'taiwan-shop-backup',
      version: 1,
      kind,
      createdAt: now.toISOString(),
      schema,
      uploads: filesUnder(path.join(shop.dataDir, UPLOADS_FOLDER)).length,
    };
    await writeBackupArchive({ outFile: target, stagingDir, manifest, dataDir: shop.dataDir });
    return manifest;
  } finally {
    fs.rmSync(stagingDir, { recursive: true, force: true });
  }
}

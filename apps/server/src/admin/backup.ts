// `npm run backup -- [--out FILE]`: the shop's database and its pictures on disk in one archive
// (docs/decisions/081, docs/operations.md). Reads DATA_DIR and DATABASE_URL exactly like the server.
// On the embedded PGlite, stop the shop first: its data folder is one process's.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup } from '../backup/create-backup.ts';
import { loadConfig } from '../config.ts';

const usage = `用法 · usage: npm run backup -- [--out <file.tar>]
  預設檔名 · default: shop-backup-<UTC time>.tar in the current folder`;

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const config = loadConfig();
  const now = new Date();
  const out = path.resolve(
    values.out ?? `shop-backup-${now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}.tar`,
  );
  const manifest = await createBackup({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir }, out, now);
  process.stdout.write(
    `已備份 · backed up ${manifest.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} (schema ${manifest.schema.last ?? 'empty'}) ` +
      `and ${manifest.uploads} uploaded file(s) to ${out}\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`備份失敗 · backup failed: ${err instanceof Error ? err.message : String(err)}\n${usage}\n`);
  process.exit(1);
});

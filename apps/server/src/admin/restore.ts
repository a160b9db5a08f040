// `npm run restore -- FILE [--force]`: a backup of `npm run backup` into the shop of DATA_DIR and
// DATABASE_URL (docs/decisions/081, docs/operations.md). Stop every shop process first.
import { parseArgs } from 'node:util';
import { restoreBackup } from '../backup/restore-backup.ts';
import { loadConfig } from '../config.ts';

const usage = `用法 · usage: npm run restore -- <backup.tar> [--force]
  --force  取代已有資料的商店 · replace a shop that already holds data`;

async function main() {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) throw new Error('name one backup file');
  const config = loadConfig();
  const { manifest, keptAside } = await restoreBackup(
    { databaseUrl: config.DATABASE_URL, dataDir: config.dataDir },
    file,
    { force: values.force },
  );
  const lines = [
    `已還原 · restored the backup of ${manifest.createdAt} (${manifest.kind}, schema ${manifest.schema.last ?? 'empty'}, ${manifest.uploads} uploaded file(s))`,
    ...keptAside.map((folder) => `  原資料保留於 · the replaced data is kept at ${folder}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`還原失敗 · restore failed: ${err instanceof Error ? err.message : String(err)}\n${usage}\n`);
  process.exit(1);
});

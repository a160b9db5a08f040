// `npm run uploads:to-database`: copies the pictures under DATA_DIR/uploads into the database's
// `upload_blobs` (docs/decisions/062), before a shop switches to UPLOAD_STORAGE=database. Reads
// DATA_DIR and DATABASE_URL exactly like the server; files already copied are left alone.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { copyDiskUploads, databaseUploadStorage } from '../modules/uploads/index.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
    const { copied, present, refused } = await copyDiskUploads(config.dataDir, databaseUploadStorage(database.db));
    process.stdout.write(
      `已複製圖片 · copied ${copied} files from ${path.join(config.dataDir, 'uploads')} into the database (${present} already there)\n`,
    );
    for (const name of refused) process.stdout.write(`  略過 · skipped (not an upload name): ${name}\n`);
    if (config.UPLOAD_STORAGE !== 'database') {
      process.stdout.write('  下一步 · next: start every process with UPLOAD_STORAGE=database\n');
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});

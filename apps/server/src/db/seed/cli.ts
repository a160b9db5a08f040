// `npm run seed [-- --reset] [-- --products N] [-- --orders N]`: migrate, optionally wipe, load the demo shop
// into an empty database, optionally add N load-test products or orders, print a summary. Reads DATA_DIR and
// DATABASE_URL exactly like the server (config.ts).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../client.ts';
import * as s from '../schema/index.ts';
import { createUploadStorage } from '../../modules/uploads/index.ts';
import {
  DEMO_MEMBER_PASSWORD,
  DEMO_STAFF,
  isDatabaseEmpty,
  seedCatalogueLoad,
  seedDemo,
  seedOrderLoad,
} from './index.ts';

const usage = `用法 · usage: npm run seed -- [--reset] [--products N] [--orders N]
  --reset        drop every table (PGlite: delete DATA_DIR/pglite) and load the demo shop again
  --products N   add N more products for load tests
  --orders N     add N orders over the last 180 days (paid, cancelled, refunded, returned) for the sales report`;

/** A --products or --orders count: a whole number, 0 when absent. */
function countOption(name: string, value: string | undefined): number {
  const n = value === undefined ? 0 : Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} needs a whole number, got ${value}\n${usage}`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      products: { type: 'string' },
      orders: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const extra = countOption('products', values.products);
  const extraOrders = countOption('orders', values.orders);

  const config = loadConfig();
  if (values.reset && !config.DATABASE_URL) {
    fs.rmSync(path.join(config.dataDir, 'pglite'), { recursive: true, force: true });
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    if (values.reset) {
      if (config.DATABASE_URL) await dropEverything(database);
      // Fresh pictures too, in case the artwork changed (UPLOAD_STORAGE=database: they went with the database).
      fs.rmSync(path.join(config.dataDir, 'uploads', 'demo'), { recursive: true, force: true });
    }
    await database.migrate();

    const started = performance.now();
    if (await isDatabaseEmpty(database.db)) {
      const result = await seedDemo(database.db, {
        uploads: createUploadStorage(config, database.db),
        now: new Date(),
        withDemoStaff: config.NODE_ENV !== 'production',
      });
      log(
        `示範資料已載入 · demo data loaded: ${result.products} products, ${result.members} members, ${result.orders} orders, ${result.imagesDrawn} pictures drawn`,
      );
    } else {
      log(
        '資料庫已有資料，略過示範資料 · the database already has data; demo data skipped (use --reset to start over)',
      );
    }
    if (extra > 0) {
      await seedCatalogueLoad(database.db, { products: extra });
      log(`壓測商品 · load catalogue: +${extra} products`);
    }
    if (extraOrders > 0) {
      await seedOrderLoad(database.db, { orders: extraOrders });
      log(`壓測訂單 · load orders: +${extraOrders} orders over 180 days, sales sums rebuilt`);
    }
    await printSummary(
      database,
      config.DATABASE_URL ? 'PostgreSQL' : `PGlite (${path.join(config.dataDir, 'pglite')})`,
    );
    log(`完成 · done in ${Math.round(performance.now() - started)} ms`);
  } finally {
    await database.close();
  }
}

async function dropEverything(database: Database): Promise<void> {
  // One statement per call: the drivers' extended protocol takes a single statement.
  await database.db.execute(sql.raw('DROP SCHEMA public CASCADE'));
  await database.db.execute(sql.raw('CREATE SCHEMA public'));
  await database.db.execute(sql.raw('DROP SCHEMA IF EXISTS drizzle CASCADE'));
}

async function printSummary(database: Database, where: string): Promise<void> {
  const { db } = database;
  const n = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const rows: [string, number][] = [
    ['products', await n(s.products)],
    ['product packages', await n(s.productPackages)],
    ['bundles', await n(s.productBundles)],
    ['news', await n(s.news)],
    ['articles', await n(s.articles)],
    ['members', await n(s.members)],
    ['orders', await n(s.orders)],
  ];
  log(`資料庫 · database: ${where}`);
  log(rows.map(([k, v]) => `${k} ${v}`).join(' · '));
  log(
    `示範帳號 · demo accounts (password ${DEMO_MEMBER_PASSWORD}): 0911111111 王小明 · 0922222222 林美玲 (code DEMOKOL) · 0933333333 陳大文`,
  );
  if (loadConfig().NODE_ENV !== 'production') log(`後台 · back office: ${DEMO_STAFF.account} / ${DEMO_STAFF.password}`);
}

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`seed 失敗 · failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

// A fresh, migrated database per test file: PostgreSQL when DATABASE_URL is set (a new
// `test_<random>` database on that server, dropped in cleanup), else an in-memory PGlite.
// A test run migrates once (prepareTestTemplate, from the run's global setup) and each database is
// a copy of that template: migrating anew cost about 1.5 s per test file on PGlite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './client.ts';

export type TestDatabase = Database & {
  /** The test database's own URL on PostgreSQL (LISTEN/NOTIFY needs a connection of its own). */
  url?: string;
  cleanup(): Promise<void>;
};

/** The migrated PGlite dump every in-memory test database starts from (a file path). */
const PGLITE_DUMP_ENV = 'SHOP_TEST_PGLITE_DUMP';
/** The migrated database on DATABASE_URL's server that test databases are created from. */
const POSTGRES_TEMPLATE_ENV = 'SHOP_TEST_POSTGRES_TEMPLATE';

export async function createTestDatabase(
  url: string | undefined = process.env.DATABASE_URL,
  options: { /** false: an empty database, for tests of the migrations themselves. */ migrated?: boolean } = {},
): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  if (!url) {
    const dumpFile = migrated ? process.env[PGLITE_DUMP_ENV] : undefined;
    const database = await openDatabase(dumpFile ? { fromDump: new Blob([fs.readFileSync(dumpFile)]) } : {});
    if (!dumpFile && migrated) await database.migrate();
    return { ...database, cleanup: () => database.close() };
  }
  // The template lives on the run's own server; a test that names another server migrates there.
  const template = migrated && url === process.env.DATABASE_URL ? process.env[POSTGRES_TEMPLATE_ENV] : undefined;
  const name = `test_${randomBytes(6).toString('hex')}`;
  await createDatabase(url, name, template);
  const testUrl = databaseUrl(url, name);
  let database: Database;
  try {
    database = await openDatabase({ url: testUrl });
    if (!template && migrated) await database.migrate();
  } catch (err) {
    await dropDatabase(url, name).catch(() => {});
    throw err;
  }
  let cleaned = false;
  return {
    ...database,
    url: testUrl,
    cleanup: async () => {
      if (cleaned) return;
      cleaned = true;
      await database.close().catch(() => {});
      await dropDatabase(url, name);
    },
  };
}

/**
 * Migrates one database for the whole test run and returns the variables that make
 * createTestDatabase copy it, with the cleanup that removes it. PostgreSQL copies a template
 * database file by file; PGlite starts from a dump of its data folder.
 */
export async function prepareTestTemplate(
  url: string | undefined = process.env.DATABASE_URL,
): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }> {
  if (!url) {
    const database = await openDatabase();
    await database.migrate();
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    await database.close();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-template-'));
    const file = path.join(folder, 'migrated.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return {
      env: { [PGLITE_DUMP_ENV]: file },
      cleanup: async () => fs.rmSync(folder, { recursive: true, force: true }),
    };
  }
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await createDatabase(url, name);
  try {
    // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
    const database = await openDatabase({ url: databaseUrl(url, name) });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (err) {
    await dropDatabase(url, name).catch(() => {});
    throw err;
  }
  return { env: { [POSTGRES_TEMPLATE_ENV]: name }, cleanup: () => dropDatabase(url, name) };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createDatabase(url: string, name: string, template?: string): Promise<void> {
  const sql = template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`;
  for (let attempt = 1; ; attempt++) {
    try {
      await withAdminClient(url, (client) => client.query(sql));
      return;
    } catch (err) {
      // 55006: the template briefly in use by another session (parallel test files); try again.
      if ((err as { code?: string }).code !== '55006' || attempt >= 8) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

async function dropDatabase(url: string, name: string): Promise<void> {
  // WITH (FORCE) (PostgreSQL 13+) ends connections a test left open instead of failing.
  await withAdminClient(url, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

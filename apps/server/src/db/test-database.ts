// A fresh, migrated database per test file: PostgreSQL when DATABASE_URL is set (a new
// `test_<random>` database on that server, dropped in cleanup), else an in-memory PGlite.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './client.ts';

export type TestDatabase = Database & {
  /** The test database's own URL on PostgreSQL (LISTEN/NOTIFY needs a connection of its own). */
  url?: string;
  cleanup(): Promise<void>;
};

export async function createTestDatabase(url: string | undefined = process.env.DATABASE_URL): Promise<TestDatabase> {
  if (!url) {
    const database = await openDatabase();
    await database.migrate();
    return { ...database, cleanup: () => database.close() };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  await createDatabase(url, name);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openDatabase({ url: testUrl.toString() });
    await database.migrate();
  } catch (err) {
    await dropDatabase(url, name).catch(() => {});
    throw err;
  }
  let cleaned = false;
  return {
    ...database,
    url: testUrl.toString(),
    cleanup: async () => {
      if (cleaned) return;
      cleaned = true;
      await database.close().catch(() => {});
      await dropDatabase(url, name);
    },
  };
}

async function createDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await withAdminClient(url, (client) => client.query(`CREATE DATABASE "${name}"`));
      return;
    } catch (err) {
      // 55006: template1 briefly in use by another session (parallel test files); try again.
      if ((err as { code?: string }).code !== '55006' || attempt >= 5) throw err;
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

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** The database handle every service takes as a parameter. Same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle; writes that must commit together (a change and its audit row, its event, its job) take this. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string;
  /** Folder for PGlite files; when absent (and no url) the database lives in memory. */
  dataDir?: string;
  /** An in-memory PGlite starts as a copy of this dump (`dumpDataDir`) instead of an empty cluster. */
  fromDump?: Blob;
}

function migrationsFolder(): string {
  // Works from src/db (tsx, vitest) and from dist/ (bundled server): look for the folder upward.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    for (const candidate of [
      path.join(dir, 'migrations'),
      path.join(dir, 'db', 'migrations'),
      path.join(dir, 'src', 'db', 'migrations'),
    ]) {
      if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    }
    dir = path.dirname(dir);
  }
  throw new Error('migrations folder not found');
}

/**
 * How long a request may wait on PostgreSQL before it answers 503 (plugins/errors.ts): for a
 * connection of the pool (busy pool or unreachable server), for a row or table lock held by another
 * transaction, and for any one statement. Without them a locked table held requests for as long as
 * the lock lasted (24 s seen in issue 22).
 */
export const POSTGRES_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  lock_timeout: 5_000,
  statement_timeout: 10_000,
} as const;

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const url = options.url;
    const pool = new pg.Pool({ connectionString: url, max: 10, ...POSTGRES_TIMEOUTS });
    // An idle client the server drops (restart, failover, a dropped test database) emits 'error';
    // without a listener that would end the process. The pool replaces the client on next use.
    pool.on('error', (err) => console.error(`資料庫閒置連線中斷 (idle PostgreSQL client): ${err.message}`));
    // A client checked out of the pool (mid-query or mid-transaction) has no pool listener, and its
    // 'error' event ended the process (issue 22). Its query or the next one rejects with the error,
    // the request answers 503, and the pool drops the client on release because it is no longer
    // queryable: nothing is left to do here but keep the event from being unhandled.
    pool.on('connect', (client) => client.on('error', () => {}));
    // Fail at start with a clear message when the server cannot be reached.
    try {
      const client = await pool.connect();
      client.release();
    } catch (err) {
      await pool.end().catch(() => {});
      throw new Error(
        `無法連線到資料庫 (cannot reach PostgreSQL at ${redactUrl(options.url)}): ${(err as Error).message}`,
      );
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      // On a connection of its own: a migration may build an index or wait for a lock for longer than a request may.
      migrate: async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
        } finally {
          await client.end();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  // One options object: PGlite.create(undefined, options) ignores the options (no pg_trgm in memory).
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'pglite') } : {}),
    ...(options.fromDump ? { loadDataDir: options.fromDump } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    },
    close: () => client.close(),
  };
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

/** Queries waiting for a pooled PostgreSQL connection now; 0 on the embedded database (no pool). */
export function poolWaiting(db: Db): number {
  const client = (db as unknown as { $client?: { waitingCount?: unknown } }).$client;
  return typeof client?.waitingCount === 'number' ? client.waitingCount : 0;
}

/** PostgreSQL connections of the pool running a query or transaction now; 0 on the embedded database. */
export function poolInUse(db: Db): number {
  const client = (db as unknown as { $client?: { totalCount?: unknown; idleCount?: unknown } }).$client;
  return typeof client?.totalCount === 'number' && typeof client.idleCount === 'number'
    ? client.totalCount - client.idleCount
    : 0;
}

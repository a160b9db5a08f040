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
  /** Applies the migrations this code ships that the database lacks; one process at a time (advisory lock). */
  migrate(): Promise<void>;
  /**
   * Throws SchemaBehindError when the database lacks a migration this code ships, after waiting for a
   * process that is migrating it now: a process that did not migrate never serves an older schema.
   */
  assertMigrated(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The PostgreSQL advisory lock every process takes around its migrations (issue 39): processes that
 * start together (several machines, a deploy) migrate one after the other, and the later ones find
 * nothing left to do instead of each applying the same migration and failing on "already exists".
 */
export const MIGRATION_LOCK_KEY = 3_900_000_079;

/** How long a process that does not migrate waits for one that is migrating, before it gives up. */
const MIGRATION_WAIT = '120s';

/** The database lacks migrations this code ships; the message says which, in zh-TW and English. */
export class SchemaBehindError extends Error {
  constructor(readonly missing: readonly string[]) {
    super(
      `資料庫結構比程式舊，缺少 ${missing.length} 個遷移（${missing.join(', ')}）：請先以 npm start 執行遷移，再啟動此程序 · ` +
        `The database schema is older than this code: ${missing.length} migration(s) missing (${missing.join(', ')}). ` +
        'Let one process migrate it (npm start runs the migrations) before starting this one.',
    );
    this.name = 'SchemaBehindError';
  }
}

interface JournalEntry {
  tag: string;
  /** drizzle records it as the applied migration's created_at. */
  when: number;
}

function shippedMigrations(): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * The shipped migrations the database lacks, by drizzle's own rule: it applies those newer than the
 * last one recorded in drizzle.__drizzle_migrations. A newer database (code being rolled back) is fine.
 */
export async function missingMigrations(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<string[]> {
  const table = await query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  let last = -Infinity;
  if ((table.rows[0] as { present: boolean }).present) {
    const applied = await query('SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations');
    const value = (applied.rows[0] as { last: string | number | null }).last;
    if (value !== null) last = Number(value);
  }
  return shippedMigrations()
    .filter((entry) => entry.when > last)
    .map((entry) => entry.tag);
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string;
  /** Folder for PGlite files; when absent (and no url) the database lives in memory. */
  dataDir?: string;
  /** An in-memory PGlite starts as a copy of this dump (`dumpDataDir`) instead of an empty cluster. */
  fromDump?: Blob;
}

export function migrationsFolder(): string {
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
  // The client's own limit, past the server's: a connection gone silent (a stalled network, a failover
  // nobody announced) gets no statement_timeout answer, and held its pool slot for good. Timed out,
  // the pool drops it, so the shop serves again within seconds of the database's return (issue 39).
  query_timeout: 11_000,
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
      // On a connection of its own: a migration may build an index or wait for a lock for longer than a
      // request may. The advisory lock is the session's, so it is taken, held and let go on this one.
      migrate: async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          const free = await client.query('SELECT pg_try_advisory_lock($1) AS taken', [MIGRATION_LOCK_KEY]);
          if (!(free.rows[0] as { taken: boolean }).taken) {
            console.warn(
              '資料庫遷移由另一個程序進行中，等待完成 · Another process is migrating the database: waiting for it',
            );
            await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          }
          // Inside the lock too: two sessions creating the extension at once fail on a unique index.
          await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
        } finally {
          // Ending the session lets go of the lock as well; unlocking first frees it without waiting for that.
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          await client.end();
        }
      },
      assertMigrated: async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          // A shared lock waits while a migrator holds the lock, and is granted at once otherwise.
          await client.query(`SET lock_timeout = '${MIGRATION_WAIT}'`);
          await client.query('SELECT pg_advisory_lock_shared($1)', [MIGRATION_LOCK_KEY]).catch((err: unknown) => {
            throw new Error(
              `等候其他程序的資料庫遷移逾時 (${MIGRATION_WAIT}) · Waited ${MIGRATION_WAIT} for another process to finish migrating the database: ${(err as Error).message}`,
            );
          });
          const missing = await missingMigrations((text) => client.query(text));
          if (missing.length > 0) throw new SchemaBehindError(missing);
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
    // One process owns an embedded database's files: nobody else can be migrating it.
    migrate: async () => {
      await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    },
    assertMigrated: async () => {
      const missing = await missingMigrations((text) => client.query(text));
      if (missing.length > 0) throw new SchemaBehindError(missing);
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

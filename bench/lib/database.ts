// A fresh, throw-away database for one bench run: an embedded PGlite in a new temporary DATA_DIR
// by default, or a new database `bench_<time>` on the PostgreSQL server named by
// BENCH_DATABASE_URL (created here, dropped by dispose()).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface BenchDatabase {
  /** For the report: which driver the server used. */
  driver: string;
  /** Environment for the server process (DATA_DIR always; DATABASE_URL for PostgreSQL). */
  env: Record<string, string>;
  dispose(): Promise<void>;
}

export async function createBenchDatabase(benchDatabaseUrl: string | undefined): Promise<BenchDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-'));
  const removeDataDir = () => fs.rm(dataDir, { recursive: true, force: true });
  if (!benchDatabaseUrl) {
    return { driver: 'PGlite (embedded, @electric-sql/pglite)', env: { DATA_DIR: dataDir }, dispose: removeDataDir };
  }

  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: benchDatabaseUrl });
  await admin.connect();
  let version = '';
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    version = String(
      (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '',
    );
  } finally {
    await admin.end();
  }
  const url = new URL(benchDatabaseUrl);
  url.pathname = `/${name}`;

  return {
    driver: `PostgreSQL ${version} (node-postgres), database ${name} on ${url.host}`,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async dispose() {
      const client = new pg.Client({ connectionString: benchDatabaseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
        await removeDataDir();
      }
    },
  };
}

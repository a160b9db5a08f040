// The committed migration applies on both drivers and its constraints reject bad rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import fs from 'node:fs';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { MIGRATION_LOCK_KEY, missingMigrations, openDatabase, SchemaBehindError } from './client.ts';
import { memberBonus, members, products, productSpecs, shoppingCarts } from './schema/index.ts';

let database: TestDatabase;

const journal = JSON.parse(fs.readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: Array<{ tag: string }>;
};
const shippedCount = () => journal.entries.length;
const latestShippedTag = () => journal.entries.at(-1)!.tag;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.cleanup();
});

/** Raw SQL rows; both drivers answer `{rows}` (the shared Db type leaves execute() untyped). */
async function rows<T>(query: SQL): Promise<T[]> {
  const result = (await database.db.execute(query)) as { rows: T[] };
  return result.rows;
}

/** Runs `work` and returns the PostgreSQL error code it failed with (drizzle wraps it in `cause`). */
async function pgErrorCode(work: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await work();
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
  return undefined;
}

describe('migration', () => {
  it('creates the tables and the trigram extension', async () => {
    const tables = await rows<{ table_name: string }>(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    const names = tables.map((r) => r.table_name);
    for (const t of [
      'system_settings',
      'products',
      'product_specs',
      'members',
      'orders',
      'shopping_carts',
      'idempotency_keys',
    ]) {
      expect(names).toContain(t);
    }
    expect(await rows(sql`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`)).toHaveLength(1);
  });

  it('rejects bad rows with the right constraint', async () => {
    const { db } = database;
    const [member] = await db.insert(members).values({ account: '0900000001', passwordHash: 'x' }).returning();
    const [product] = await db.insert(products).values({ name: '測試商品', price: 100, onSalePrice: 90 }).returning();
    const [spec] = await db
      .insert(productSpecs)
      .values({ productId: product!.id, name: '單入', price: 100, onSalePrice: 90, stock: 1 })
      .returning();

    // CHECK qty > 0
    expect(
      await pgErrorCode(() =>
        db.insert(shoppingCarts).values({ memberId: member!.id, productId: product!.id, specId: spec!.id, qty: 0 }),
      ),
    ).toBe('23514');
    // unique account
    expect(await pgErrorCode(() => db.insert(members).values({ account: '0900000001', passwordHash: 'y' }))).toBe(
      '23505',
    );
    // bonus balances never negative
    expect(await pgErrorCode(() => db.insert(memberBonus).values({ memberId: member!.id, bonus: -1 }))).toBe('23514');
    // stock never negative
    expect(
      await pgErrorCode(() => db.update(productSpecs).set({ stock: -1 }).where(eq(productSpecs.id, spec!.id))),
    ).toBe('23514');
    // foreign key: a cart line for a product that does not exist
    expect(
      await pgErrorCode(() => db.insert(shoppingCarts).values({ memberId: member!.id, productId: 999_999, qty: 1 })),
    ).toBe('23503');
  });

  it('keeps one cart line per member, product and spec', async () => {
    const { db } = database;
    const [member] = await db.insert(members).values({ account: '0900000002', passwordHash: 'x' }).returning();
    const [product] = await db.insert(products).values({ name: '另一商品', price: 50, onSalePrice: 50 }).returning();
    await db.insert(shoppingCarts).values({ memberId: member!.id, productId: product!.id, qty: 1 });
    // NULLS NOT DISTINCT: a product without a spec still has only one line.
    expect(
      await pgErrorCode(() =>
        db.insert(shoppingCarts).values({ memberId: member!.id, productId: product!.id, qty: 2 }),
      ),
    ).toBe('23505');
  });
});

/** The migrations drizzle recorded as applied, oldest first. */
async function appliedMigrations(db: TestDatabase['db']): Promise<Array<{ hash: string; created_at: string }>> {
  const result = (await db.execute(
    sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`,
  )) as {
    rows: Array<{ hash: string; created_at: string }>;
  };
  return result.rows;
}

describe('a process that did not migrate', () => {
  let behind: TestDatabase;
  beforeAll(async () => {
    behind = await createTestDatabase();
  });
  afterAll(() => behind?.cleanup());

  it('starts on a database with every migration its code ships', async () => {
    await expect(behind.assertMigrated()).resolves.toBeUndefined();
  });

  it('refuses, in zh-TW and English, a database that lacks the latest migration', async () => {
    const applied = await appliedMigrations(behind.db);
    await behind.db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${applied.at(-1)!.created_at}`,
    );
    const refusal = await behind.assertMigrated().then(
      () => null,
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(SchemaBehindError);
    expect((refusal as SchemaBehindError).missing).toEqual([latestShippedTag()]);
    expect((refusal as Error).message).toContain('資料庫結構比程式舊');
    expect((refusal as Error).message).toContain('older than this code');
  });

  it('counts every migration missing from an empty database', async () => {
    const empty = await createTestDatabase(undefined, { migrated: false });
    try {
      const missing = await missingMigrations(
        async (text) => (await empty.db.execute(sql.raw(text))) as { rows: unknown[] },
      );
      expect(missing).toHaveLength(shippedCount());
      await expect(empty.assertMigrated()).rejects.toBeInstanceOf(SchemaBehindError);
    } finally {
      await empty.cleanup();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('processes that start at once (PostgreSQL)', () => {
  it('migrate a fresh database one after the other, applying each migration once', async () => {
    const fresh = await createTestDatabase(undefined, { migrated: false });
    const others = await Promise.all(Array.from({ length: 3 }, () => openDatabase({ url: fresh.url })));
    try {
      const outcomes = await Promise.allSettled([fresh, ...others].map((database) => database.migrate()));
      expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(Array(4).fill('ok'));
      const applied = await appliedMigrations(fresh.db);
      expect(applied).toHaveLength(shippedCount());
      expect(new Set(applied.map((m) => m.hash)).size).toBe(shippedCount());
      await expect(fresh.assertMigrated()).resolves.toBeUndefined();
    } finally {
      await Promise.all(others.map((database) => database.close()));
      await fresh.cleanup();
    }
  }, 60_000);

  it('wait for the process that holds the migration lock, then check', async () => {
    const database = await createTestDatabase();
    const migrator = new pg.Client({ connectionString: database.url });
    await migrator.connect();
    try {
      const [latest] = (await appliedMigrations(database.db)).slice(-1);
      await database.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${latest!.created_at}`);
      await migrator.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      let settled = false;
      const check = database.assertMigrated().finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(settled).toBe(false);
      // The lock holder finishes the migration it was applying, then lets go.
      await migrator.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
        latest!.hash,
        latest!.created_at,
      ]);
      await migrator.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await expect(check).resolves.toBeUndefined();
    } finally {
      await migrator.end();
      await database.cleanup();
    }
  });
});

// The committed migration applies on both drivers and its constraints reject bad rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { memberBonus, members, products, productSpecs, shoppingCarts } from './schema/index.ts';

let database: TestDatabase;

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

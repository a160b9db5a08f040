// patches/drizzle-orm+0.44.7.patch (decision 066): a pooled transaction always gives its connection
// back. Unpatched, a BEGIN that fails (the connection was cut just after it left the pool) kept the
// connection checked out for good; ten of them left the pool empty and the shop answered 503 until
// restarted.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

/** A pool whose one connection fails the statements `fails` names, and records each release. */
function poolWith(fails: (statement: string) => boolean) {
  const released: unknown[] = [];
  const statements: string[] = [];
  class OneConnectionPool extends pg.Pool {
    // A stand-in connection: only what a drizzle transaction calls.
    override async connect(): Promise<pg.PoolClient> {
      return {
        async query(config: { text: string }) {
          statements.push(config.text);
          if (fails(config.text)) throw new Error('Connection terminated unexpectedly');
          return { rows: [], fields: [], command: 'SELECT', rowCount: 0 };
        },
        release: (err?: unknown) => released.push(err ?? 'healthy'),
      } as unknown as pg.PoolClient;
    }
  }
  return { db: drizzle(new OneConnectionPool()), released, statements };
}

describe('a transaction on the PostgreSQL pool', () => {
  it('gives the connection back when BEGIN fails, without running the work', async () => {
    const { db, released, statements } = poolWith((s) => s === 'begin');
    let ran = false;
    await expect(
      db.transaction(async () => {
        ran = true;
      }),
    ).rejects.toThrow();
    expect(ran).toBe(false);
    expect(released).toEqual(['healthy']);
    expect(statements).toEqual(['begin']);
  });

  it('reports the first error and has the pool drop a connection that cannot even roll back', async () => {
    const { db, released } = poolWith((s) => s === 'rollback');
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('庫存不足');
      }),
    ).rejects.toThrow('庫存不足');
    expect(released).toHaveLength(1);
    expect(released[0]).toBeInstanceOf(Error);
  });

  it('commits and gives back a healthy connection', async () => {
    const { db, released, statements } = poolWith(() => false);
    await expect(db.transaction(async () => 'done')).resolves.toBe('done');
    expect(statements).toEqual(['begin', 'commit']);
    expect(released).toEqual(['healthy']);
  });
});

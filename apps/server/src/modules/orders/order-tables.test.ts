// The order's life is one module's (issue 15): only apps/server/src/modules/orders writes the orders,
// their cancel and return records, their history and the bonus balances and ledger (an order spends
// and gives back points; the back office's adjustments go through the same writer). The demo seed and test fixtures build rows
// directly and are left out; everything else that changes an order goes through this module.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../..');
const OWNER = path.join(SRC, 'modules', 'orders');
const TABLES = ['orders', 'orderCancelRecords', 'orderReturnRecords', 'orderEvents', 'bonusLedger'];
const SQL_TABLES = [
  'orders',
  'order_cancel_records',
  'order_return_records',
  'order_events',
  'member_bonus',
  'bonus_ledger',
];

/**
 * Drizzle writes (`.insert(orders)`, `tx.update(s.orders)`) and SQL ones (`UPDATE orders SET`). A
 * balance changes by an update of member_bonus; signing up inserts the member's zeroed row, which
 * changes nothing.
 */
const WRITE = new RegExp(
  [
    `\\.(insert|update|delete)\\(\\s*(s\\.)?(${TABLES.join('|')})\\s*\\)`,
    `\\b(insert\\s+into|update|delete\\s+from)\\s+"?(${SQL_TABLES.join('|')})"?\\b`,
    `\\.update\\(\\s*(s\\.)?memberBonus\\s*\\)`,
    `\\bupdate\\s+"?member_bonus"?\\b`,
  ].join('|'),
  'i',
);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Rows built for a demo or a test, not changes of a live order. */
const isFixture = (file: string) =>
  /\.test\.ts$|fixtures?\.ts$/.test(file) ||
  file.includes(`${path.sep}seed${path.sep}`) ||
  file.includes(`${path.sep}migrations${path.sep}`);

describe('who writes an order', () => {
  it('finds the writes it looks for', () => {
    expect(WRITE.test('await tx.update(orders).set({})')).toBe(true);
    expect(WRITE.test('await tx.insert(s.orderEvents).values(rows)')).toBe(true);
    expect(WRITE.test('sql`UPDATE orders SET status = 3`')).toBe(true);
    expect(WRITE.test('await tx.insert(bonusLedger).values(row)')).toBe(true);
    expect(WRITE.test('await tx.update(memberBonus).set({ bonus: 0 })')).toBe(true);
    expect(WRITE.test('await db.insert(memberBonus).values({ memberId })')).toBe(false);
    expect(WRITE.test('await tx.select().from(orders)')).toBe(false);
  });

  it('is the orders module alone', () => {
    const outside = sourceFiles(SRC)
      .filter((file) => !file.startsWith(OWNER + path.sep) && !isFixture(file))
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${path.relative(SRC, file)}:${i + 1}` }))
          .filter(({ line }) => WRITE.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(outside).toEqual([]);
  });
});

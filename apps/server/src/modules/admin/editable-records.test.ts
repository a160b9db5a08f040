import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, packageTypes, productPackages } from '../../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../../db/test-database.ts';
import { Conflict } from '../../errors.ts';
import { deleteRecord, STILL_IN_USE, type EditableTable } from './editable-records.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.cleanup());

const table: EditableTable<typeof packageTypes> = {
  table: packageTypes,
  entity: 'package_types',
  notFound: '找不到此組合分類',
  search: [packageTypes.name],
  name: packageTypes.name,
};

describe('deleteRecord', () => {
  it('answers 409 with the reason when other rows still point at the record, and keeps the transaction usable', async () => {
    const { db } = database;
    const [type] = await db.insert(packageTypes).values({ name: '伴手禮' }).returning();
    await db.insert(productPackages).values({ packageTypeId: type!.id, name: '鳳梨酥', price: 500, onSalePrice: 450 });

    const written = await db.transaction(async (tx) => {
      const refused = await deleteRecord(tx, table, { id: 1 }, type!.id, type!.version).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(Conflict);
      expect((refused as Conflict).message).toBe(STILL_IN_USE);
      // The refused delete rolled back to its savepoint: the surrounding work goes on.
      return tx.insert(packageTypes).values({ name: '彌月禮' }).returning();
    });
    expect(written).toHaveLength(1);
    expect(await db.select().from(packageTypes).where(eq(packageTypes.id, type!.id))).toHaveLength(1);
    expect(await db.select().from(auditLog).where(eq(auditLog.entity, 'package_types'))).toEqual([]);
  });
});

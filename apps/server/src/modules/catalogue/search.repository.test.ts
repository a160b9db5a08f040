import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Status } from '@shop/domain';
import { productTypeLinks, productTypes, products } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadSearchSnapshot } from './search.repository.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Equal index_id values too, so the batches must also page by id.
  const rows = [
    { name: '甲', indexId: 2 },
    { name: '乙', indexId: 1 },
    { name: '丙', indexId: 2 },
    { name: '丁', indexId: 3 },
    { name: '戊', indexId: 1 },
    { name: '停售', indexId: 1, status: Status.InActive },
    { name: '網紅', indexId: 1, internetCelebrity: true },
  ];
  for (const r of rows) await t.db.insert(products).values({ price: 1, onSalePrice: 1, ...r });
});

afterAll(() => t?.close());

describe('loadSearchSnapshot', () => {
  it.each([1, 2, 3, 1000])('reads every shown product once, by index_id then id, in batches of %i', async (batch) => {
    const snapshot = await loadSearchSnapshot(t.db, batch);
    expect(snapshot.products.map((p) => p.text.split('\n')[0])).toEqual(['乙', '戊', '甲', '丙', '丁']);
  });

  it("issue 20: holds the menu types with their families' shown products, read in the same batches", async () => {
    const [care] = await t.db.insert(productTypes).values({ name: '保養品', level: 1, indexId: 1 }).returning();
    const [face] = await t.db
      .insert(productTypes)
      .values({ name: '臉部保養', level: 2, parentId: care!.id, indexId: 1 })
      .returning();
    await t.db.insert(productTypes).values({ name: '停用', level: 1, status: Status.InActive });
    const all = await t.db.select({ id: products.id, name: products.name }).from(products);
    const id = (name: string) => all.find((p) => p.name === name)!.id;
    await t.db.insert(productTypeLinks).values([
      { productId: id('甲'), productTypeId: face!.id },
      { productId: id('丁'), productTypeId: care!.id },
      { productId: id('乙'), productTypeId: face!.id },
      { productId: id('停售'), productTypeId: face!.id },
    ]);
    for (const batch of [1, 1000]) {
      const { types } = await loadSearchSnapshot(t.db, batch);
      expect(types).toEqual([
        { name: '保養品', productIds: [id('乙'), id('甲'), id('丁')] },
        { name: '臉部保養', productIds: [id('乙'), id('甲')] },
      ]);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Status } from '@shop/domain';
import { products } from '../../db/schema/index.ts';
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
});

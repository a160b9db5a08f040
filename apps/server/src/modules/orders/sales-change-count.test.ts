// The count a kept sales report goes by (docs/decisions/093) moves with every change the report reads
// outside the lifecycle's payments and refunds: a cancel or return request made or handled, a rebuild.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertOrder } from '../admin-orders/test-fixtures.ts';
import {
  insertCancelRecord,
  insertReturnRecord,
  updateCancelRecord,
  updateReturnRecord,
} from './after-sales-records.repository.ts';
import { rebuildSalesSummary } from './sales-summary-rebuild.ts';
import { readSalesVersion } from './sales-summary.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the count of changes the sales report reads', () => {
  it('moves once per request made or handled, not for a second request of the same order', async () => {
    const order = await insertOrder(t.db);
    const request = { orderId: order.id, orderNumber: order.orderNumber, contactPhone: '0911000111', reason: '買錯了' };
    const start = await readSalesVersion(t.db);

    const cancel = await t.db.transaction((tx) => insertCancelRecord(tx, request));
    expect(await readSalesVersion(t.db)).toBe(start + 1);
    expect(await t.db.transaction((tx) => insertCancelRecord(tx, request))).toBeUndefined();
    expect(await readSalesVersion(t.db)).toBe(start + 1);
    await t.db.transaction((tx) => updateCancelRecord(tx, cancel!.id, { reason: '不想要了' }));
    expect(await readSalesVersion(t.db)).toBe(start + 2);

    const returned = await t.db.transaction((tx) =>
      insertReturnRecord(tx, { ...request, contactPerson: '王小明', spec: '全部商品', reason: '包裝破損' }),
    );
    await t.db.transaction((tx) => updateReturnRecord(tx, returned!.id, { refundAmount: 100 }));
    expect(await readSalesVersion(t.db)).toBe(start + 4);

    await rebuildSalesSummary(t.db);
    expect(await readSalesVersion(t.db)).toBe(start + 5);
  });
});

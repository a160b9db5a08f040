// The daily sums under payments confirmed at the same moment (issue 42): parallel transactions add to
// the same day's rows with INSERT … ON CONFLICT DO UPDATE SET x = x + excluded.x, so none is lost and
// none deadlocks, and the count of changes the kept reports go by moves once for each. PGlite is one
// connection and cannot overlap transactions: skipped there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { salesSummary } from '../orders/index.ts';
import { insertOrder, insertProduct, productLine } from '../admin-orders/test-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const PAID = new Date('2026-08-19T15:30:00Z'); // 23:30 on the 19th in Taipei

describe.skipIf(!onPostgres)('daily sums of parallel payments on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => PAID });
  });
  afterAll(() => t?.close());

  it('30 payments confirmed at once, each of two products in either order, add up exactly', async () => {
    const tea = await insertProduct(t.db, '高山茶', 500, null);
    const cake = await insertProduct(t.db, '鳳梨酥', 300, null);
    const orders = [];
    for (let i = 0; i < 30; i++) {
      const lines = i % 2 ? [productLine(tea, 1), productLine(cake, 2)] : [productLine(cake, 2), productLine(tea, 1)];
      orders.push(await insertOrder(t.db, { lines, values: { createdAt: PAID } }));
    }
    const countBefore = await salesSummary.readSalesVersion(t.db);
    const replies = await Promise.all(
      orders.map((o) =>
        t.asStaff('staff', 'POST', `/api/v1/admin/orders/${o.id}/payment-confirmation`, { version: o.version }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(orders.map(() => 200));
    // The count every kept report is checked against moved once per payment, none lost (decision 093).
    expect(await salesSummary.readSalesVersion(t.db)).toBe(countBefore + 30);

    const report = (await t.asStaff('staff', 'GET', '/api/v1/admin/reports/sales?from=2026-08-19&to=2026-08-19')).json()
      .data;
    // Each order: NT$500 + 2 × NT$300 + NT$100 shipping.
    expect(report.totals).toMatchObject({ orders: 30, revenue: 30 * 1_200, refunds: 0 });
    expect(report.top_products).toEqual([
      { products_id: cake.product.id, name: '鳳梨酥', units: 60, revenue: 18_000 },
      { products_id: tea.product.id, name: '高山茶', units: 30, revenue: 15_000 },
    ]);
  });
});

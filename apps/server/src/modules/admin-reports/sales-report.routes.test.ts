// The owner's numbers (issue 42): orders placed, paid, refunded and cancelled around a Taiwan midnight,
// moved through the back office's own routes, add up exactly on the day each payment and refund
// belongs to; the kept sums equal the sums computed again from the orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryMethod, OrderStatus, PaymentMethod } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { eq } from 'drizzle-orm';
import {
  orderCancelRecords,
  orderReturnRecords,
  orders,
  salesDaily,
  salesDailyProducts,
  salesMemberDays,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rebuildSalesSummary } from '../orders/index.ts';
import {
  insertCancelRecord,
  insertMember,
  insertOrder,
  insertProduct,
  insertReturnRecord,
  productLine,
  type OrderFixture,
  type ProductFixture,
} from '../admin-orders/test-fixtures.ts';

// Taiwan midnight between 19 and 20 August 2026 is 2026-08-19T16:00Z.
const BEFORE_MIDNIGHT = new Date('2026-08-19T15:59:00Z'); // 23:59 on the 19th in Taipei
const AT_MIDNIGHT = new Date('2026-08-19T16:00:00Z'); // 00:00 on the 20th
const LATE_UTC = new Date('2026-08-19T23:30:00Z'); // 07:30 on the 20th: the next Taiwan day
const NEXT_NOON = new Date('2026-08-20T04:00:00Z');

let clock = BEFORE_MIDNIGHT;
let t: TestApp;
let tea: ProductFixture;
let cake: ProductFixture;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  tea = await insertProduct(t.db, '高山茶', 500, 100);
  cake = await insertProduct(t.db, '鳳梨酥', 300, 100);
});
afterAll(() => t?.close());

async function at<T>(when: Date, step: () => Promise<T>): Promise<T> {
  clock = when;
  return step();
}

async function post(path: string, body: object) {
  const res = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${path}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; version: number; pay_amount: number };
}

/** An unpaid order placed at `placed`, paid through 確認付款 at `paid`. */
async function paidOrder(
  lines: ReturnType<typeof productLine>[],
  placed: Date,
  paid: Date,
  values: OrderFixture['values'] = {},
  memberId: number | null = null,
) {
  const order = await insertOrder(t.db, { memberId, lines, values: { createdAt: placed, ...values } });
  return at(paid, () => post(`${order.id}/payment-confirmation`, { version: order.version }));
}

const report = (from: string, to: string) =>
  t.asStaff('staff', 'GET', `/api/v1/admin/reports/sales?from=${from}&to=${to}`);

async function keptSums(db: Db) {
  const order = (a: object, b: object) => JSON.stringify(a).localeCompare(JSON.stringify(b));
  const [days, products, members] = await Promise.all([
    db.select().from(salesDaily),
    db.select().from(salesDailyProducts),
    db.select().from(salesMemberDays),
  ]);
  return { days: days.sort(order), products: products.sort(order), members: members.sort(order) };
}

describe('the sales report around a Taiwan midnight', () => {
  it('counts payments on their Taiwan day, refunds on theirs, and cancelled unpaid orders nowhere', async () => {
    const buyer = await insertMember(t.db, { createdAt: AT_MIDNIGHT });
    // 19th: 2 teas + NT$100 shipping, paid at 23:59 by a member.
    await paidOrder([productLine(tea, 2)], BEFORE_MIDNIGHT, BEFORE_MIDNIGHT, {}, buyer.id); // 1,100
    // 20th: paid at 00:00 sharp, and one paid at 23:30 UTC on the 19th (07:30 in Taipei on the 20th).
    await paidOrder([productLine(cake, 1)], BEFORE_MIDNIGHT, AT_MIDNIGHT, {
      deliveryMethod: DeliveryMethod.ConvenienceStore,
    }); // 400
    await paidOrder(
      [productLine(tea, 1), productLine(cake, 2)],
      AT_MIDNIGHT,
      LATE_UTC,
      { paymentType: PaymentMethod.VirtualAccount },
      buyer.id,
    ); // 1,200
    // Cancelled before paying: counts nowhere.
    await insertOrder(t.db, {
      lines: [productLine(tea, 9)],
      values: { createdAt: AT_MIDNIGHT, status: OrderStatus.Cancel },
    });
    // Paid on the 19th, cancellation approved, refunded by hand on the 20th: NT$1,600 back that day.
    const cancelled = await paidOrder([productLine(tea, 3)], BEFORE_MIDNIGHT, BEFORE_MIDNIGHT); // 1,600
    const cancelRequest = await insertCancelRecord(t.db, await findOrder(cancelled.id));
    await requestedOnThe20th(orderCancelRecords, cancelRequest.id);
    const approved = await at(AT_MIDNIGHT, () =>
      post(`${cancelled.id}/cancel-request/approve`, { version: cancelled.version }),
    );
    await at(NEXT_NOON, () =>
      post(`${approved.id}/refund-record`, { version: approved.version, amount: 1_600, refunded_on: '2026-08-20' }),
    );
    // Paid on the 19th, shipped, returned, NT$300 of it refunded on the 20th.
    const returned = await paidOrder([productLine(cake, 1)], BEFORE_MIDNIGHT, BEFORE_MIDNIGHT); // 400
    const shipped = await at(BEFORE_MIDNIGHT, () =>
      post(`${returned.id}/shipment`, {
        version: returned.version,
        freight_company: '黑貓宅急便',
        tracking_number: 'A123',
        ship_date: '2026-08-19',
      }),
    );
    const returnRequest = await insertReturnRecord(t.db, await findOrder(shipped.id));
    await requestedOnThe20th(orderReturnRecords, returnRequest.id);
    const accepted = await at(NEXT_NOON, () =>
      post(`${shipped.id}/return-request/approve`, {
        version: shipped.version,
        items: [{ line: 0, qty: 1 }],
        refund_amount: 300,
      }),
    );
    await at(NEXT_NOON, () => post(`${accepted.id}/return-request/refund`, { version: accepted.version }));

    const res = await report('2026-08-19', '2026-08-20');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.days).toEqual([
      { date: '2026-08-19', orders: 3, revenue: 1_100 + 1_600 + 400, refunds: 0 },
      { date: '2026-08-20', orders: 2, revenue: 400 + 1_200 - 1_600 - 300, refunds: 1_900 },
    ]);
    expect(data.totals).toEqual({
      orders: 5,
      revenue: 4_700 - 1_900,
      refunds: 1_900,
      average_order_value: 940,
      new_members: 1,
      buying_members: 1,
    });
    expect(data.by_payment_type).toEqual([
      { payment_type: PaymentMethod.Transfer, orders: 4, revenue: 3_500 - 1_900, refunds: 1_900 },
      { payment_type: PaymentMethod.VirtualAccount, orders: 1, revenue: 1_200, refunds: 0 },
    ]);
    expect(data.by_delivery_method).toEqual([
      { delivery_method: DeliveryMethod.GeneralHome, orders: 4, revenue: 4_300 - 1_900, refunds: 1_900 },
      { delivery_method: DeliveryMethod.ConvenienceStore, orders: 1, revenue: 400, refunds: 0 },
    ]);
    expect(data.top_products).toEqual([
      { products_id: tea.product.id, name: '高山茶', units: 6, revenue: 3_000 },
      { products_id: cake.product.id, name: '鳳梨酥', units: 4, revenue: 1_200 },
    ]);
    expect(data.top_products_by_revenue[0].products_id).toBe(tea.product.id);
    expect(data.after_sales).toEqual({
      cancellations: 1,
      returns: 1,
      cancel_reasons: [{ reason: '買錯了', count: 1 }],
      return_reasons: [{ reason: '包裝破損', count: 1 }],
    });

    // One Taiwan day at a time: the 19th alone, against the 18th (nothing).
    const day = (await report('2026-08-19', '2026-08-19')).json().data;
    expect(day.totals).toMatchObject({ orders: 3, revenue: 3_100, refunds: 0 });
    expect(day.previous).toMatchObject({ from: '2026-08-18', to: '2026-08-18', totals: { orders: 0, revenue: 0 } });

    // The sums kept by each move are the sums computed again from the orders.
    const kept = await keptSums(t.db);
    await rebuildSalesSummary(t.db);
    expect(await keptSums(t.db)).toEqual(kept);
  });

  it('shows a payment, a refund and a rebuild made after the same range was read', async () => {
    // Another month, so the midnight story's orders do not count here.
    const ON_THE_3RD = new Date('2026-09-03T04:00:00Z');
    const totals = async () => (await report('2026-09-01', '2026-09-30')).json().data.totals;
    expect(await totals()).toMatchObject({ orders: 0, revenue: 0 });
    expect(await totals()).toMatchObject({ orders: 0, revenue: 0 }); // the second is the kept answer

    const paid = await paidOrder([productLine(tea, 1)], ON_THE_3RD, ON_THE_3RD); // 600
    expect(await totals()).toMatchObject({ orders: 1, revenue: 600, refunds: 0 });

    await insertCancelRecord(t.db, await findOrder(paid.id));
    const approved = await at(ON_THE_3RD, () => post(`${paid.id}/cancel-request/approve`, { version: paid.version }));
    await at(ON_THE_3RD, () =>
      post(`${approved.id}/refund-record`, { version: approved.version, amount: 600, refunded_on: '2026-09-03' }),
    );
    expect(await totals()).toMatchObject({ orders: 1, revenue: 0, refunds: 600 });

    // An order written straight to the table, as the bulk seed writes them, counts once the sums are
    // rebuilt: the rebuild moves the count too.
    await insertOrder(t.db, {
      lines: [productLine(cake, 1)],
      values: { createdAt: ON_THE_3RD, isPayment: true, paidAt: ON_THE_3RD },
    }); // 400
    expect(await totals()).toMatchObject({ orders: 1 }); // nothing counted it yet: the kept answer
    await rebuildSalesSummary(t.db);
    expect(await totals()).toMatchObject({ orders: 2, revenue: 400, refunds: 600 });
  });

  it('answers 400 with a reason for a bad, reversed or too long range', async () => {
    for (const [query, reason] of [
      ['from=2026-02-30&to=2026-03-01', '日期格式應為 yyyy-MM-dd'],
      ['from=2026-08-20&to=2026-08-19', '開始日期不能晚於結束日期'],
      ['from=2025-01-01&to=2026-01-02', '查詢區間最多 366 天'],
      ['to=2026-08-19', '日期格式應為 yyyy-MM-dd'],
    ] as const) {
      const res = await t.asStaff('staff', 'GET', `/api/v1/admin/reports/sales?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(reason);
    }
    // 366 days (a leap year's worth) is allowed.
    expect((await report('2028-01-01', '2028-12-31')).statusCode).toBe(200);
  });

  it('exports a block as CSV for Excel and keeps the report from shoppers', async () => {
    const res = await t.asStaff(
      'staff',
      'GET',
      '/api/v1/admin/reports/sales/export?from=2026-08-19&to=2026-08-20&block=days',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('sales-days-20260819-20260820.csv');
    expect(res.body.startsWith('\uFEFF"日期","付款訂單數"')).toBe(true);
    expect(res.body).toContain('"2026-08-20",2,-300,1900\r\n');
    const bad = await t.asStaff(
      'staff',
      'GET',
      '/api/v1/admin/reports/sales/export?from=2026-08-19&to=2026-08-20&block=x',
    );
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/reports/sales?from=2026-08-19&to=2026-08-20',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

async function findOrder(id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** The request was made on the 20th in Taipei (the fixtures write the wall clock's time). */
async function requestedOnThe20th(table: typeof orderCancelRecords | typeof orderReturnRecords, id: number) {
  await t.db.update(table).set({ createdAt: AT_MIDNIGHT }).where(eq(table.id, id));
}

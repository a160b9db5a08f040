import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, PaymentMethod } from '@shop/domain';
import { jobs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  insertOrder,
  insertProduct,
  productLine,
  type OrderFixture,
  type ProductFixture,
} from '../admin-orders/test-fixtures.ts';

// 12:00 in Taipei on 2026-08-20: "today" began at 2026-08-19T16:00Z, "this month" at 2026-07-31T16:00Z.
const NOW = new Date('2026-08-20T04:00:00Z');
const TODAY = new Date('2026-08-20T02:00:00Z');
const EARLIER_THIS_MONTH = new Date('2026-08-05T02:00:00Z');
const LAST_MONTH = new Date('2026-07-31T15:00:00Z');

let t: TestApp;
let tea: ProductFixture;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  tea = await insertProduct(t.db, '高山茶', 500, null);
});
afterAll(() => t?.close());

/** An order of `qty` teas (NT$500 each) and NT$100 shipping, placed at `createdAt`. */
const order = (qty: number, createdAt: Date, values: OrderFixture['values'] = {}) =>
  insertOrder(t.db, { lines: [productLine(tea, qty)], values: { createdAt, ...values } });

describe('the dashboard’s figures', () => {
  it('counts only paid orders as revenue and shows the unpaid ones apart', async () => {
    // Today: a paid remittance and a card payment, an abandoned card order, two unpaid ATM orders,
    // cash on delivery shipped but not yet collected, and a cancelled order.
    await order(1, TODAY, { paymentType: PaymentMethod.Transfer, isPayment: true, paidAt: TODAY }); // 600
    await order(2, TODAY, { paymentType: PaymentMethod.Credit, isPayment: true, paidAt: TODAY }); // 1,100
    await order(3, TODAY, { paymentType: PaymentMethod.Credit }); // 1,600 abandoned at the card page
    await order(1, TODAY, { paymentType: PaymentMethod.VirtualAccount }); // 600
    await order(4, TODAY, { paymentType: PaymentMethod.VirtualAccount }); // 2,100
    await order(1, TODAY, {
      paymentType: PaymentMethod.CashOnDelivery,
      status: OrderStatus.Complete,
      isShipping: true,
    }); // 600
    await order(5, TODAY, { paymentType: PaymentMethod.Credit, status: OrderStatus.Cancel }); // left out
    await order(5, TODAY, { paymentType: PaymentMethod.Credit, status: OrderStatus.Failed }); // left out
    // Earlier this month: one paid, one unpaid. Last month (23:00 Taipei on 31 July): not this month.
    await order(6, EARLIER_THIS_MONTH, { isPayment: true, paidAt: EARLIER_THIS_MONTH }); // 3,100
    await order(7, EARLIER_THIS_MONTH, { paymentType: PaymentMethod.VirtualAccount }); // 3,600
    await order(9, LAST_MONTH, { isPayment: true, paidAt: LAST_MONTH }); // 4,600

    const res = await t.asStaff('staff', 'GET', '/api/v1/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const { today, month } = res.json().data;
    expect(today).toEqual({
      orders: 6,
      revenue: 600 + 1_100,
      unpaid: { orders: 4, amount: 1_600 + 600 + 2_100 + 600 },
    });
    expect(month).toEqual({
      orders: 8,
      revenue: 600 + 1_100 + 3_100,
      unpaid: { orders: 5, amount: 1_600 + 600 + 2_100 + 600 + 3_600 },
    });
  });
});

describe('trouble with the background jobs', () => {
  const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
  /** A job whose last try failed `attempts` tries in, `minutes` ago. */
  const failedTry = (kind: string, status: 'queued' | 'running' | 'failed', attempts: number, minutes: number) =>
    t.db.insert(jobs).values({
      kind,
      status,
      attempts,
      lastError: 'HTTP 502',
      updatedAt: minutesAgo(minutes),
      runAt: minutesAgo(minutes),
    });

  it('counts failed jobs and names a service that failed three times or more in the last hour', async () => {
    const before = (await t.asStaff('owner', 'GET', '/api/v1/admin/dashboard')).json().data.jobs;
    expect(before).toEqual({ failed_jobs: 0, failing_providers: [] });

    // Logistics: two shipments failing, 2 + 1 failed tries (the running one's third try is not over).
    await failedTry('create-shipment', 'queued', 2, 10);
    await failedTry('create-shipment', 'running', 2, 1);
    // E-invoices: two failed tries within the hour, not yet "again and again".
    await failedTry('issue-invoice', 'queued', 2, 5);
    // Notifications: parked two hours ago, so it is a failed job but no failing service now.
    await failedTry('notify-order', 'failed', 5, 120);
    // LINE Pay: parked after five tries, the last 20 minutes ago.
    await failedTry('linepay-confirm', 'failed', 5, 20);

    const res = await t.asStaff('staff', 'GET', '/api/v1/admin/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.jobs).toEqual({
      failed_jobs: 2,
      failing_providers: [
        { provider: 'linepay', name: 'LINE Pay', failures: 5 },
        { provider: 'logistics', name: '物流（綠界）', failures: 3 },
      ],
    });
  });
});

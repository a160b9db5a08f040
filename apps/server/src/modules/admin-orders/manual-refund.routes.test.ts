// 記錄退款 and the order's money in the back office (issue 16 items 2 and 4): a cancelled order paid
// by transfer gets its refund recorded by the staff (amount, day, note), once; the order page lists
// every payment and refund, and the jobs that failed for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentMethod } from '@shop/domain';
import { jobs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertCancelRecord, insertMember, insertOrder, insertProduct, productLine } from './test-fixtures.ts';

const NOW = new Date('2026-11-26T04:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t?.close());

const detail = async (id: number) => (await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${id}`)).json().data;

/** A transfer order, paid, whose cancellation the staff approved: the shop owes its money back. */
async function cancelledPaidOrder() {
  const member = await insertMember(t.db);
  const tea = await insertProduct(t.db, '文山包種茶', 450);
  const order = await insertOrder(t.db, {
    memberId: member.id,
    lines: [productLine(tea, 2)],
    values: { paymentType: PaymentMethod.Transfer, isPayment: true, paidAt: NOW },
  });
  await insertCancelRecord(t.db, order);
  const approved = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/cancel-request/approve`, {
    version: order.version,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json().data as { id: number; version: number; pay_amount: number };
}

describe('記錄退款', () => {
  it('records the refund once: the order reads refunded, the page lists it with who recorded it', async () => {
    const order = await cancelledPaidOrder();
    expect(order.pay_amount).toBe(1000);
    const res = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/refund-record`, {
      version: order.version,
      amount: 1000,
      refunded_on: '2026-11-26',
      note: '已匯至 台灣銀行 ****9012',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await detail(order.id);
    expect(after.refunded_at).toBe(NOW.toISOString());
    expect(after.events.at(-1)).toMatchObject({
      event: 'refund',
      from_state: 'cancelled',
      to_state: 'refunded',
      actor: 'staff',
    });
    expect(after.payments).toEqual([
      expect.objectContaining({
        provider: 'manual',
        kind: 'refund',
        amount: 1000,
        status: 'succeeded',
        message: '已匯至 台灣銀行 ****9012',
        staff_name: expect.any(String),
        created_at: '2026-11-25T16:00:00.000Z',
      }),
    ]);

    const again = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/refund-record`, {
      version: after.version,
      amount: 1000,
      refunded_on: '2026-11-26',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('訂單目前為「已退款」，無法退款');
    expect((await detail(order.id)).payments).toHaveLength(1);
  });

  it.each([
    ['more than was paid', { amount: 1001 }, 'amount', '退款金額不能超過訂單實付金額 1000 元'],
    ['a day still to come', { refunded_on: '2026-11-27' }, 'refunded_on', '退款日期不能晚於今天'],
    ['no amount', { amount: undefined }, 'amount', '請輸入退款金額'],
    ['a date that is not one', { refunded_on: '2026-02-30' }, 'refunded_on', undefined],
  ])('refuses %s on its field and writes nothing', async (_what, change, field, message) => {
    const order = await cancelledPaidOrder();
    const body = { version: order.version, amount: 1000, refunded_on: '2026-11-26', ...change };
    const res = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/refund-record`, body);
    expect(res.statusCode).toBe(400);
    const error = res.json().errors.find((e: { field: string }) => e.field === field);
    expect(error).toBeDefined();
    if (message) expect(error.msg).toBe(message);
    expect((await detail(order.id)).refunded_at).toBeNull();
  });

  it('refuses an order with nothing to refund (409) and a stale form (409)', async () => {
    const member = await insertMember(t.db);
    const open = await insertOrder(t.db, { memberId: member.id, values: { isPayment: true } });
    const res = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${open.id}/refund-record`, {
      version: open.version,
      amount: 100,
      refunded_on: '2026-11-26',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('訂單目前為「已付款」，無法退款');
    const order = await cancelledPaidOrder();
    const stale = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/refund-record`, {
      version: order.version - 1,
      amount: 1000,
      refunded_on: '2026-11-26',
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe("the order's failed jobs", () => {
  it('are listed on the order page with their last error', async () => {
    const order = await cancelledPaidOrder();
    await t.db.insert(jobs).values([
      {
        kind: 'refund-payment',
        payload: { orderId: order.id },
        status: 'failed',
        attempts: 5,
        lastError: 'Error: LINE Pay refused the refund: 1155',
      },
      { kind: 'refund-payment', payload: { orderId: order.id + 1000 }, status: 'failed', attempts: 5 },
      { kind: 'refund-payment', payload: { orderId: order.id }, status: 'done', attempts: 1 },
    ]);
    expect((await detail(order.id)).failed_jobs).toEqual([
      expect.objectContaining({
        kind: 'refund-payment',
        attempts: 5,
        last_error: 'Error: LINE Pay refused the refund: 1155',
      }),
    ]);
  });
});

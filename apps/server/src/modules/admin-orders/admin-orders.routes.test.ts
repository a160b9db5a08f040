import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CancelStatus, OrderStatus, PaymentMethod, ReturnStatus } from '@shop/domain';
import { auditLog, memberBonus, productSpecs } from '../../db/schema/index.ts';
import { errorsByField } from '../../test/replies.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  insertCancelRecord,
  insertMember,
  insertOrder,
  insertProduct,
  insertReturnRecord,
  productLine,
  type ProductFixture,
} from './test-fixtures.ts';

const NOW = new Date('2026-06-10T04:00:00Z');
let t: TestApp;
let tea: ProductFixture;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  tea = await insertProduct(t.db, '高山茶', 500, 10);
});
afterAll(() => t?.close());

type Res = Awaited<ReturnType<TestApp['asStaff']>>;
const data = (res: Res) => res.json().data;

async function stockOf(fixture: ProductFixture) {
  const [row] = await t.db.select().from(productSpecs).where(eq(productSpecs.id, fixture.spec.id));
  return row!.stock;
}

async function bonusOf(memberId: number) {
  const [row] = await t.db.select().from(memberBonus).where(eq(memberBonus.memberId, memberId));
  return row!.bonus;
}

describe('who may handle orders', () => {
  it('staff and owner may; a member token, the guest credential and no token may not', async () => {
    expect((await t.asStaff('staff', 'GET', '/api/v1/admin/orders')).statusCode).toBe(200);
    expect((await t.asStaff('owner', 'GET', '/api/v1/admin/orders')).statusCode).toBe(200);
    expect((await t.asMember(1, 'GET', '/api/v1/admin/orders')).statusCode).toBe(401);
    expect((await t.guest('GET', '/api/v1/admin/orders')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/orders/export' })).statusCode).toBe(401);
  });
});

describe('the order list and export', () => {
  it('filters by payment, shipping, number and phone, pages with X-Total-Count, and exports Excel-ready CSV', async () => {
    const paid = await insertOrder(t.db, {
      lines: [productLine(tea, 1)],
      values: {
        isPayment: true,
        recvCellphone: '0987654321',
        recvName: '陳美麗',
        createdAt: new Date('2026-06-09T02:00:00Z'),
      },
    });
    await insertOrder(t.db, { lines: [productLine(tea, 2)], values: { createdAt: new Date('2026-06-01T02:00:00Z') } });

    const unpaid = await t.asStaff('staff', 'GET', '/api/v1/admin/orders?payment=unpaid&size=1');
    expect(Number(unpaid.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    expect(data(unpaid)).toHaveLength(1);
    expect(data(unpaid)[0].is_payment).toBe(false);

    const byPhone = await t.asStaff('staff', 'GET', '/api/v1/admin/orders?phone=0987');
    expect(data(byPhone).map((o: { id: number }) => o.id)).toEqual([paid.id]);
    const byNumber = await t.asStaff('staff', 'GET', `/api/v1/admin/orders?order_number=${paid.orderNumber}`);
    expect(data(byNumber).map((o: { id: number }) => o.id)).toEqual([paid.id]);
    const byDate = await t.asStaff('staff', 'GET', '/api/v1/admin/orders?from=2026-06-09&to=2026-06-09');
    expect(data(byDate).map((o: { id: number }) => o.id)).toEqual([paid.id]);

    const bad = await t.asStaff('staff', 'GET', '/api/v1/admin/orders?from=2026-06-09&to=2026-06-01&status=9');
    expect(errorsByField(bad)).toMatchObject({ to: '結束日期不可早於開始日期', status: '訂單狀態不正確' });

    const csv = await t.asStaff('staff', 'GET', '/api/v1/admin/orders/export?phone=0987');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="orders-20260610.csv"');
    // A UTF-8 byte order mark makes Excel read the Chinese text correctly.
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain('訂單編號');
    expect(csv.body).toContain('陳美麗');
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);

    // Buyers' names, phones and addresses left the shop: who took them, when and which (issue 19).
    const audit = await t.asStaff(
      'owner',
      'GET',
      '/api/v1/admin/audit-log?entity=orders&entity_id=orders-20260610.csv',
    );
    expect(audit.json().data).toEqual([
      expect.objectContaining({
        action: 'export',
        staff_id: await t.staffId('staff'),
        after: expect.objectContaining({ filter: expect.objectContaining({ phone: '0987' }), rows: 1 }),
      }),
    ]);
    expect(audit.json().data[0].after.order_numbers).toHaveLength(1);
    expect(audit.json().data[0].created_at).toEqual(expect.any(String));
  });
});

describe('handling an order', () => {
  it('confirms a notified transfer, then ships it with carrier, tracking number and date', async () => {
    const order = await insertOrder(t.db, {
      lines: [productLine(tea, 1)],
      values: {
        paymentType: PaymentMethod.Transfer,
        lastNumberOfTransfer: '12345',
        createdAt: new Date('2026-06-08T02:00:00Z'),
      },
    });
    const todo = await t.asStaff('staff', 'GET', '/api/v1/admin/orders?todo=payment');
    expect(data(todo).map((o: { id: number }) => o.id)).toContain(order.id);

    const detail = data(await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${order.id}`));
    expect(detail).toMatchObject({ last_number_of_transfer: '12345', is_payment: false, version: order.version });

    const early = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/shipment`, {
      version: detail.version,
      freight_company: '黑貓宅急便',
      tracking_number: '9055-1234-5678',
      ship_date: '2026-06-10',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toBe('此訂單尚未確認付款，無法出貨');

    const paid = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/payment-confirmation`, {
      version: detail.version,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(data(paid)).toMatchObject({ is_payment: true, version: detail.version + 1 });
    const twice = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/payment-confirmation`, {
      version: detail.version,
    });
    expect(twice.statusCode).toBe(409);

    const future = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/shipment`, {
      version: detail.version + 1,
      freight_company: '黑貓宅急便',
      tracking_number: '9055-1234-5678',
      ship_date: '2026-06-11',
    });
    expect(errorsByField(future).ship_date).toBe('出貨日期不可晚於今天');

    const shipped = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/shipment`, {
      version: detail.version + 1,
      freight_company: '黑貓宅急便',
      tracking_number: '9055-1234-5678',
      ship_date: '2026-06-10',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(data(shipped)).toMatchObject({
      is_shipping: true,
      status: OrderStatus.Complete,
      freight_company: '黑貓宅急便',
      tracking_number: '9055-1234-5678',
    });
    // The order's history: each move with the state it came from and went to, and who made it.
    expect(data(shipped).events).toEqual([
      expect.objectContaining({ event: 'pay', from_state: 'placed', to_state: 'paid', actor: 'staff' }),
      expect.objectContaining({
        event: 'ship',
        from_state: 'paid',
        to_state: 'shipped',
        actor: 'staff',
        actor_name: expect.any(String),
        reason: '黑貓宅急便 9055-1234-5678',
      }),
    ]);
  });

  it('approves a cancel request: the order is cancelled, stock and bonus points come back', async () => {
    const member = await insertMember(t.db, {}, 100);
    const stock = await stockOf(tea);
    const order = await insertOrder(t.db, {
      memberId: member.id,
      lines: [productLine(tea, 2)],
      values: { useBonus: 50 },
    });
    await insertCancelRecord(t.db, order);
    const res = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/cancel-request/approve`, {
      version: order.version,
      note: '客人來電確認',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res)).toMatchObject({ status: OrderStatus.Cancel, cancel_record: { status: CancelStatus.Approve } });
    expect(await stockOf(tea)).toBe(stock! + 2);
    expect(await bonusOf(member.id)).toBe(150);
  });

  it('rejects a cancel request: the order goes on', async () => {
    const order = await insertOrder(t.db, { lines: [productLine(tea, 1)] });
    await insertCancelRecord(t.db, order);
    const res = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/cancel-request/reject`, {
      version: order.version,
    });
    expect(data(res)).toMatchObject({
      status: OrderStatus.Processing,
      cancel_record: { status: CancelStatus.Canceled },
    });
  });

  it('settles a partial return: Returning → Refunding (stock back) → PartialReturned', async () => {
    const other = await insertProduct(t.db, '茶杯', 300, 4);
    const order = await insertOrder(t.db, {
      lines: [productLine(tea, 2), productLine(other, 1)],
      values: {
        status: OrderStatus.Complete,
        isPayment: true,
        isShipping: true,
        shipDate: new Date('2026-06-05T00:00:00Z'),
      },
    });
    await insertReturnRecord(t.db, order);
    const stock = await stockOf(other);
    const current = data(await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${order.id}`));
    const tooMuch = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/return-request/approve`, {
      version: current.version,
      items: [{ line: 1, qty: 2 }],
      refund_amount: 300,
    });
    expect(errorsByField(tooMuch)['items.0.qty']).toBe('退貨數量不可超過 1');

    const approved = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/return-request/approve`, {
      version: current.version,
      items: [{ line: 1, qty: 1 }],
      refund_amount: 300,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(data(approved).return_record).toMatchObject({ status: ReturnStatus.Refunding, refund_amount: 300 });
    expect(await stockOf(other)).toBe(stock! + 1);

    const refunded = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/return-request/refund`, {
      version: data(approved).version,
    });
    expect(data(refunded).return_record.status).toBe(ReturnStatus.PartialReturned);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'orders'), eq(auditLog.entityId, String(order.id))));
    expect(rows.map((r) => r.action)).toEqual(['approve-return', 'refund-return']);
  });

  it('refuses a return and answers 409 for a stale version', async () => {
    const order = await insertOrder(t.db, {
      lines: [productLine(tea, 1)],
      values: { status: OrderStatus.Complete, isPayment: true, isShipping: true },
    });
    await insertReturnRecord(t.db, order);
    const current = data(await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${order.id}`));
    const stale = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/return-request/reject`, {
      version: current.version + 1,
    });
    expect(stale.statusCode).toBe(409);
    const rejected = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/return-request/reject`, {
      version: current.version,
      note: '超過鑑賞期',
    });
    expect(data(rejected).return_record.status).toBe(ReturnStatus.Cancel);
  });

  it('answers 404 for an unknown order and 400 for a body without version', async () => {
    expect((await t.asStaff('staff', 'GET', '/api/v1/admin/orders/999999')).statusCode).toBe(404);
    const res = await t.asStaff('staff', 'POST', '/api/v1/admin/orders/1/payment-confirmation', {});
    expect(errorsByField(res).version).toBe('缺少資料版本，請重新整理後再試');
  });
});

describe('the dashboard', () => {
  it('counts today, this month and the work waiting', async () => {
    await insertOrder(t.db, {
      lines: [productLine(tea, 1)],
      values: {
        createdAt: new Date('2026-06-10T01:00:00Z'),
        paymentType: PaymentMethod.Transfer,
        lastNumberOfTransfer: '54321',
      },
    });
    const res = await t.asStaff('staff', 'GET', '/api/v1/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const d = data(res);
    expect(d.today.orders).toBeGreaterThanOrEqual(1);
    expect(d.month.orders).toBeGreaterThanOrEqual(d.today.orders);
    expect(d.todo.payment).toBeGreaterThanOrEqual(1);
    expect(d).toHaveProperty('unread_messages');
    expect((await t.asMember(1, 'GET', '/api/v1/admin/dashboard')).statusCode).toBe(401);
  });
});

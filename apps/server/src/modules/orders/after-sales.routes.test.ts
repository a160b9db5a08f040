import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CancelStatus, msg, orderMsg, OrderStatus, PaymentMethod, ReturnStatus } from '@shop/domain';
import { orderCancelRecords, orderReturnRecords, uploads } from '../../db/schema/index.ts';
import { insertMember, insertSettings, insertShopOrder, useOrderTestApp } from './order-fixtures.ts';

/** 2026-06-10 12:00 in Taipei. */
const NOW = new Date('2026-06-10T04:00:00Z');

const t = useOrderTestApp({ now: () => NOW, settings: { returnDays: 7 } });

/** An upload row of the member (the bytes are not needed to refer to it). */
async function uploaded(memberId: number, n = 1): Promise<string[]> {
  const names = Array.from(
    { length: n },
    (_, i) => `members/2026/06/test-${memberId}-${i}-${Math.random().toString(36).slice(2)}.webp`,
  );
  await t.db
    .insert(uploads)
    .values(names.map((name) => ({ name, mime: 'image/webp', size: 1, ownerMemberId: memberId })));
  return names;
}

const paid = { isPayment: true, paidAt: new Date('2026-06-09T02:00:00Z'), paymentType: PaymentMethod.Credit };
/** Shipped on 2026-06-03 (Taipei): returnable until 2026-06-10 23:59:59 Taipei with 7 days. */
const shippedOn = (day: string) => ({
  ...paid,
  isShipping: true,
  shipDate: new Date(`${day}T09:00:00+08:00`),
  status: OrderStatus.Complete,
  freightCompany: '黑貓宅急便',
  trackingNumber: '905512348876',
});

const cancelBody = (orderId: number, extra: Record<string, unknown> = {}) => ({
  orders_id: orderId,
  contact_phone: '0912345678',
  reason: '買錯尺寸了',
  ...extra,
});

const returnBody = (orderId: number, pic: unknown, extra: Record<string, unknown> = {}) => ({
  orders_id: orderId,
  contact_person: '王小明',
  contact_phone: '0912345678',
  spec: '阿里山高山烏龍茶 150g 一包',
  reason: '收到時包裝破損',
  pic,
  ...extra,
});

describe('POST /order-cancel-records', () => {
  it('records a cancel request for a paid, unshipped order; the order then offers no cancel', async () => {
    const member = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, paid);
    const res = await t.asMember(
      member,
      'POST',
      '/api/v1/order-cancel-records',
      cancelBody(order.id, {
        order_number: order.orderNumber,
        members_id: member,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      orders_id: order.id,
      order_number: order.orderNumber,
      members_id: member,
      contact_phone: '0912345678',
      reason: '買錯尺寸了',
      status: CancelStatus.Canceling,
      handled_at: null,
    });
    const detail = (await t.asMember(member, 'GET', `/api/v1/orders/${order.id}`)).json().data;
    expect(detail).toMatchObject({ cancel_record: { status: CancelStatus.Canceling }, actions: { cancel: null } });
    const again = await t.asMember(member, 'POST', '/api/v1/order-cancel-records', cancelBody(order.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(msg.cancelNotAllowed);
    expect(await t.db.select().from(orderCancelRecords).where(eq(orderCancelRecords.orderId, order.id))).toHaveLength(
      1,
    );
  });

  it('refuses unpaid (cancelled directly instead), shipped and closed orders with 409', async () => {
    const member = await insertMember(t.db);
    const unpaid = await insertShopOrder(t.db, member);
    const shipped = await insertShopOrder(t.db, member, shippedOn('2026-06-08'));
    const cancelled = await insertShopOrder(t.db, member, { ...paid, status: OrderStatus.Cancel });
    for (const order of [unpaid, shipped, cancelled]) {
      const res = await t.asMember(member, 'POST', '/api/v1/order-cancel-records', cancelBody(order.id));
      expect(res.statusCode).toBe(409);
    }
  });

  it("refuses another member's order or members_id (403), a wrong order number (400), an unknown order (404)", async () => {
    const member = await insertMember(t.db);
    const other = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, paid);
    expect((await t.asMember(other, 'POST', '/api/v1/order-cancel-records', cancelBody(order.id))).statusCode).toBe(
      403,
    );
    const foreignId = await t.asMember(
      member,
      'POST',
      '/api/v1/order-cancel-records',
      cancelBody(order.id, { members_id: other }),
    );
    expect(foreignId.statusCode).toBe(403);
    const wrongNumber = await t.asMember(
      member,
      'POST',
      '/api/v1/order-cancel-records',
      cancelBody(order.id, { order_number: 'T999' }),
    );
    expect(wrongNumber.statusCode).toBe(400);
    expect(wrongNumber.json().errors).toEqual([{ field: 'order_number', msg: orderMsg.orderNumberMismatch }]);
    expect((await t.asMember(member, 'POST', '/api/v1/order-cancel-records', cancelBody(999_999))).statusCode).toBe(
      404,
    );
    expect(await t.db.select().from(orderCancelRecords).where(eq(orderCancelRecords.orderId, order.id))).toEqual([]);
  });

  it.each([
    ['contact_phone', { contact_phone: '' }, msg.required],
    ['reason', { reason: '  ' }, msg.required],
    ['reason', { reason: '因'.repeat(201) }, msg.max200],
    ['orders_id', { orders_id: 'abc' }, msg.invalidId],
  ])('answers 400 on %s', async (field, change, message) => {
    const member = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, paid);
    const res = await t.asMember(member, 'POST', '/api/v1/order-cancel-records', cancelBody(order.id, change));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, msg: message });
  });

  it("lists the member's own requests; 403 for another member", async () => {
    const member = await insertMember(t.db);
    const other = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, paid);
    await t.asMember(member, 'POST', '/api/v1/order-cancel-records', cancelBody(order.id));
    const res = await t.asMember(member, 'GET', `/api/v1/order-cancel-records-by-members-id/${member}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ orders_id: order.id, status: CancelStatus.Canceling })]);
    expect((await t.asMember(other, 'GET', `/api/v1/order-cancel-records-by-members-id/${member}`)).statusCode).toBe(
      403,
    );
  });
});

describe('POST /order-return-records', () => {
  it("records a return with the member's own pictures inside the return window", async () => {
    const member = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, shippedOn('2026-06-03'));
    const detail = (await t.asMember(member, 'GET', `/api/v1/orders/${order.id}`)).json().data;
    expect(detail).toMatchObject({
      actions: { return: true, cancel: null },
      return_deadline: '2026-06-10T15:59:59.999Z',
    });
    const pics = await uploaded(member, 2);
    const res = await t.asMember(
      member,
      'POST',
      '/api/v1/order-return-records',
      returnBody(order.id, JSON.stringify(['/uploads/' + pics[0], pics[1]])),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      orders_id: order.id,
      members_id: member,
      contact_person: '王小明',
      spec: '阿里山高山烏龍茶 150g 一包',
      pic: pics,
      status: ReturnStatus.Returning,
    });
    const after = (await t.asMember(member, 'GET', `/api/v1/orders/${order.id}`)).json().data;
    expect(after).toMatchObject({
      return_record: { status: ReturnStatus.Returning, pic: pics },
      actions: { return: false },
    });
    const again = await t.asMember(member, 'POST', '/api/v1/order-return-records', returnBody(order.id, pics));
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(msg.returnNotAllowed);
    const list = await t.asMember(member, 'GET', `/api/v1/order-return-records-by-members-id/${member}`);
    expect(list.json().data).toHaveLength(1);
  });

  it('refuses after the return window, before shipping, and on a cancelled order (409)', async () => {
    const member = await insertMember(t.db);
    const pics = await uploaded(member);
    // Shipped 2026-06-02: the window closed at the end of 2026-06-09 (Taipei).
    const late = await insertShopOrder(t.db, member, shippedOn('2026-06-02'));
    const notShipped = await insertShopOrder(t.db, member, paid);
    const cancelled = await insertShopOrder(t.db, member, { ...shippedOn('2026-06-08'), status: OrderStatus.Cancel });
    for (const order of [late, notShipped, cancelled]) {
      const res = await t.asMember(member, 'POST', '/api/v1/order-return-records', returnBody(order.id, pics));
      expect(res.statusCode).toBe(409);
    }
    expect(await t.db.select().from(orderReturnRecords).where(eq(orderReturnRecords.memberId, member))).toEqual([]);
  });

  it("counts the window in the shop settings' return_days", async () => {
    await insertSettings(t.db, { returnDays: 10 });
    try {
      const member = await insertMember(t.db);
      const order = await insertShopOrder(t.db, member, shippedOn('2026-06-02'));
      const res = await t.asMember(
        member,
        'POST',
        '/api/v1/order-return-records',
        returnBody(order.id, await uploaded(member)),
      );
      expect(res.statusCode).toBe(201);
    } finally {
      await insertSettings(t.db, { returnDays: 7 });
    }
  });

  it.each([
    ['no picture', [], msg.uploadAtLeastOne],
    ['five pictures', ['a', 'b', 'c', 'd', 'e'], msg.uploadAtMost4],
    ['not a list', 'not json', msg.uploadAtLeastOne],
  ])('answers 400 for %s', async (_label, pic, message) => {
    const member = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, shippedOn('2026-06-08'));
    const res = await t.asMember(member, 'POST', '/api/v1/order-return-records', returnBody(order.id, pic));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'pic', msg: message });
  });

  it("refuses another member's picture or an unknown one (400 on pic)", async () => {
    const member = await insertMember(t.db);
    const other = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, shippedOn('2026-06-08'));
    const [mine] = await uploaded(member);
    const [theirs] = await uploaded(other);
    for (const pic of [[mine, theirs], ['members/2026/06/nobody.webp']]) {
      const res = await t.asMember(member, 'POST', '/api/v1/order-return-records', returnBody(order.id, pic));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'pic', msg: msg.uploadNotFound }]);
    }
  });

  it.each([
    ['contact_person', { contact_person: '' }, msg.required],
    ['contact_phone', { contact_phone: '02-2345-6789' }, msg.mobileFormat],
    ['spec', { spec: '品'.repeat(201) }, msg.max200],
    ['reason', { reason: '' }, msg.required],
  ])('answers 400 on %s with the spec message', async (field, change, message) => {
    const member = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, shippedOn('2026-06-08'));
    const res = await t.asMember(
      member,
      'POST',
      '/api/v1/order-return-records',
      returnBody(order.id, await uploaded(member), change),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, msg: message });
  });

  it("answers 403 for another member's order and for another members_id", async () => {
    const member = await insertMember(t.db);
    const other = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, shippedOn('2026-06-08'));
    const otherPics = await uploaded(other);
    expect(
      (await t.asMember(other, 'POST', '/api/v1/order-return-records', returnBody(order.id, otherPics))).statusCode,
    ).toBe(403);
    const pics = await uploaded(member);
    const res = await t.asMember(
      member,
      'POST',
      '/api/v1/order-return-records',
      returnBody(order.id, pics, { members_id: other }),
    );
    expect(res.statusCode).toBe(403);
    expect((await t.asMember(member, 'GET', `/api/v1/order-return-records-by-members-id/${other}`)).statusCode).toBe(
      403,
    );
  });
});

describe('the state the shopper is shown (issue 20 item 8c)', () => {
  const PHONE = '0933456789';
  let buyer: number;
  let today: string;
  let lastWeek: string;

  beforeAll(async () => {
    buyer = await insertMember(t.db, { cellPhone: PHONE });
    const at = (day: string) => ({ memberCellphone: PHONE, createdAt: new Date(`${day}T10:00:00+08:00`) });
    // Shipping sets the spec's status to Complete; only the return window's end completes the order.
    today = (await insertShopOrder(t.db, buyer, { ...shippedOn('2026-06-10'), ...at('2026-06-09') })).orderNumber;
    lastWeek = (await insertShopOrder(t.db, buyer, { ...shippedOn('2026-06-02'), ...at('2026-06-01') })).orderNumber;
  });

  const stateOf = (orders: { order_number: string; shopper_state: string; status: number }[], number: string) =>
    orders.find((o) => o.order_number === number);

  it('reads shipped until the return window closes, then completed, for the buyer', async () => {
    const res = await t.asMember(buyer, 'GET', `/api/v1/orders-by-members-id/${buyer}`);
    expect(res.statusCode).toBe(200);
    expect(stateOf(res.json().data, today)).toMatchObject({ status: OrderStatus.Complete, shopper_state: 'shipped' });
    expect(stateOf(res.json().data, lastWeek)).toMatchObject({ shopper_state: 'completed' });
  });

  it('reads the same in the masked lookup', async () => {
    const res = await t.guest('GET', `/api/v1/orders-by-members-cellphone/${PHONE}`);
    expect(res.statusCode).toBe(200);
    expect(stateOf(res.json().data, today)).toMatchObject({ masked: true, shopper_state: 'shipped' });
    expect(stateOf(res.json().data, lastWeek)).toMatchObject({ masked: true, shopper_state: 'completed' });
  });
});

describe("order lookup by the buyer's mobile number (docs/decisions/020)", () => {
  const PHONE = '0933123678';
  let buyer: number;
  let otherBuyer: number;
  let orderId: number;

  beforeAll(async () => {
    buyer = await insertMember(t.db, { cellPhone: PHONE });
    otherBuyer = await insertMember(t.db, { cellPhone: PHONE });
    const order = await insertShopOrder(t.db, buyer, {
      ...shippedOn('2026-06-08'),
      memberCellphone: PHONE,
      recvName: '王大明',
      recvCellphone: '0912345678',
      recvAddress: '106台北市大安區忠孝東路四段100號5樓',
      virtualAccount: '9103522175887271',
      lastNumberOfTransfer: '12345',
      createdAt: new Date('2026-06-05T10:00:00+08:00'),
    });
    orderId = order.id;
    await t.db.insert(orderReturnRecords).values({
      orderId: order.id,
      memberId: buyer,
      orderNumber: order.orderNumber,
      contactPerson: '王大明',
      contactPhone: '0912345678',
      spec: '茶葉',
      reason: '破損',
      pic: '["members/x.webp"]',
    });
    const second = await insertShopOrder(t.db, otherBuyer, {
      ...paid,
      memberCellphone: PHONE,
      createdAt: new Date('2026-06-06T10:00:00+08:00'),
    });
    await t.db.insert(orderCancelRecords).values({
      orderId: second.id,
      memberId: otherBuyer,
      orderNumber: second.orderNumber,
      contactPhone: '0987654321',
      reason: '不想要了',
    });
    await insertShopOrder(t.db, buyer, { memberCellphone: '0900000000' });
  });

  it('shows a guest the orders masked: no id, remark, invoice, accounts or digits', async () => {
    const res = await t.guest('GET', `/api/v1/orders-by-members-cellphone/${PHONE}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers['cache-control']).toBe('no-store');
    const [newest, older] = res.json().data;
    expect(older).toMatchObject({
      masked: true,
      recv_name: '王*明',
      recv_cellphone: '0912***678',
      recv_address: '106台北市大安區***',
      is_shipping: true,
      freight_company: '黑貓宅急便',
      tracking_number: '905512348876',
      shipping: 100,
      free_shipping: false,
      product_info: [{ name: '阿里山高山烏龍茶', qty: 2 }],
      return_record: { status: ReturnStatus.Returning },
    });
    for (const order of [newest, older]) {
      for (const hidden of [
        'id',
        'members_id',
        'member_cellphone',
        'remark',
        'receipt',
        'virtual_account',
        'last_number_of_transfer',
        'actions',
      ]) {
        expect(order, hidden).not.toHaveProperty(hidden);
      }
      expect(JSON.stringify(order)).not.toContain('忠孝東路');
    }
    expect(newest.cancel_record).toEqual({ status: CancelStatus.Canceling, created_at: expect.any(String) });
  });

  it("shows the logged-in buyer their own orders in full, and other buyers' orders masked", async () => {
    const res = await t.asMember(buyer, 'GET', `/api/v1/orders-by-members-cellphone/${PHONE}`);
    const [newest, older] = res.json().data;
    expect(older).toMatchObject({ id: orderId, masked: false, recv_name: '王大明', last_number_of_transfer: '12345' });
    expect(newest).toMatchObject({ masked: true });
    expect(newest).not.toHaveProperty('id');
  });

  it('pages with page and size', async () => {
    const res = await t.guest('GET', `/api/v1/orders-by-members-cellphone/${PHONE}?page=2&size=1`);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0].return_record).not.toBeNull();
  });

  it('masks the cancel and return records found by phone for guests', async () => {
    const cancels = await t.guest('GET', `/api/v1/order-cancel-records-by-orders-cellphone/${PHONE}`);
    expect(cancels.statusCode).toBe(200);
    expect(cancels.json().data).toEqual([
      {
        order_number: expect.any(String),
        status: CancelStatus.Canceling,
        created_at: expect.any(String),
        handled_at: null,
        masked: true,
      },
    ]);
    const returns = await t.guest('GET', `/api/v1/order-return-records-by-orders-cellphone/${PHONE}`);
    expect(returns.json().data).toEqual([expect.objectContaining({ masked: true, status: ReturnStatus.Returning })]);
    expect(JSON.stringify(returns.json().data)).not.toContain('破損');
    const own = await t.asMember(buyer, 'GET', `/api/v1/order-return-records-by-orders-cellphone/${PHONE}`);
    expect(own.json().data).toEqual([expect.objectContaining({ reason: '破損', orders_id: orderId })]);
  });

  it('answers 400 for a number that is not a Taiwan mobile, 401 without the guest credential', async () => {
    const bad = await t.guest('GET', '/api/v1/orders-by-members-cellphone/12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'phone', msg: msg.mobileFormat }]);
    const noCredential = await t.app.inject({
      method: 'GET',
      url: `/api/v1/guest/orders-by-members-cellphone/${PHONE}`,
    });
    expect(noCredential.statusCode).toBe(401);
    const noToken = await t.app.inject({ method: 'GET', url: `/api/v1/orders-by-members-cellphone/${PHONE}` });
    expect(noToken.statusCode).toBe(401);
  });

  it('limits lookups per IP: the 31st in 10 minutes answers 429', async () => {
    const lookup = (ip: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/guest/order-return-records-by-orders-cellphone/${PHONE}`,
        headers: {
          authorization: `Basic ${Buffer.from(`${t.config.GUEST_BASIC_USER}:${t.config.GUEST_BASIC_PASSWORD}`).toString('base64')}`,
        },
        remoteAddress: ip,
      });
    for (let i = 0; i < 30; i++) expect((await lookup('203.0.113.7')).statusCode).toBe(200);
    const limited = await lookup('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 429, msg: msg.tooManyRequests });
    expect((await lookup('203.0.113.8')).statusCode).toBe(200);
  });
});

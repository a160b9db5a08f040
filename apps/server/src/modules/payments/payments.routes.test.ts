import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderStatus, PaymentMethod } from '@shop/domain';
import { members, orders, paymentNotifications, systemSettings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkMacValue, signEcpayFields, verifyCheckMacValue } from './check-mac-value.ts';

const KEY = 'pwFHCqoQZGmho4w6';
const IV = 'EkRm7iFT261dpevs';
const NOW = new Date('2025-06-01T04:05:06Z');

let t: TestApp;
let ming: number;
let mei: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const rows = await t.db
    .insert(members)
    .values([
      { account: '0911000001', passwordHash: 'x', name: '王小明', cellPhone: '0911000001' },
      { account: '0911000002', passwordHash: 'x', name: '林美玲', cellPhone: '0911000002' },
    ])
    .returning({ id: members.id });
  [ming, mei] = rows.map((r) => r.id) as [number, number];
});

afterAll(() => t?.close());

let seq = 0;
/** An order of `memberId` as the orders module would have written it; numbers are unique per test. */
async function insertOrder(values: Partial<typeof orders.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(orders)
    .values({
      orderNumber: `GD25060100${String(++seq).padStart(2, '0')}`,
      memberId: ming,
      memberCellphone: '0911000001',
      paymentType: PaymentMethod.Credit,
      goodsAmount: 1280,
      payAmount: 1280,
      recvName: '王小明',
      recvCellphone: '0911000001',
      recvAddress: '台北市大安區復興南路一段390號',
      productInfo: JSON.stringify([
        { id: 1, name: '阿里山高山烏龍茶', product_specs_name: '150g', spec_id: 1, on_sale_price: 640, qty: 2 },
      ]),
      ...values,
    })
    .returning();
  return row!;
}

async function orderRow(id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function notificationsOf(orderNumber: string) {
  return t.db.select().from(paymentNotifications).where(eq(paymentNotifications.merchantTradeNo, orderNumber));
}

/** A ReturnURL notification as ECPay sends it for a paid order, signed with the test merchant's key. */
function paidNotification(order: { orderNumber: string; payAmount: number }, overrides: Record<string, string> = {}) {
  return signEcpayFields(
    {
      CustomField1: '',
      CustomField2: '',
      CustomField3: '',
      CustomField4: '',
      MerchantID: '3002607',
      MerchantTradeNo: order.orderNumber,
      PaymentDate: '2025/06/01 12:10:00',
      PaymentType: 'Credit_CreditCard',
      PaymentTypeChargeFee: '26',
      RtnCode: '1',
      RtnMsg: '交易成功',
      SimulatePaid: '0',
      StoreID: '',
      TradeAmt: String(order.payAmount),
      TradeDate: '2025/06/01 12:09:30',
      TradeNo: '2506011209301234',
      ...overrides,
    },
    KEY,
    IV,
  );
}

function post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}
const notify = (fields: Record<string, string>, headers?: Record<string, string>) =>
  post('/api/v1/ecpay-payment/notify', fields, headers);
const paymentInfo = (fields: Record<string, string>) => post('/api/v1/ecpay-payment/payment-info', fields);

describe('GET /orders/{id}/ecpay-checkout', () => {
  it("answers the signed AioCheckOut form of the member's own unpaid credit card order", async () => {
    const order = await insertOrder();
    const res = await t.asMember(ming, 'GET', `/api/v1/orders/${order.id}/ecpay-checkout`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { action, fields } = res.json().data;
    expect(action).toBe(`${t.config.publicUrl}/payment-simulator`);
    expect(fields).toEqual({
      MerchantID: '3002607',
      MerchantTradeNo: order.orderNumber,
      MerchantTradeDate: '2025/06/01 12:05:06',
      PaymentType: 'aio',
      TotalAmount: '1280',
      TradeDesc: `訂單 ${order.orderNumber}`,
      ItemName: '阿里山高山烏龍茶（150g） x 2',
      ReturnURL: `${t.config.publicUrl}/api/v1/ecpay-payment/notify`,
      OrderResultURL: `${t.config.publicUrl}/payment/result?order=${order.id}`,
      ClientBackURL: `${t.config.publicUrl}/payment/result?order=${order.id}`,
      ChoosePayment: 'Credit',
      EncryptType: '1',
      NeedExtraPaidInfo: 'Y',
      CheckMacValue: expect.stringMatching(/^[0-9A-F]{64}$/),
    });
    expect(verifyCheckMacValue(fields, KEY, IV)).toBe(true);
  });

  it('takes TotalAmount from the stored order, whatever the query says', async () => {
    const order = await insertOrder({ payAmount: 777 });
    const res = await t.asMember(ming, 'GET', `/api/v1/orders/${order.id}/ecpay-checkout?TotalAmount=1`);
    expect(res.json().data.fields.TotalAmount).toBe('777');
  });

  it('asks for ATM with a PaymentInfoURL for a virtual-account order', async () => {
    const order = await insertOrder({ paymentType: PaymentMethod.VirtualAccount });
    const { fields } = (await t.asMember(ming, 'GET', `/api/v1/orders/${order.id}/ecpay-checkout`)).json().data;
    expect(fields.ChoosePayment).toBe('ATM');
    expect(fields.PaymentInfoURL).toBe(`${t.config.publicUrl}/api/v1/ecpay-payment/info`);
    // ECPay's default until the owner chooses (issue 21 item 4).
    expect(fields.ExpireDate).toBe('3');
  });

  it('sends the ATM payment days the owner chose as ExpireDate', async () => {
    await t.db
      .insert(systemSettings)
      .values({ websiteTitle: '好日子選物', atmExpireDays: 7 })
      .onConflictDoUpdate({ target: systemSettings.id, set: { atmExpireDays: 7 } });
    const order = await insertOrder({ paymentType: PaymentMethod.VirtualAccount });
    const { fields } = (await t.asMember(ming, 'GET', `/api/v1/orders/${order.id}/ecpay-checkout`)).json().data;
    expect(fields.ExpireDate).toBe('7');
    expect(verifyCheckMacValue(fields, KEY, IV)).toBe(true);
    await t.db.update(systemSettings).set({ atmExpireDays: 3 });
  });

  it("answers 403 for another member's order and 404 for an unknown one", async () => {
    const order = await insertOrder();
    const other = await t.asMember(mei, 'GET', `/api/v1/orders/${order.id}/ecpay-checkout`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ code: 403, msg: '沒有權限' });
    expect((await t.asMember(ming, 'GET', '/api/v1/orders/999999/ecpay-checkout')).statusCode).toBe(404);
  });

  it('needs a member token: a guest gets 401', async () => {
    const order = await insertOrder();
    expect((await t.guest('GET', `/api/v1/orders/${order.id}/ecpay-checkout`)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}/ecpay-checkout` })).statusCode).toBe(
      401,
    );
  });

  it.each([
    ['a paid order', { isPayment: true, paidAt: NOW }, '此訂單已完成付款'],
    ['a bank transfer order', { paymentType: PaymentMethod.Transfer }, '此訂單的付款方式不需線上付款'],
    ['a cash-on-delivery order', { paymentType: PaymentMethod.CashOnDelivery }, '此訂單的付款方式不需線上付款'],
    ['a cancelled order', { status: OrderStatus.Cancel }, '此訂單目前無法付款'],
    ['an order paid in full with points', { payAmount: 0 }, '此訂單目前無法付款'],
    [
      'an ATM order whose account was issued',
      { paymentType: PaymentMethod.VirtualAccount, virtualAccount: '9103522175887271', virtualAccountBankCode: '812' },
      '此訂單已取得 ATM 繳費帳號，請依帳號轉帳',
    ],
  ])('answers 409 for %s', async (_label, values, msg) => {
    const order = await insertOrder(values as Partial<typeof orders.$inferInsert>);
    const res = await t.asMember(ming, 'GET', `/api/v1/orders/${order.id}/ecpay-checkout`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, msg });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 400 for the id %s', async (id) => {
    const res = await t.asMember(ming, 'GET', `/api/v1/orders/${id}/ecpay-checkout`);
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /orders/{id}/payment', () => {
  it("shows the payment state of the member's own order, not cached", async () => {
    const order = await insertOrder({ paymentType: PaymentMethod.VirtualAccount });
    const res = await t.asMember(ming, 'GET', `/api/v1/orders/${order.id}/payment`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual({
      order_id: order.id,
      order_number: order.orderNumber,
      payment_type: PaymentMethod.VirtualAccount,
      pay_amount: 1280,
      status: OrderStatus.Processing,
      is_payment: false,
      paid_at: null,
      virtual_account: null,
      virtual_account_bank_code: null,
      payment_code: null,
      payment_code_expire_date: null,
      installments: null,
      payment_barcodes: null,
      virtual_account_expire_date: null,
      can_checkout: true,
    });
  });

  it('answers 403 to another member', async () => {
    const order = await insertOrder();
    expect((await t.asMember(mei, 'GET', `/api/v1/orders/${order.id}/payment`)).statusCode).toBe(403);
  });
});

describe('POST /ecpay-payment/notify (ReturnURL)', () => {
  it("marks the order paid with ECPay's trade number and payment time, answers 1|OK, stores the notification", async () => {
    const order = await insertOrder();
    const res = await notify(paidNotification(order));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('1|OK');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const after = await orderRow(order.id);
    expect(after).toMatchObject({ isPayment: true, tradeNo: '2506011209301234', version: order.version + 1 });
    expect(after.paidAt?.toISOString()).toBe('2025-06-01T04:10:00.000Z'); // 12:10 Taipei
    const stored = await notificationsOf(order.orderNumber);
    expect(stored).toEqual([
      expect.objectContaining({ provider: 'ecpay', kind: 'paid', verified: true, tradeNo: '2506011209301234' }),
    ]);
    expect(stored[0]!.raw).toMatchObject({ RtnMsg: '交易成功', TradeAmt: '1280' });
  });

  it('needs no token or guest credential and accepts a charset in the content type', async () => {
    const order = await insertOrder();
    const res = await notify(paidNotification(order), {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
    });
    expect(res.body).toBe('1|OK');
  });

  it('is idempotent: a replayed notification answers 1|OK and changes nothing more', async () => {
    const order = await insertOrder();
    const fields = paidNotification(order);
    expect((await notify(fields)).body).toBe('1|OK');
    const first = await orderRow(order.id);
    for (let i = 0; i < 3; i++) expect((await notify(fields)).body).toBe('1|OK');
    const after = await orderRow(order.id);
    expect(after).toEqual(first);
    expect(await notificationsOf(order.orderNumber)).toHaveLength(1);
  });

  it('pays once when the same notification arrives several times at once', async () => {
    const order = await insertOrder();
    const fields = paidNotification(order);
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(fields)));
    expect(answers.map((a) => a.body)).toEqual(Array(5).fill('1|OK'));
    expect((await orderRow(order.id)).version).toBe(order.version + 1);
    expect(await notificationsOf(order.orderNumber)).toHaveLength(1);
  });

  it.each([
    ['a changed amount', (f: Record<string, string>) => ({ ...f, TradeAmt: '1' })],
    ['a changed RtnCode', (f: Record<string, string>) => ({ ...f, RtnCode: '1', RtnMsg: '交易成功!' })],
    ['another order number', (f: Record<string, string>) => ({ ...f, MerchantTradeNo: 'GD0000000000' })],
    ['no CheckMacValue', ({ CheckMacValue: _drop, ...f }: Record<string, string>) => f],
    [
      'a CheckMacValue made with another key',
      (f: Record<string, string>) => ({ ...f, CheckMacValue: checkMacValue(f, 'guess', IV) }),
    ],
    ['an empty body', () => ({})],
  ])('changes nothing for a tampered notification (%s) and answers 0|CheckMacValue Error', async (_label, tamper) => {
    const order = await insertOrder();
    const res = await notify(tamper(paidNotification(order)));
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('0|CheckMacValue Error');
    expect(await orderRow(order.id)).toEqual(order);
    const stored = await notificationsOf(order.orderNumber);
    expect(stored.every((n) => n.kind === 'rejected' && !n.verified)).toBe(true);
  });

  it('does not let an earlier forged notification block the genuine one', async () => {
    const order = await insertOrder();
    const genuine = paidNotification(order);
    await notify({ ...genuine, CheckMacValue: 'F'.repeat(64) });
    expect((await notify(genuine)).body).toBe('1|OK');
    expect((await orderRow(order.id)).isPayment).toBe(true);
  });

  it('refuses a correctly signed notification for another merchant', async () => {
    const order = await insertOrder();
    const res = await notify(paidNotification(order, { MerchantID: '2000132' }));
    expect(res.body).toBe('0|CheckMacValue Error');
    expect((await orderRow(order.id)).isPayment).toBe(false);
  });

  it("rejects a signed notification whose amount is not the order's: the order stays unpaid", async () => {
    const order = await insertOrder();
    const res = await notify(paidNotification(order, { TradeAmt: '1279' }));
    expect(res.body).toBe('1|OK'); // genuine, so ECPay must stop retrying; the staff see it in the log
    expect(await orderRow(order.id)).toEqual(order);
    expect(await notificationsOf(order.orderNumber)).toEqual([
      expect.objectContaining({ kind: 'amount-mismatch', verified: true }),
    ]);
  });

  it('stores a failed payment (RtnCode other than 1) and leaves the order unpaid', async () => {
    const order = await insertOrder();
    const res = await notify(paidNotification(order, { RtnCode: '10100248', RtnMsg: '拒絕交易' }));
    expect(res.body).toBe('1|OK');
    expect((await orderRow(order.id)).isPayment).toBe(false);
    expect(await notificationsOf(order.orderNumber)).toEqual([expect.objectContaining({ kind: 'unpaid' })]);
  });

  it('keeps the first payment when a second trade pays the same order', async () => {
    const order = await insertOrder();
    await notify(paidNotification(order));
    const res = await notify(
      paidNotification(order, { TradeNo: '2506011300009999', PaymentDate: '2025/06/01 13:00:00' }),
    );
    expect(res.body).toBe('1|OK');
    expect((await orderRow(order.id)).tradeNo).toBe('2506011209301234');
    expect(await notificationsOf(order.orderNumber)).toHaveLength(2);
  });

  it('answers 1|OK to a genuine notification for an unknown order number', async () => {
    const res = await notify(paidNotification({ orderNumber: 'GDUNKNOWN01', payAmount: 100 }));
    expect(res.body).toBe('1|OK');
    expect(await notificationsOf('GDUNKNOWN01')).toEqual([expect.objectContaining({ kind: 'unknown-order' })]);
  });

  it('ignores the XSRF rule (ECPay sends no cookie) and a stray bearer token', async () => {
    const order = await insertOrder();
    const res = await notify(paidNotification(order), { authorization: 'Bearer not-a-token' });
    expect(res.body).toBe('1|OK');
  });

  it.each([
    ['JSON', 'application/json', '{"RtnCode":"1"}'],
    ['plain text', 'text/plain', 'RtnCode=1'],
    ['malformed form', 'application/x-www-form-urlencoded', '%E0%A4%A=&&=='],
  ])('answers a 4xx, never 500, for a %s body', async (_label, type, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ecpay-payment/notify',
      headers: { 'content-type': type },
      payload,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

// The address forms named before issue 40, where ECPay still posts for the orders placed then.
describe('POST /ecpay-payment/payment-info (the earlier PaymentInfoURL)', () => {
  function atmIssued(order: { orderNumber: string; payAmount: number }, overrides: Record<string, string> = {}) {
    return signEcpayFields(
      {
        BankCode: '812',
        CustomField1: '',
        CustomField2: '',
        CustomField3: '',
        CustomField4: '',
        ExpireDate: '2025/06/04',
        MerchantID: '3002607',
        MerchantTradeNo: order.orderNumber,
        PaymentType: 'ATM_TAISHIN',
        RtnCode: '2',
        RtnMsg: 'Get VirtualAccount Succeeded',
        StoreID: '',
        TradeAmt: String(order.payAmount),
        TradeDate: '2025/06/01 12:09:30',
        TradeNo: '2506011209305555',
        vAccount: '9103522175887271',
        ...overrides,
      },
      KEY,
      IV,
    );
  }

  it('stores the virtual account, bank code and deadline (end of the Taipei day)', async () => {
    const order = await insertOrder({ paymentType: PaymentMethod.VirtualAccount });
    const res = await paymentInfo(atmIssued(order));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('1|OK');
    const after = await orderRow(order.id);
    expect(after).toMatchObject({
      virtualAccount: '9103522175887271',
      virtualAccountBankCode: '812',
      tradeNo: '2506011209305555',
      isPayment: false,
    });
    expect(after.virtualAccountExpireDate?.toISOString()).toBe('2025-06-04T15:59:59.000Z');
    expect(await notificationsOf(order.orderNumber)).toEqual([
      expect.objectContaining({ kind: 'payment-info', verified: true }),
    ]);

    // The member sees it, and the checkout is no longer offered.
    const view = (await t.asMember(ming, 'GET', `/api/v1/orders/${order.id}/payment`)).json().data;
    expect(view).toMatchObject({
      virtual_account: '9103522175887271',
      virtual_account_bank_code: '812',
      virtual_account_expire_date: '2025-06-04T15:59:59.000Z',
      can_checkout: false,
    });
  });

  it("then the transfer's ReturnURL marks the ATM order paid", async () => {
    const order = await insertOrder({ paymentType: PaymentMethod.VirtualAccount });
    await paymentInfo(atmIssued(order));
    const res = await notify(paidNotification(order, { PaymentType: 'ATM_TAISHIN', TradeNo: '2506011209305555' }));
    expect(res.body).toBe('1|OK');
    expect(await orderRow(order.id)).toMatchObject({ isPayment: true, virtualAccount: '9103522175887271' });
  });

  it('is idempotent: a replay answers 1|OK and changes nothing more', async () => {
    const order = await insertOrder({ paymentType: PaymentMethod.VirtualAccount });
    const fields = atmIssued(order);
    await paymentInfo(fields);
    const first = await orderRow(order.id);
    expect((await paymentInfo(fields)).body).toBe('1|OK');
    expect(await orderRow(order.id)).toEqual(first);
    expect(await notificationsOf(order.orderNumber)).toHaveLength(1);
  });

  it('changes nothing for a tampered account number', async () => {
    const order = await insertOrder({ paymentType: PaymentMethod.VirtualAccount });
    const res = await paymentInfo({ ...atmIssued(order), vAccount: '9999999999999999' });
    expect(res.body).toBe('0|CheckMacValue Error');
    expect(await orderRow(order.id)).toEqual(order);
  });

  it.each([
    ['a failed issue (RtnCode not 2)', { RtnCode: '10100050', RtnMsg: 'Get VirtualAccount Failed' }],
    ['another amount', { TradeAmt: '1' }],
    ['an unreadable deadline', { ExpireDate: 'soon' }],
  ])('stores but does not apply %s', async (_label, overrides) => {
    const order = await insertOrder({ paymentType: PaymentMethod.VirtualAccount });
    expect((await paymentInfo(atmIssued(order, overrides))).body).toBe('1|OK');
    expect(await orderRow(order.id)).toEqual(order);
  });

  it('does not put an account on a credit card order', async () => {
    const order = await insertOrder({ paymentType: PaymentMethod.Credit });
    expect((await paymentInfo(atmIssued(order))).body).toBe('1|OK');
    expect((await orderRow(order.id)).virtualAccount).toBeNull();
  });
});

describe('money that arrives where no order wants it (issue 19)', () => {
  const todo = async () => (await t.asStaff('staff', 'GET', '/api/v1/admin/dashboard')).json().data.todo;

  it('flags a payment for a cancelled order as 待退款 on the dashboard until staff settle it', async () => {
    const before = (await todo()).refund;
    const order = await insertOrder({ status: OrderStatus.Cancel });
    const res = await notify(paidNotification(order, { TradeNo: '2506011209307777' }));
    expect(res.body).toBe('1|OK');
    expect(await orderRow(order.id)).toMatchObject({ isPayment: true, refundDue: 'paid_after_cancel' });
    expect((await todo()).refund).toBe(before + 1);

    const listed = await t.asStaff('staff', 'GET', '/api/v1/admin/orders?todo=refund');
    expect(listed.json().data.map((o: { id: number }) => o.id)).toContain(order.id);
    const detail = (await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${order.id}`)).json().data;
    expect(detail).toMatchObject({ refund_due: 'paid_after_cancel', trade_no: '2506011209307777' });

    const settled = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/refund-settled`, {
      version: detail.version,
    });
    expect(settled.statusCode).toBe(200);
    expect(settled.json().data).toMatchObject({ refund_due: null });
    expect((await todo()).refund).toBe(before);
    const again = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/refund-settled`, {
      version: settled.json().data.version,
    });
    expect(again.json()).toEqual({ code: 409, msg: '此訂單沒有待退款的款項' });
  });

  it('flags a second payment of a paid order', async () => {
    const order = await insertOrder();
    await notify(paidNotification(order, { TradeNo: '2506011209301111' }));
    await notify(paidNotification(order, { TradeNo: '2506011209302222' }));
    expect(await orderRow(order.id)).toMatchObject({ tradeNo: '2506011209301111', refundDue: 'paid_twice' });
  });
});

describe('PUT /orders-virtual-account (spec §7, shop owner only)', () => {
  const asStaff = (role: 'owner' | 'staff', payload: unknown) =>
    t.asStaff(role, 'PUT', '/api/v1/orders-virtual-account', payload);
  const body = (orderNumber: string) => ({
    order_number: orderNumber,
    virtual_account: '80123456789012',
    virtual_account_bank_code: '822',
    virtual_account_expire_date: '2025-06-10',
  });

  it('lets the owner set the ATM account of an unpaid ATM order', async () => {
    const order = await insertOrder({ paymentType: PaymentMethod.VirtualAccount });
    const res = await asStaff('owner', body(order.orderNumber));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      order_id: order.id,
      virtual_account: '80123456789012',
      virtual_account_bank_code: '822',
      virtual_account_expire_date: '2025-06-10T15:59:59.000Z',
    });
    expect(await orderRow(order.id)).toMatchObject({ virtualAccount: '80123456789012', version: order.version + 1 });
    // Where a buyer is told to pay is money: the audit log says who changed it.
    const audit = await t.asStaff('owner', 'GET', `/api/v1/admin/audit-log?entity=orders&entity_id=${order.id}`);
    expect(audit.json().data).toEqual([
      expect.objectContaining({
        action: 'set-virtual-account',
        staff_id: await t.staffId('owner'),
        after: expect.objectContaining({ virtual_account: '80123456789012' }),
      }),
    ]);
  });

  it('accepts a deadline with a time and offset', async () => {
    const order = await insertOrder({ paymentType: PaymentMethod.VirtualAccount });
    const res = await asStaff('owner', {
      ...body(order.orderNumber),
      virtual_account_expire_date: '2025-06-10T18:00:00+08:00',
    });
    expect(res.json().data.virtual_account_expire_date).toBe('2025-06-10T10:00:00.000Z');
  });

  it('refuses staff who are not the owner (403), members and guests (401)', async () => {
    const order = await insertOrder({ paymentType: PaymentMethod.VirtualAccount });
    expect((await asStaff('staff', body(order.orderNumber))).statusCode).toBe(403);
    expect((await t.asMember(ming, 'PUT', '/api/v1/orders-virtual-account', body(order.orderNumber))).statusCode).toBe(
      401,
    );
    expect((await t.guest('PUT', '/api/v1/orders-virtual-account', body(order.orderNumber))).statusCode).toBe(401);
    expect((await orderRow(order.id)).virtualAccount).toBeNull();
  });

  it('answers 404 for an unknown order number and 409 for a paid or non-ATM order', async () => {
    expect((await asStaff('owner', body('GDNOSUCH0001'))).statusCode).toBe(404);
    const paid = await insertOrder({ paymentType: PaymentMethod.VirtualAccount, isPayment: true, paidAt: NOW });
    expect((await asStaff('owner', body(paid.orderNumber))).json()).toEqual({ code: 409, msg: '此訂單已完成付款' });
    const card = await insertOrder({ paymentType: PaymentMethod.Credit });
    expect((await asStaff('owner', body(card.orderNumber))).json()).toEqual({
      code: 409,
      msg: '此訂單的付款方式不是 ATM 虛擬帳號',
    });
  });

  it.each([
    ['a short account', { virtual_account: '123' }, 'virtual_account', '虛擬帳號須為 6 到 20 位數字'],
    ['letters in the account', { virtual_account: '8012345678901A' }, 'virtual_account', '虛擬帳號須為 6 到 20 位數字'],
    [
      'a 4-digit bank code',
      { virtual_account_bank_code: '8220' },
      'virtual_account_bank_code',
      '銀行代碼須為 3 位數字',
    ],
    [
      'an impossible date',
      { virtual_account_expire_date: '2025-02-30' },
      'virtual_account_expire_date',
      '繳費期限格式錯誤',
    ],
    [
      'a date in words',
      { virtual_account_expire_date: 'next week' },
      'virtual_account_expire_date',
      '繳費期限格式錯誤',
    ],
    ['an order number with a dash', { order_number: 'GD-1' }, 'order_number', '訂單編號格式錯誤'],
  ])('answers 400 for %s', async (_label, change, field, msg) => {
    const order = await insertOrder({ paymentType: PaymentMethod.VirtualAccount });
    const res = await asStaff('owner', { ...body(order.orderNumber), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(expect.arrayContaining([{ field, msg }]));
  });

  it('answers 400 for an unknown field', async () => {
    const order = await insertOrder({ paymentType: PaymentMethod.VirtualAccount });
    expect((await asStaff('owner', { ...body(order.orderNumber), is_payment: true })).statusCode).toBe(400);
  });
});

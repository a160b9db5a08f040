// Issue 40 item 2 (decision 082): 超商代碼 through ECPay's AIO. The owner turns it on or off in 商店設定;
// the form asks for CVS with the owner's StoreExpireDate; ECPay's PaymentInfoURL notice (RtnCode
// 10100073, signed as published) puts the code and its deadline on the order, once; the ReturnURL
// pays it (overdue-orders.test.ts: a code past its deadline cancels the order). ECPay is stood in for
// by signed form posts.
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OrderStatus, PaymentMethod, paymentMsg } from '@shop/domain';
import { jobs, orders, paymentNotifications, systemSettings } from '../../db/schema/index.ts';
import { postForm } from '../../test/test-app.ts';
import { placeNewMemberOrder, updateSettings, useOrderTestApp } from '../orders/order-fixtures.ts';
import { checkMacValue, signEcpayFields } from './check-mac-value.ts';
import { ownerShippingSettings } from './payment-fixtures.ts';

const KEY = 'pwFHCqoQZGmho4w6';
const IV = 'EkRm7iFT261dpevs';
const NOW = new Date('2026-06-01T04:00:00Z'); // 12:00 in Taipei

const t = useOrderTestApp({ now: () => NOW });

async function orderRow(id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** A member's order of NT$1,600 (two units of 800) placed through POST /orders. */
const placeOrder = (paymentType: number = PaymentMethod.CvsCode) =>
  placeNewMemberOrder(t, { qty: 2, spec: { onSalePrice: 800, stock: 5 }, body: { payment_type: paymentType } });

async function placedOrder(paymentType: number = PaymentMethod.CvsCode) {
  const { member, res } = await placeOrder(paymentType);
  expect(res.statusCode).toBe(201);
  const { id } = res.json().data as { id: number };
  const row = await orderRow(id);
  return { member, order: row };
}

/** The PaymentInfoURL notice ECPay sends once a CVS code is issued, signed with the test merchant's key. */
function codeNotice(order: { orderNumber: string; payAmount: number }, overrides: Record<string, string> = {}) {
  return signEcpayFields(
    {
      Barcode1: '',
      Barcode2: '',
      Barcode3: '',
      CustomField1: '',
      CustomField2: '',
      CustomField3: '',
      CustomField4: '',
      ExpireDate: '2026/06/08 12:00:00',
      MerchantID: '3002607',
      MerchantTradeNo: order.orderNumber,
      PaymentNo: 'LLL22251222',
      PaymentType: 'CVS_CVS',
      RtnCode: '10100073',
      RtnMsg: 'Get CVS Code Succeeded.',
      StoreID: '',
      TradeAmt: String(order.payAmount),
      TradeDate: '2026/06/01 12:00:30',
      TradeNo: '2606011200301234',
      ...overrides,
    },
    KEY,
    IV,
  );
}

const post = (url: string, fields: Record<string, string>) => postForm(t, url, fields);
const paymentInfo = (fields: Record<string, string>) => post('/api/v1/ecpay-payment/info', fields);

describe('超商代碼 in 商店設定, GET /payment-methods and POST /orders', () => {
  it('is offered by default, after ATM', async () => {
    const res = await t.guest('GET', '/api/v1/payment-methods');
    const methods = res.json().data as number[];
    expect(methods).toContain(PaymentMethod.CvsCode);
    expect(methods.indexOf(PaymentMethod.CvsCode)).toBe(methods.indexOf(PaymentMethod.VirtualAccount) + 1);
  });

  it('is neither listed nor accepted while the owner has it off, and nothing is ordered', async () => {
    await updateSettings(t.db, { cvsEnabled: false });
    try {
      const listed = await t.guest('GET', '/api/v1/payment-methods');
      expect(listed.json().data).not.toContain(PaymentMethod.CvsCode);
      const { member, res } = await placeOrder();
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'payment_type', msg: paymentMsg.cvsOff }]);
      expect(await t.db.select().from(orders).where(eq(orders.memberId, member))).toEqual([]);
    } finally {
      await updateSettings(t.db, { cvsEnabled: true });
    }
  });

  it('refuses an unknown payment_type with the zh-TW reason', async () => {
    const { res } = await placeOrder(99);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'payment_type', msg: '請選擇付款方式' }]);
  });

  it('lets the owner turn it off and set the minutes a code stays payable', async () => {
    const { shipping, save } = await ownerShippingSettings(t);
    expect(shipping).toMatchObject({ cvs_enabled: true, cvs_expire_minutes: 10080 });
    const tooLong = await save({ cvs_expire_minutes: 43201 });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json())).toContain('綠界的超商代碼繳費期限最多 43200 分鐘（30 天）');
    const saved = await save({ cvs_enabled: false, cvs_expire_minutes: 4320 });
    expect(saved.statusCode).toBe(200);
    const [row] = await t.db.select().from(systemSettings);
    expect(row).toMatchObject({ cvsEnabled: false, cvsExpireMinutes: 4320 });
    await updateSettings(t.db, { cvsEnabled: true, cvsExpireMinutes: 10080 });
  });
});

describe('GET /orders/{id}/ecpay-checkout of a 超商代碼 order', () => {
  it('asks ECPay for CVS with the PaymentInfoURL and the owner’s StoreExpireDate', async () => {
    const { member, order } = await placedOrder();
    const res = await t.asMember(member, 'GET', `/api/v1/orders/${order.id}/ecpay-checkout`);
    expect(res.statusCode).toBe(200);
    const { fields } = res.json().data as { fields: Record<string, string> };
    expect(fields).toMatchObject({
      ChoosePayment: 'CVS',
      PaymentInfoURL: `${t.config.publicUrl}/api/v1/ecpay-payment/info`,
      StoreExpireDate: '10080',
      TotalAmount: String(order.payAmount),
    });
    expect(fields.ExpireDate).toBeUndefined();
    expect(fields.NeedExtraPaidInfo).toBeUndefined();
    // Signed as ECPay's published rules say.
    const { CheckMacValue, ...rest } = fields;
    expect(CheckMacValue).toBe(checkMacValue(rest, KEY, IV));

    await updateSettings(t.db, { cvsExpireMinutes: 180 });
    try {
      const again = await t.asMember(member, 'GET', `/api/v1/orders/${order.id}/ecpay-checkout`);
      expect(again.json().data.fields.StoreExpireDate).toBe('180');
    } finally {
      await updateSettings(t.db, { cvsExpireMinutes: 10080 });
    }
  });
});

describe('POST /ecpay-payment/info with RtnCode 10100073 (超商代碼 issued)', () => {
  it('stores the code and its deadline, answers 1|OK, and tells the shopper', async () => {
    const { member, order } = await placedOrder();
    const res = await paymentInfo(codeNotice(order));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('1|OK');
    const row = await orderRow(order.id);
    expect(row).toMatchObject({
      paymentCode: 'LLL22251222',
      paymentCodeExpireDate: new Date('2026-06-08T04:00:00Z'),
      tradeNo: '2606011200301234',
      isPayment: false,
    });
    const queued = await t.db
      .select()
      .from(jobs)
      .where(like(jobs.dedupeKey, `notify:${order.id}:placed:cvs-LLL22251222`));
    expect(queued).toHaveLength(1);

    // The shopper's views: the code, its deadline, and no second form (ECPay would refuse the trade number).
    const payment = await t.asMember(member, 'GET', `/api/v1/orders/${order.id}/payment`);
    expect(payment.json().data).toMatchObject({
      payment_code: 'LLL22251222',
      payment_code_expire_date: '2026-06-08T04:00:00.000Z',
      can_checkout: false,
    });
    const view = await t.asMember(member, 'GET', `/api/v1/orders/${order.id}`);
    expect(view.json().data).toMatchObject({
      payment_code: 'LLL22251222',
      payment_deadline: '2026-06-08T04:00:00.000Z',
    });
    const form = await t.asMember(member, 'GET', `/api/v1/orders/${order.id}/ecpay-checkout`);
    expect(form.statusCode).toBe(409);
    expect(form.json()).toEqual({ code: 409, msg: paymentMsg.paymentCodeIssued });

    // The same notice again changes nothing and is still 1|OK.
    const replay = await paymentInfo(codeNotice(order));
    expect(replay.body).toBe('1|OK');
    expect((await orderRow(order.id)).version).toBe(row.version);

    // Then the store's payment arrives at the ReturnURL as any payment.
    const paid = await post(
      '/api/v1/ecpay-payment/notify',
      signEcpayFields(
        {
          MerchantID: '3002607',
          MerchantTradeNo: order.orderNumber,
          PaymentDate: '2026/06/02 09:30:00',
          PaymentType: 'CVS_CVS',
          PaymentTypeChargeFee: '0',
          RtnCode: '1',
          RtnMsg: '交易成功',
          SimulatePaid: '0',
          StoreID: '',
          TradeAmt: String(order.payAmount),
          TradeDate: '2026/06/01 12:00:30',
          TradeNo: '2606011200301234',
        },
        KEY,
        IV,
      ),
    );
    expect(paid.body).toBe('1|OK');
    expect(await orderRow(order.id)).toMatchObject({ isPayment: true, paidAt: new Date('2026-06-02T01:30:00Z') });
  });

  it('refuses a wrong signature: nothing changes', async () => {
    const { order } = await placedOrder();
    const forged = { ...codeNotice(order), PaymentNo: 'ZZZ99999999' };
    const res = await paymentInfo(forged);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('0|CheckMacValue Error');
    expect(await orderRow(order.id)).toMatchObject({ paymentCode: null, paymentCodeExpireDate: null });
  });

  it('refuses another amount with its reason: nothing changes', async () => {
    const { order } = await placedOrder();
    const res = await paymentInfo(codeNotice(order, { TradeAmt: String(order.payAmount - 1) }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('0|繳費金額與訂單金額不符');
    expect(await orderRow(order.id)).toMatchObject({ paymentCode: null });
    const [kept] = await t.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.merchantTradeNo, order.orderNumber));
    expect(kept).toMatchObject({ kind: 'amount-mismatch', verified: true });
  });

  it.each([
    ['a card order', PaymentMethod.Credit, {}],
    ['a paid 超商代碼 order', PaymentMethod.CvsCode, { isPayment: true }],
    ['a cancelled 超商代碼 order', PaymentMethod.CvsCode, { status: OrderStatus.Cancel }],
    ['a 超商代碼 order that has its code', PaymentMethod.CvsCode, { paymentCode: 'AAA00000001' }],
  ] as const)('refuses a code for %s, which waits for none: nothing changes', async (_what, type, values) => {
    const { order } = await placedOrder(type);
    if (Object.keys(values).length) await t.db.update(orders).set(values).where(eq(orders.id, order.id));
    const before = await orderRow(order.id);
    const res = await paymentInfo(codeNotice(order));
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('0|此訂單不是等待超商代碼的訂單');
    expect(await orderRow(order.id)).toEqual(before);
  });

  it('refuses a notice without a readable code or deadline', async () => {
    const { order } = await placedOrder();
    const res = await paymentInfo(codeNotice(order, { ExpireDate: '2026/02/30 12:00:00' }));
    expect(res.body).toBe('0|繳費代碼、條碼或繳費期限格式錯誤');
    expect(await orderRow(order.id)).toMatchObject({ paymentCode: null });
  });
});

describe('超商條碼 (BARCODE, payment_type 8)', () => {
  const barcodes = { Barcode1: '2606086PD', Barcode2: '0000000000123456', Barcode3: '060800000001600' };

  it('asks ECPay for BARCODE with StoreExpireDate in days, and stores the three barcodes once', async () => {
    const { member, order } = await placedOrder(PaymentMethod.CvsBarcode);
    const form = await t.asMember(member, 'GET', `/api/v1/orders/${order.id}/ecpay-checkout`);
    expect(form.json().data.fields).toMatchObject({
      ChoosePayment: 'BARCODE',
      StoreExpireDate: '7',
      PaymentInfoURL: `${t.config.publicUrl}/api/v1/ecpay-payment/info`,
    });
    const notice = codeNotice(order, { PaymentNo: '', PaymentType: 'BARCODE_BARCODE', ...barcodes });
    expect((await paymentInfo(notice)).body).toBe('1|OK');
    expect(await orderRow(order.id)).toMatchObject({
      paymentCode: null,
      paymentBarcode1: '2606086PD',
      paymentBarcode2: '0000000000123456',
      paymentBarcode3: '060800000001600',
      paymentCodeExpireDate: new Date('2026-06-08T04:00:00Z'),
    });
    const view = await t.asMember(member, 'GET', `/api/v1/orders/${order.id}`);
    expect(view.json().data).toMatchObject({
      payment_barcodes: ['2606086PD', '0000000000123456', '060800000001600'],
      payment_deadline: '2026-06-08T04:00:00.000Z',
    });
    expect((await paymentInfo(notice)).body).toBe('1|OK');
    const other = codeNotice(order, { PaymentNo: '', ...barcodes, Barcode2: '0000000000999999' });
    expect((await paymentInfo(other)).body).toBe('0|此訂單不是等待超商代碼的訂單');
    expect((await orderRow(order.id)).paymentBarcode2).toBe('0000000000123456');
    const again = await t.asMember(member, 'GET', `/api/v1/orders/${order.id}/ecpay-checkout`);
    expect(again.json()).toEqual({ code: 409, msg: paymentMsg.barcodesIssued });
  });

  it('refuses barcodes a counter could not scan (not Code 39): nothing changes', async () => {
    const { order } = await placedOrder(PaymentMethod.CvsBarcode);
    const res = await paymentInfo(codeNotice(order, { PaymentNo: '', ...barcodes, Barcode1: 'abc*' }));
    expect(res.body).toBe('0|繳費代碼、條碼或繳費期限格式錯誤');
    expect((await orderRow(order.id)).paymentBarcode1).toBeNull();
  });

  it('is neither listed nor accepted while the owner has it off', async () => {
    await updateSettings(t.db, { barcodeEnabled: false });
    try {
      expect((await t.guest('GET', '/api/v1/payment-methods')).json().data).not.toContain(PaymentMethod.CvsBarcode);
      const { res } = await placeOrder(PaymentMethod.CvsBarcode);
      expect(res.json().errors).toEqual([{ field: 'payment_type', msg: paymentMsg.barcodeOff }]);
    } finally {
      await updateSettings(t.db, { barcodeEnabled: true });
    }
  });
});

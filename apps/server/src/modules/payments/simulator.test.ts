// The payment simulator (ECPAY_MODE=simulator): the card checks of its form, and a whole payment
// played through it — the checkout form in, the signed ReturnURL notification to the shop, the order paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isCode39Text, PaymentMethod } from '@shop/domain';
import { members, orders, systemSettings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cardErrors } from './simulator.ts';
import { TEST_CARD } from './simulator-page.ts';

const NOW = new Date('2025-06-01T04:05:06Z');

describe('cardErrors', () => {
  it('accepts ECPay’s published test card, which the Luhn check alone would refuse', () => {
    expect(cardErrors(TEST_CARD, NOW)).toEqual({});
  });

  it.each([
    [{ ...TEST_CARD, number: '4311 9522 2222 2223' }, 'number'],
    [{ ...TEST_CARD, number: '1234' }, 'number'],
    [{ ...TEST_CARD, expiry: '05/25' }, 'expiry'],
    [{ ...TEST_CARD, expiry: '13/30' }, 'expiry'],
    [{ ...TEST_CARD, cvc: '12' }, 'cvc'],
  ])('refuses %o on its field', (card, field) => {
    expect(Object.keys(cardErrors(card, NOW))).toEqual([field]);
  });

  it('accepts another Luhn-valid card', () => {
    expect(cardErrors({ ...TEST_CARD, number: '4111 1111 1111 1111' }, NOW)).toEqual({});
  });
});

describe('paying through the simulator', () => {
  let t: TestApp;
  let ming: number;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    const [row] = await t.db
      .insert(members)
      .values({ account: '0911000001', passwordHash: 'x', name: '王小明', cellPhone: '0911000001' })
      .returning({ id: members.id });
    ming = row!.id;
  });
  afterAll(() => t?.close());

  const form = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('pays a credit card order with the test card and sends the shopper back to the result page', async () => {
    const [order] = await t.db
      .insert(orders)
      .values({
        orderNumber: 'GD2506010001',
        memberId: ming,
        memberCellphone: '0911000001',
        paymentType: PaymentMethod.Credit,
        goodsAmount: 1280,
        payAmount: 1280,
        recvName: '王小明',
        recvCellphone: '0911000001',
        recvAddress: '台北市大安區復興南路一段390號',
      })
      .returning();
    const checkout = (await t.asMember(ming, 'GET', `/api/v1/orders/${order!.id}/ecpay-checkout`)).json().data;
    const page = await form(new URL(checkout.action).pathname, checkout.fields);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('信用卡付款');

    const paid = await form('/payment-simulator/pay', {
      ...checkout.fields,
      sim_action: 'pay',
      sim_card_number: TEST_CARD.number,
      sim_card_expiry: TEST_CARD.expiry,
      sim_card_cvc: TEST_CARD.cvc,
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/payment/result?order=${order!.id}`);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(row!.isPayment).toBe(true);
  });
});

describe('an ATM account from the simulator', () => {
  let t: TestApp;
  let ming: number;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    const [row] = await t.db
      .insert(members)
      .values({ account: '0911000002', passwordHash: 'x', name: '王小明', cellPhone: '0911000002' })
      .returning({ id: members.id });
    ming = row!.id;
    await t.db.insert(systemSettings).values({ websiteTitle: '好日子選物', atmExpireDays: 5 });
  });
  afterAll(() => t?.close());

  it('expires after the days the owner chose (ExpireDate), as ECPay’s would', async () => {
    const [order] = await t.db
      .insert(orders)
      .values({
        orderNumber: 'GD2506010002',
        memberId: ming,
        memberCellphone: '0911000002',
        paymentType: PaymentMethod.VirtualAccount,
        goodsAmount: 980,
        payAmount: 980,
        recvName: '王小明',
        recvCellphone: '0911000002',
        recvAddress: '台北市大安區復興南路一段390號',
      })
      .returning();
    const checkout = (await t.asMember(ming, 'GET', `/api/v1/orders/${order!.id}/ecpay-checkout`)).json().data;
    expect(checkout.fields.ExpireDate).toBe('5');
    const issued = await t.app.inject({
      method: 'POST',
      url: '/payment-simulator/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...checkout.fields, sim_action: 'atm' }).toString(),
    });
    expect(issued.statusCode, issued.body).toBe(303);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(row!.virtualAccount).toMatch(/^\d+$/);
    // Issued on 2025-06-01 (Taipei): the account takes money until the end of 06-06.
    expect(row!.virtualAccountExpireDate?.toISOString()).toBe('2025-06-06T15:59:59.000Z');
  });
});

describe('a 超商代碼 from the simulator (issue 40)', () => {
  let t: TestApp;
  let ming: number;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    const [row] = await t.db
      .insert(members)
      .values({ account: '0911000003', passwordHash: 'x', name: '王小明', cellPhone: '0911000003' })
      .returning({ id: members.id });
    ming = row!.id;
    await t.db.insert(systemSettings).values({ websiteTitle: '好日子選物', cvsExpireMinutes: 4320 });
  });
  afterAll(() => t?.close());

  const cvsOrder = async (orderNumber: string) =>
    (
      await t.db
        .insert(orders)
        .values({
          orderNumber,
          memberId: ming,
          memberCellphone: '0911000003',
          paymentType: PaymentMethod.CvsCode,
          goodsAmount: 980,
          payAmount: 980,
          recvName: '王小明',
          recvCellphone: '0911000003',
          recvAddress: '台北市大安區復興南路一段390號',
        })
        .returning()
    )[0]!;
  const play = async (orderId: number, action: string) => {
    const checkout = (await t.asMember(ming, 'GET', `/api/v1/orders/${orderId}/ecpay-checkout`)).json().data;
    expect(checkout.fields).toMatchObject({ ChoosePayment: 'CVS', StoreExpireDate: '4320' });
    const page = await t.app.inject({
      method: 'POST',
      url: '/payment-simulator',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(checkout.fields).toString(),
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('取得繳費代碼');
    return t.app.inject({
      method: 'POST',
      url: '/payment-simulator/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...checkout.fields, sim_action: action }).toString(),
    });
  };

  it('makes up a code that expires after the owner’s minutes (StoreExpireDate) and sends it signed', async () => {
    const order = await cvsOrder('GD2506010003');
    const issued = await play(order.id, 'cvs');
    expect(issued.statusCode, issued.body).toBe(303);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.paymentCode).toMatch(/^[A-Z]{3}\d{8}$/);
    // 4320 minutes after 2025-06-01 12:05:06 Taipei.
    expect(row!.paymentCodeExpireDate?.toISOString()).toBe('2025-06-04T04:05:06.000Z');
    expect(row!.isPayment).toBe(false);
  });

  it('can also play the payment at the store counter', async () => {
    const order = await cvsOrder('GD2506010004');
    expect((await play(order.id, 'cvs_paid')).statusCode).toBe(303);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ isPayment: true });
    expect(row!.paymentCode).not.toBeNull();
  });
});

describe('超商條碼 from the simulator (issue 40)', () => {
  let t: TestApp;
  let ming: number;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    const [row] = await t.db
      .insert(members)
      .values({ account: '0911000004', passwordHash: 'x', name: '王小明', cellPhone: '0911000004' })
      .returning({ id: members.id });
    ming = row!.id;
    await t.db.insert(systemSettings).values({ websiteTitle: '好日子選物', barcodeExpireDays: 3 });
  });
  afterAll(() => t?.close());

  it('makes up three Code 39 barcodes due after the owner’s days and sends them signed', async () => {
    const [order] = await t.db
      .insert(orders)
      .values({
        orderNumber: 'GD2506010005',
        memberId: ming,
        memberCellphone: '0911000004',
        paymentType: PaymentMethod.CvsBarcode,
        goodsAmount: 980,
        payAmount: 980,
        recvName: '王小明',
        recvCellphone: '0911000004',
        recvAddress: '台北市大安區復興南路一段390號',
      })
      .returning();
    const checkout = (await t.asMember(ming, 'GET', `/api/v1/orders/${order!.id}/ecpay-checkout`)).json().data;
    expect(checkout.fields).toMatchObject({ ChoosePayment: 'BARCODE', StoreExpireDate: '3' });
    const issued = await t.app.inject({
      method: 'POST',
      url: '/payment-simulator/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...checkout.fields, sim_action: 'cvs' }).toString(),
    });
    expect(issued.statusCode, issued.body).toBe(303);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    for (const b of [row!.paymentBarcode1, row!.paymentBarcode2, row!.paymentBarcode3])
      expect(isCode39Text(b!)).toBe(true);
    expect(row!.paymentBarcode3).toMatch(/980$/);
    expect(row!.paymentCodeExpireDate?.toISOString()).toBe('2025-06-04T04:05:06.000Z');
  });
});

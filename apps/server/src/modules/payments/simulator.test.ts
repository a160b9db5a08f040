// The payment simulator (ECPAY_MODE=simulator): the card checks of its form, and a whole payment
// played through it — the checkout form in, the signed ReturnURL notification to the shop, the order paid.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isCode39Text, PaymentMethod } from '@shop/domain';
import { members, orders, systemSettings } from '../../db/schema/index.ts';
import { postForm, useTestApp } from '../../test/test-app.ts';
import { payWithTestCard } from './payment-fixtures.ts';
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

/**
 * The app of the enclosing describe, with a member 王小明 of phone `phone` and, when given, the shop's
 * settings (the simulator reads the owner's expiry choices there).
 */
function useSimulatorShop(phone: string, settings?: Partial<typeof systemSettings.$inferInsert>) {
  const t = useTestApp({ now: () => NOW });
  let ming: number;

  beforeAll(async () => {
    const [row] = await t.db
      .insert(members)
      .values({ account: phone, passwordHash: 'x', name: '王小明', cellPhone: phone })
      .returning({ id: members.id });
    ming = row!.id;
    if (settings) await t.db.insert(systemSettings).values({ websiteTitle: '好日子選物', ...settings });
  });

  /** An unpaid order of the member's. */
  const insertOrder = async (orderNumber: string, paymentType: number, amount: number) =>
    (
      await t.db
        .insert(orders)
        .values({
          orderNumber,
          memberId: ming,
          memberCellphone: phone,
          paymentType,
          goodsAmount: amount,
          payAmount: amount,
          recvName: '王小明',
          recvCellphone: phone,
          recvAddress: '台北市大安區復興南路一段390號',
        })
        .returning()
    )[0]!;
  /** The shop's checkout form for the order, as the member's browser gets it. */
  const checkoutOf = async (orderId: number) =>
    (await t.asMember(ming, 'GET', `/api/v1/orders/${orderId}/ecpay-checkout`)).json().data as {
      action: string;
      fields: Record<string, string>;
    };
  /** A form post to the simulator, as the shopper's browser sends it. */
  const form = (url: string, fields: Record<string, string>) => postForm(t, url, fields);
  const orderRow = async (orderId: number) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  return { t, insertOrder, checkoutOf, form, orderRow };
}

describe('paying through the simulator', () => {
  const { t, insertOrder, checkoutOf, form, orderRow } = useSimulatorShop('0911000001');

  it('pays a credit card order with the test card and sends the shopper back to the result page', async () => {
    const order = await insertOrder('GD2506010001', PaymentMethod.Credit, 1280);
    const checkout = await checkoutOf(order.id);
    const page = await form(new URL(checkout.action).pathname, checkout.fields);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('信用卡付款');

    const paid = await payWithTestCard(t, checkout.fields);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/payment/result?order=${order.id}`);
    expect((await orderRow(order.id)).isPayment).toBe(true);
  });
});

describe('an ATM account from the simulator', () => {
  const { insertOrder, checkoutOf, form, orderRow } = useSimulatorShop('0911000002', { atmExpireDays: 5 });

  it('expires after the days the owner chose (ExpireDate), as ECPay’s would', async () => {
    const order = await insertOrder('GD2506010002', PaymentMethod.VirtualAccount, 980);
    const checkout = await checkoutOf(order.id);
    expect(checkout.fields.ExpireDate).toBe('5');
    const issued = await form('/payment-simulator/pay', { ...checkout.fields, sim_action: 'atm' });
    expect(issued.statusCode, issued.body).toBe(303);
    const row = await orderRow(order.id);
    expect(row.virtualAccount).toMatch(/^\d+$/);
    // Issued on 2025-06-01 (Taipei): the account takes money until the end of 06-06.
    expect(row.virtualAccountExpireDate?.toISOString()).toBe('2025-06-06T15:59:59.000Z');
  });
});

describe('a 超商代碼 from the simulator (issue 40)', () => {
  const { insertOrder, checkoutOf, form, orderRow } = useSimulatorShop('0911000003', { cvsExpireMinutes: 4320 });

  const cvsOrder = (orderNumber: string) => insertOrder(orderNumber, PaymentMethod.CvsCode, 980);
  const play = async (orderId: number, action: string) => {
    const checkout = await checkoutOf(orderId);
    expect(checkout.fields).toMatchObject({ ChoosePayment: 'CVS', StoreExpireDate: '4320' });
    const page = await form('/payment-simulator', checkout.fields);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('取得繳費代碼');
    return form('/payment-simulator/pay', { ...checkout.fields, sim_action: action });
  };

  it('makes up a code that expires after the owner’s minutes (StoreExpireDate) and sends it signed', async () => {
    const order = await cvsOrder('GD2506010003');
    const issued = await play(order.id, 'cvs');
    expect(issued.statusCode, issued.body).toBe(303);
    const row = await orderRow(order.id);
    expect(row.paymentCode).toMatch(/^[A-Z]{3}\d{8}$/);
    // 4320 minutes after 2025-06-01 12:05:06 Taipei.
    expect(row.paymentCodeExpireDate?.toISOString()).toBe('2025-06-04T04:05:06.000Z');
    expect(row.isPayment).toBe(false);
  });

  it('can also play the payment at the store counter', async () => {
    const order = await cvsOrder('GD2506010004');
    expect((await play(order.id, 'cvs_paid')).statusCode).toBe(303);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ isPayment: true });
    expect(row.paymentCode).not.toBeNull();
  });
});

describe('超商條碼 from the simulator (issue 40)', () => {
  const { insertOrder, checkoutOf, form, orderRow } = useSimulatorShop('0911000004', { barcodeExpireDays: 3 });

  it('makes up three Code 39 barcodes due after the owner’s days and sends them signed', async () => {
    const order = await insertOrder('GD2506010005', PaymentMethod.CvsBarcode, 980);
    const checkout = await checkoutOf(order.id);
    expect(checkout.fields).toMatchObject({ ChoosePayment: 'BARCODE', StoreExpireDate: '3' });
    const issued = await form('/payment-simulator/pay', { ...checkout.fields, sim_action: 'cvs' });
    expect(issued.statusCode, issued.body).toBe(303);
    const row = await orderRow(order.id);
    for (const b of [row.paymentBarcode1, row.paymentBarcode2, row.paymentBarcode3])
      expect(isCode39Text(b!)).toBe(true);
    expect(row.paymentBarcode3).toMatch(/980$/);
    expect(row.paymentCodeExpireDate?.toISOString()).toBe('2025-06-04T04:05:06.000Z');
  });
});

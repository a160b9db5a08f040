// Issue 40 items 4–5 (decision 082): Apple Pay (ChoosePayment=ApplePay) and 台灣Pay (TWQR) through
// ECPay's AIO. Both are off until the owner turns them on in 商店設定; the form names the method and,
// for Apple Pay (a card trade ECPay refunds by DoAction), asks for the card's authorisation; the
// simulator plays the payment and its signed notice pays the order.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PaymentMethod, paymentMsg, refundRoute } from '@shop/domain';
import { orders, paymentTransactions } from '../../db/schema/index.ts';
import { postForm } from '../../test/test-app.ts';
import { placeNewMemberOrder, updateSettings, useOrderTestApp } from '../orders/order-fixtures.ts';
import { ownerShippingSettings } from './payment-fixtures.ts';

const NOW = new Date('2026-06-01T04:00:00Z');

const t = useOrderTestApp({ now: () => NOW });

const placeOrder = (paymentType: number) =>
  placeNewMemberOrder(t, { qty: 1, spec: { onSalePrice: 800, stock: 5 }, body: { payment_type: paymentType } });

const form = (url: string, fields: Record<string, string>) => postForm(t, url, fields);

describe.each([
  { method: PaymentMethod.ApplePay, flag: 'applePayEnabled', off: paymentMsg.applePayOff, choose: 'ApplePay' },
  { method: PaymentMethod.Twqr, flag: 'twqrEnabled', off: paymentMsg.twqrOff, choose: 'TWQR' },
] as const)('payment_type $method ($choose)', ({ method, flag, off, choose }) => {
  it('is neither listed nor accepted until the owner turns it on, and nothing is ordered', async () => {
    const listed = await t.guest('GET', '/api/v1/payment-methods');
    expect(listed.json().data).not.toContain(method);
    const { member, res } = await placeOrder(method);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'payment_type', msg: off }]);
    expect(await t.db.select().from(orders).where(eq(orders.memberId, member))).toEqual([]);
  });

  it('is paid on ECPay’s page once the owner has it on: the form names it and the notice pays the order', async () => {
    await updateSettings(t.db, { [flag]: true });
    try {
      expect((await t.guest('GET', '/api/v1/payment-methods')).json().data).toContain(method);
      const { member, res } = await placeOrder(method);
      expect(res.statusCode).toBe(201);
      const { id } = res.json().data as { id: number };

      const checkout = (await t.asMember(member, 'GET', `/api/v1/orders/${id}/ecpay-checkout`)).json().data as {
        action: string;
        fields: Record<string, string>;
      };
      expect(checkout.fields.ChoosePayment).toBe(choose);
      expect(checkout.fields.PaymentInfoURL).toBeUndefined();
      expect(checkout.fields.NeedExtraPaidInfo).toBe(method === PaymentMethod.ApplePay ? 'Y' : undefined);

      const page = await form(new URL(checkout.action).pathname, checkout.fields);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(method === PaymentMethod.ApplePay ? 'Apple Pay 付款' : '台灣Pay 付款');
      const paid = await form('/payment-simulator/pay', { ...checkout.fields, sim_action: 'pay' });
      expect(paid.statusCode).toBe(303);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
      expect(row!.isPayment).toBe(true);
      const [confirm] = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, id));
      expect(confirm!.answer).toMatchObject({
        PaymentType: method === PaymentMethod.ApplePay ? 'ApplePay' : 'TWQR_OPAY',
      });
    } finally {
      await updateSettings(t.db, { [flag]: false });
    }
  });
});

describe('the owner’s switches in 商店設定', () => {
  it('turns both on through PUT /admin/settings/shipping, and a form’s text is refused clearly', async () => {
    const { shipping, save } = await ownerShippingSettings(t);
    expect(shipping).toMatchObject({ apple_pay_enabled: false, twqr_enabled: false });
    const bad = await save({ twqr_enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('請選擇是否提供');
    const saved = await save({ apple_pay_enabled: true, twqr_enabled: true });
    expect(saved.statusCode).toBe(200);
    const methods = (await t.guest('GET', '/api/v1/payment-methods')).json().data as number[];
    expect(methods).toEqual(expect.arrayContaining([PaymentMethod.ApplePay, PaymentMethod.Twqr]));
    await updateSettings(t.db, { applePayEnabled: false, twqrEnabled: false });
  });
});

describe('where the money of a cancelled Apple Pay or 台灣Pay order goes back', () => {
  it('Apple Pay through ECPay’s card refund, 台灣Pay by the shop’s own transfer', () => {
    const paid = { is_payment: true, is_shipping: false, pay_amount: 800 };
    expect(refundRoute({ ...paid, payment_type: PaymentMethod.ApplePay })).toBe('provider');
    expect(refundRoute({ ...paid, payment_type: PaymentMethod.Twqr })).toBe('account');
  });
});

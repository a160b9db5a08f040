// Issue 40 item 1 (decision 082): card installments. The owner offers counts from an order amount in
// 商店設定; POST /orders takes an offered count on a card order from that amount on and refuses the
// rest with a zh-TW reason, writing nothing; the ECPay form asks for CreditInstallment.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { installmentMsg, PaymentMethod } from '@shop/domain';
import { orders } from '../../db/schema/index.ts';
import { placeNewMemberOrder, updateSettings, useOrderTestApp } from '../orders/order-fixtures.ts';
import { checkMacValue } from './check-mac-value.ts';
import { ownerShippingSettings } from './payment-fixtures.ts';

const KEY = 'pwFHCqoQZGmho4w6';
const IV = 'EkRm7iFT261dpevs';
const NOW = new Date('2026-06-01T04:00:00Z');

const t = useOrderTestApp({
  now: () => NOW,
  settings: { installmentCounts: '3,6,12', installmentMinAmount: 3000, shippingFee: 0 },
});

/** A member's order of `units` x NT$1,000 with the body's payment choice. */
const placeOrder = (units: number, choice: Record<string, unknown>) =>
  placeNewMemberOrder(t, { qty: units, spec: { onSalePrice: 1000, stock: 50 }, body: choice });

describe('GET /installment-plan', () => {
  it('tells the checkout the counts the owner offers and from which amount', async () => {
    const res = await t.guest('GET', '/api/v1/installment-plan');
    expect(res.json().data).toEqual({ counts: [3, 6, 12], min_amount: 3000 });
  });
});

describe('POST /orders with installments', () => {
  it('takes an offered count on a card order from the minimum on, and the form asks ECPay for it', async () => {
    const { member, res } = await placeOrder(4, { payment_type: PaymentMethod.Credit, installments: 6 });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as { id: number; pay_amount: number; installments: number };
    expect(order.installments).toBe(6);
    const form = await t.asMember(member, 'GET', `/api/v1/orders/${order.id}/ecpay-checkout`);
    const { fields } = form.json().data as { fields: Record<string, string> };
    expect(fields).toMatchObject({
      ChoosePayment: 'Credit',
      CreditInstallment: '6',
      TotalAmount: String(order.pay_amount),
    });
    const { CheckMacValue, ...rest } = fields;
    expect(CheckMacValue).toBe(checkMacValue(rest, KEY, IV));
  });

  it('pays at once without installments: no CreditInstallment', async () => {
    const { member, res } = await placeOrder(4, { payment_type: PaymentMethod.Credit });
    expect(res.statusCode).toBe(201);
    const form = await t.asMember(member, 'GET', `/api/v1/orders/${res.json().data.id}/ecpay-checkout`);
    expect(form.json().data.fields.CreditInstallment).toBeUndefined();
  });

  it.each([
    ['an unknown count', 4, { payment_type: PaymentMethod.Credit, installments: 5 }, installmentMsg.unknownCount],
    ['a count as text', 4, { payment_type: PaymentMethod.Credit, installments: 'x' }, installmentMsg.unknownCount],
    ['a count not offered', 4, { payment_type: PaymentMethod.Credit, installments: 24 }, installmentMsg.notOffered(24)],
    [
      'an amount below the minimum',
      2,
      { payment_type: PaymentMethod.Credit, installments: 3 },
      '訂單金額滿 NT$3,000 才能分期付款',
    ],
    ['another method', 4, { payment_type: PaymentMethod.Transfer, installments: 3 }, installmentMsg.cardOnly],
  ] as const)('refuses %s with its reason, writing nothing', async (_what, units, choice, reason) => {
    const { member, res } = await placeOrder(units, choice);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'installments', msg: reason });
    expect(await t.db.select().from(orders).where(eq(orders.memberId, member))).toEqual([]);
  });

  it('refuses every count while the owner offers none', async () => {
    await updateSettings(t.db, { installmentCounts: '' });
    try {
      const { res } = await placeOrder(4, { payment_type: PaymentMethod.Credit, installments: 3 });
      expect(res.json().errors).toEqual([{ field: 'installments', msg: installmentMsg.noneOffered }]);
    } finally {
      await updateSettings(t.db, { installmentCounts: '3,6,12' });
    }
  });
});

describe('the owner’s installment settings', () => {
  it('saves the counts and the amount, and refuses a count ECPay does not take', async () => {
    const { shipping, save } = await ownerShippingSettings(t);
    expect(shipping).toMatchObject({ installment_counts: [3, 6, 12], installment_min_amount: 3000 });
    const bad = await save({ installment_counts: ['5'] });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(installmentMsg.unknownCount);
    const saved = await save({ installment_counts: ['12', '3'], installment_min_amount: '5000' });
    expect(saved.statusCode, saved.body).toBe(200);
    const plan = await t.guest('GET', '/api/v1/installment-plan');
    expect(plan.json().data).toEqual({ counts: [3, 12], min_amount: 5000 });
  });
});

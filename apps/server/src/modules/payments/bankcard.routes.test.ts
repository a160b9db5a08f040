// Payment method 4, 信用卡（銀行）, through a bank acquirer (issue 23 item 1, decision 060): hidden and
// refused until BANKCARD_MODE is on; then paid through the simulator's page with the shop's signed
// form and the acquirer's signed result, once; refunded by the job, once, in-process and against a
// stand-in acquirer that is down, then back.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentMethod, paymentMsg } from '@shop/domain';
import { BANKCARD_SIMULATOR_MERCHANT } from '../../config.ts';
import { orders, paymentTransactions } from '../../db/schema/index.ts';
import { jsonAnswer, useStandIn } from '../../test/stand-in-server.ts';
import { approveCancelRequest, jobAttempt, refundJobOf } from '../../test/refund-jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertMember, insertOrder, insertProduct, orderRow, productLine } from '../admin-orders/test-fixtures.ts';
import { insertCartLine, insertSettings, orderBody } from '../orders/order-fixtures.ts';
import {
  BANKCARD_APPROVED,
  BANKCARD_REFUND_PATH,
  signBankcardFields,
  verifyBankcardSignature,
  type BankcardFields,
} from './bankcard-protocol.ts';
import { paymentJobHandlers } from './payment-jobs.ts';
import { TEST_CARD } from './simulator-page.ts';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const ON = { BANKCARD_MODE: 'simulator', PUBLIC_URL: 'https://shop.example.tw' };

const form = (t: TestApp, url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const transactionsOf = (t: TestApp, orderId: number, kind: string) =>
  t.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.kind, kind)));

describe('until the shop turns it on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertSettings(t.db);
  });
  afterAll(() => t?.close());

  it('is not offered, and an order for it is refused on its field with a clear message', async () => {
    const methods = (await t.guest('GET', '/api/v1/payment-methods')).json().data;
    expect(methods).not.toContain(PaymentMethod.CreditFocas);
    const member = (await insertMember(t.db)).id;
    const product = await insertProduct(t.db, '阿里山高山烏龍茶', 640);
    await insertCartLine(t.db, member, product.product.id, product.spec.id, 1);
    const res = await t.asMember(
      member,
      'POST',
      '/api/v1/orders',
      orderBody({ payment_type: PaymentMethod.CreditFocas }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'payment_type', msg: paymentMsg.bankcardOff }]);
    expect(await t.db.select().from(orders).where(eq(orders.memberId, member))).toEqual([]);
  });

  it('has no simulator page and no result endpoint', async () => {
    expect((await form(t, '/bankcard-simulator/pay', {})).statusCode).toBe(404);
    expect((await form(t, '/api/v1/bankcard/notify', {})).statusCode).toBe(404);
  });

  // The attack run (issue 37): with the simulator's public key, a forged acquirer result and the
  // simulator's page with the test card each marked an order paid. Off, neither has anywhere to go.
  it('takes neither a result signed with the simulator’s public key nor the test card on its page', async () => {
    const member = (await insertMember(t.db)).id;
    const tea = await insertProduct(t.db, '文山包種茶', 480);
    const order = await insertOrder(t.db, {
      memberId: member,
      lines: [productLine(tea, 1)],
      values: { paymentType: PaymentMethod.CreditFocas },
    });
    const result = {
      MerchantID: BANKCARD_SIMULATOR_MERCHANT.merchantId,
      OrderNo: order.orderNumber,
      Amount: String(order.payAmount),
      Status: BANKCARD_APPROVED,
      TradeNo: 'FORGED0001',
    };
    const forged = await form(
      t,
      '/api/v1/bankcard/notify',
      signBankcardFields(result, BANKCARD_SIMULATOR_MERCHANT.hashKey),
    );
    expect(forged.statusCode).toBe(404);
    const paid = await form(t, '/bankcard-simulator/pay/confirm', {
      ...signBankcardFields(
        { MerchantID: result.MerchantID, OrderNo: result.OrderNo, Amount: result.Amount },
        BANKCARD_SIMULATOR_MERCHANT.hashKey,
      ),
      sim_action: 'pay',
      sim_card_number: TEST_CARD.number,
      sim_card_expiry: TEST_CARD.expiry,
      sim_card_cvc: TEST_CARD.cvc,
    });
    expect(paid.statusCode).toBe(404);
    expect((await orderRow(t.db, order.id)).isPayment).toBe(false);
    expect(await transactionsOf(t, order.id, 'confirm')).toEqual([]);
  });
});

describe('through the simulator (BANKCARD_MODE=simulator)', () => {
  let t: TestApp;
  let ming: number;
  let tea: Awaited<ReturnType<typeof insertProduct>>;

  beforeAll(async () => {
    t = await createTestApp({ env: ON });
    ming = (await insertMember(t.db)).id;
    tea = await insertProduct(t.db, '阿里山高山烏龍茶', 640);
  });
  afterAll(() => t?.close());

  async function checkoutOf(orderId: number) {
    const res = await t.asMember(ming, 'GET', `/api/v1/orders/${orderId}/bankcard-checkout`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { action: string; fields: BankcardFields };
  }

  async function paidOrder() {
    const order = await insertOrder(t.db, {
      memberId: ming,
      lines: [productLine(tea, 2)],
      values: { paymentType: PaymentMethod.CreditFocas },
    });
    const { fields } = await checkoutOf(order.id);
    const paid = await form(t, '/bankcard-simulator/pay/confirm', {
      ...fields,
      sim_action: 'pay',
      sim_card_number: TEST_CARD.number,
      sim_card_expiry: TEST_CARD.expiry,
      sim_card_cvc: TEST_CARD.cvc,
    });
    expect(paid.statusCode, paid.body).toBe(303);
    return orderRow(t.db, order.id);
  }

  it('is offered, and signs a form of the stored amount for the acquirer’s page', async () => {
    expect((await t.guest('GET', '/api/v1/payment-methods')).json().data).toContain(PaymentMethod.CreditFocas);
    const order = await insertOrder(t.db, {
      memberId: ming,
      lines: [productLine(tea, 2)],
      values: { paymentType: PaymentMethod.CreditFocas },
    });
    const { action, fields } = await checkoutOf(order.id);
    expect(action).toBe('https://shop.example.tw/bankcard-simulator/pay');
    expect(fields).toMatchObject({
      MerchantID: t.config.BANKCARD_MERCHANT_ID,
      OrderNo: order.orderNumber,
      Amount: String(order.payAmount),
      NotifyURL: 'https://shop.example.tw/api/v1/bankcard/notify',
      ReturnURL: `https://shop.example.tw/payment/result?order=${order.id}`,
    });
    expect(verifyBankcardSignature(fields, t.config.BANKCARD_HASH_KEY)).toBe(true);
    const page = await form(t, '/bankcard-simulator/pay', fields);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('信用卡付款');
    // A form changed on its way (a lower amount) is refused by the acquirer.
    expect((await form(t, '/bankcard-simulator/pay', { ...fields, Amount: '1' })).statusCode).toBe(400);
    const payment = (await t.asMember(ming, 'GET', `/api/v1/orders/${order.id}/payment`)).json().data;
    expect(payment.can_checkout).toBe(true);
  });

  it('pays the order once on the acquirer’s signed result; a replay and a forgery change nothing', async () => {
    const order = await paidOrder();
    expect(order.isPayment).toBe(true);
    const [confirm] = await transactionsOf(t, order.id, 'confirm');
    expect(confirm).toMatchObject({ provider: 'bankcard', transactionId: order.tradeNo, amount: 1380 });
    expect((confirm!.answer as Record<string, string>).CardLast4).toBe('2222');

    const result = signBankcardFields(
      {
        MerchantID: t.config.BANKCARD_MERCHANT_ID,
        OrderNo: order.orderNumber,
        Amount: '1380',
        Status: BANKCARD_APPROVED,
        TradeNo: order.tradeNo!,
        AuthCode: '123456',
        CardLast4: '2222',
        Message: '授權成功',
      },
      t.config.BANKCARD_HASH_KEY,
    );
    const replay = await form(t, '/api/v1/bankcard/notify', result);
    expect(replay.body).toBe('OK');
    expect(await transactionsOf(t, order.id, 'confirm')).toHaveLength(1);

    const unpaid = await insertOrder(t.db, {
      memberId: ming,
      lines: [productLine(tea, 1)],
      values: { paymentType: PaymentMethod.CreditFocas },
    });
    const forged = await form(t, '/api/v1/bankcard/notify', {
      ...result,
      OrderNo: unpaid.orderNumber,
      Amount: String(unpaid.payAmount),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toBe('ERROR');
    expect((await orderRow(t.db, unpaid.id)).isPayment).toBe(false);
    // Signed, but for another amount than the order's: kept, not applied.
    const short = signBankcardFields(
      { ...result, OrderNo: unpaid.orderNumber, Amount: '1', TradeNo: 'SB1' },
      t.config.BANKCARD_HASH_KEY,
    );
    expect((await form(t, '/api/v1/bankcard/notify', short)).body).toBe('OK');
    expect((await orderRow(t.db, unpaid.id)).isPayment).toBe(false);
  });

  it('leaves the order unpaid when the bank declines', async () => {
    const order = await insertOrder(t.db, {
      memberId: ming,
      lines: [productLine(tea, 1)],
      values: { paymentType: PaymentMethod.CreditFocas },
    });
    const { fields } = await checkoutOf(order.id);
    const declined = await form(t, '/bankcard-simulator/pay/confirm', { ...fields, sim_action: 'decline' });
    expect(declined.statusCode).toBe(303);
    expect((await orderRow(t.db, order.id)).isPayment).toBe(false);
  });

  it('refunds a cancelled paid order through the acquirer once, and the order reads refunded', async () => {
    const order = await paidOrder();
    const approved = await approveCancelRequest(t, order);
    expect(approved.statusCode, approved.body).toBe(200);
    const job = await refundJobOf(t, order.id, 'cancel');
    const run = (attempt: number) =>
      paymentJobHandlers({ db: t.db, config: t.config, log: silent })['refund-payment']!(
        job.payload,
        jobAttempt(job.id, attempt),
      );
    await run(1);
    const [refund] = await transactionsOf(t, order.id, 'refund');
    expect(refund).toMatchObject({ provider: 'bankcard', status: 'succeeded', amount: 1380 });
    expect((await orderRow(t.db, order.id)).refundedAt).not.toBeNull();
    await run(2);
    expect(await transactionsOf(t, order.id, 'refund')).toHaveLength(1);
  });
});

describe('against a stand-in acquirer (BANKCARD_API_URL)', () => {
  let t: TestApp;
  let up = false;
  const calls: BankcardFields[] = [];
  const KEY = 'stand-in-acquirer-key-0001';

  const acquirer = useStandIn((request) => {
    if (!up) return { status: 503 };
    const call = JSON.parse(request.body) as BankcardFields;
    calls.push(call);
    const ok = request.path === BANKCARD_REFUND_PATH && verifyBankcardSignature(call, KEY);
    const answer = signBankcardFields(
      ok
        ? { Status: BANKCARD_APPROVED, RefundNo: call.RefundNo!, RefundTradeNo: `RT${call.RefundNo}` }
        : { Status: 'S001', Message: '簽章錯誤' },
      KEY,
    );
    return jsonAnswer(answer);
  });

  beforeAll(async () => {
    t = await createTestApp({
      env: { ...ON, BANKCARD_HASH_KEY: KEY, BANKCARD_API_URL: acquirer.url },
    });
  });
  afterAll(() => t?.close());

  it('points the payment form at the acquirer, and sends a refund again with the same number after an outage', async () => {
    const ming = (await insertMember(t.db)).id;
    const tea = await insertProduct(t.db, '凍頂烏龍茶', 500);
    const order = await insertOrder(t.db, {
      memberId: ming,
      lines: [productLine(tea, 1)],
      values: { paymentType: PaymentMethod.CreditFocas },
    });
    const checkout = (await t.asMember(ming, 'GET', `/api/v1/orders/${order.id}/bankcard-checkout`)).json().data;
    expect(checkout.action).toBe(`${t.config.BANKCARD_API_URL}/bankcard-simulator/pay`);
    // No simulator in the shop when an acquirer is named.
    expect((await form(t, '/bankcard-simulator/pay', checkout.fields)).statusCode).toBe(404);

    // The acquirer reports the payment.
    const result = signBankcardFields(
      {
        MerchantID: t.config.BANKCARD_MERCHANT_ID,
        OrderNo: order.orderNumber,
        Amount: String(order.payAmount),
        Status: BANKCARD_APPROVED,
        TradeNo: 'ACQ0001',
      },
      KEY,
    );
    expect((await form(t, '/api/v1/bankcard/notify', result)).body).toBe('OK');
    const paid = await orderRow(t.db, order.id);
    expect(paid.isPayment).toBe(true);

    await approveCancelRequest(t, paid);
    const job = await refundJobOf(t, order.id, 'cancel');
    const run = (attempt: number) =>
      paymentJobHandlers({ db: t.db, config: t.config, log: silent })['refund-payment']!(
        job.payload,
        jobAttempt(job.id, attempt),
      );
    await expect(run(1)).rejects.toThrow('收單銀行暫時無法回應');
    const [pending] = await transactionsOf(t, order.id, 'refund');
    expect(pending).toMatchObject({ status: 'pending' });
    expect((await orderRow(t.db, order.id)).refundedAt).toBeNull();

    up = true;
    await run(2);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ OrderNo: order.orderNumber, TradeNo: 'ACQ0001', RefundNo: `RF${pending!.id}` });
    const [refund] = await transactionsOf(t, order.id, 'refund');
    expect(refund).toMatchObject({ status: 'succeeded', transactionId: `RTRF${pending!.id}` });
    expect((await orderRow(t.db, order.id)).refundedAt).not.toBeNull();
  });
});

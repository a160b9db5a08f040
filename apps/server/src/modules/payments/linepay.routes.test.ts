// LINE Pay at the shop (issue 16 item 1): the reservation, the shopper's return, the confirm that pays
// once, the cancel that leaves the order payable, and the refund job, through the simulator (the
// default) and against a stand-in for LINE Pay's API that checks every call it receives.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CancelStatus, OrderStatus, PaymentMethod } from '@shop/domain';
import { jobs, orderEvents, orders, paymentTransactions } from '../../db/schema/index.ts';
import { jsonAnswer, useStandIn } from '../../test/stand-in-server.ts';
import { approveCancelRequest, jobAttempt, refundJobOf } from '../../test/refund-jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  insertMember,
  insertOrder,
  insertProduct,
  orderRow,
  type ProductFixture,
  productLine,
} from '../admin-orders/test-fixtures.ts';
import { placeNewMemberOrder } from '../orders/order-fixtures.ts';
import { linePayAmountsAgree, linePaySignature, type LinePayRequestBody } from './linepay-api.ts';
import { linePayRequestBody } from './linepay.service.ts';
import { paymentJobHandlers } from './payment-jobs.ts';

const NOW = new Date('2026-11-26T04:00:00Z');
const silent = { info: () => {}, warn: () => {}, error: () => {} };

async function linePayOrder(t: TestApp, memberId: number, tea: ProductFixture, values = {}) {
  return insertOrder(t.db, {
    memberId,
    lines: [productLine(tea, 2)],
    values: { paymentType: PaymentMethod.LinePay, shipping: 80, ...values },
  });
}

const query = (location: string) => new URL(location, 'http://shop.test').searchParams;

describe('LINE Pay through the simulator (the default)', () => {
  let t: TestApp;
  let ming: number;
  let mei: number;
  let tea: ProductFixture;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    ming = (await insertMember(t.db)).id;
    mei = (await insertMember(t.db)).id;
    tea = await insertProduct(t.db, '阿里山高山烏龍茶', 640);
  });
  afterAll(() => t?.close());

  /** Reserves, approves on the simulator's page and follows LINE Pay's redirect back: where the shopper lands. */
  async function payOnSimulator(orderId: number, action: 'approve' | 'cancel' = 'approve') {
    const requested = await t.asMember(ming, 'POST', `/api/v1/orders/${orderId}/linepay-request`);
    expect(requested.statusCode, requested.body).toBe(200);
    const paymentUrl = new URL(requested.json().data.payment_url);
    const transactionId = paymentUrl.searchParams.get('transactionId')!;
    const page = await t.app.inject({ method: 'GET', url: paymentUrl.pathname + paymentUrl.search });
    expect(page.statusCode).toBe(200);
    const decided = await t.app.inject({
      method: 'POST',
      url: '/linepay-simulator/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ transactionId, action }).toString(),
    });
    expect(decided.statusCode).toBe(303);
    const back = await t.app.inject({ method: 'GET', url: decided.headers.location as string });
    expect(back.statusCode).toBe(303);
    return {
      transactionId,
      page,
      returnUrl: decided.headers.location as string,
      landed: back.headers.location as string,
    };
  }

  it('pays an order: reserve, approve, come back, confirmed, paid once', async () => {
    const order = await linePayOrder(t, ming, tea);
    const { transactionId, page, returnUrl, landed } = await payOnSimulator(order.id);
    expect(transactionId).toMatch(/^\d{19}$/);
    expect(page.body).toContain('NT$1,360');
    expect(returnUrl).toContain('/api/v1/linepay/confirm?order=');
    expect(query(returnUrl).get('orderId')).toBe(order.orderNumber);
    expect(landed).toBe(`/payment/result?order=${order.id}&linepay=paid`);

    const paid = await orderRow(t.db, order.id);
    expect(paid).toMatchObject({ isPayment: true, tradeNo: transactionId, paidAt: NOW });
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => [e.event, e.actor, e.actorName])).toEqual([['pay', 'provider', 'linepay']]);

    // The shopper reloads the return URL (or comes back twice): nothing more happens.
    const again = await t.app.inject({ method: 'GET', url: returnUrl });
    expect(again.headers.location).toBe(`/payment/result?order=${order.id}&linepay=paid`);
    expect(await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toHaveLength(1);
    const payment = await t.asMember(ming, 'GET', `/api/v1/orders/${order.id}/payment`);
    expect(payment.json().data).toMatchObject({ is_payment: true, can_checkout: false });
    const refused = await t.asMember(ming, 'POST', `/api/v1/orders/${order.id}/linepay-request`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('此訂單已完成付款');
  });

  it('a shopper who cancels on LINE Pay comes back to an order they can pay again', async () => {
    const order = await linePayOrder(t, ming, tea);
    expect((await t.asMember(ming, 'GET', `/api/v1/orders/${order.id}/payment`)).json().data.can_checkout).toBe(true);
    const cancelled = await payOnSimulator(order.id, 'cancel');
    expect(cancelled.landed).toBe(`/payment/result?order=${order.id}&linepay=cancelled`);
    expect((await orderRow(t.db, order.id)).isPayment).toBe(false);

    // A second try needs a new orderId at LINE Pay (it refuses one it has seen: 1172).
    const second = await payOnSimulator(order.id);
    expect(query(second.returnUrl).get('orderId')).toBe(`${order.orderNumber}-2`);
    expect(second.landed).toBe(`/payment/result?order=${order.id}&linepay=paid`);
    expect((await orderRow(t.db, order.id)).tradeNo).toBe(second.transactionId);
  });

  it('two returns at once (two tabs, a double tap) pay the order once', async () => {
    const order = await linePayOrder(t, ming, tea);
    const requested = await t.asMember(ming, 'POST', `/api/v1/orders/${order.id}/linepay-request`);
    const transactionId = new URL(requested.json().data.payment_url).searchParams.get('transactionId')!;
    const decided = await t.app.inject({
      method: 'POST',
      url: '/linepay-simulator/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ transactionId, action: 'approve' }).toString(),
    });
    const url = decided.headers.location as string;
    const backs = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'GET', url })));
    expect(backs.map((b) => b.headers.location)).toEqual(
      [1, 2, 3].map(() => `/payment/result?order=${order.id}&linepay=paid`),
    );
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.event)).toEqual(['pay']);
    const confirms = await t.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.orderId, order.id), eq(paymentTransactions.kind, 'confirm')));
    expect(confirms).toHaveLength(1);
    expect((await orderRow(t.db, order.id)).refundDue).toBeNull();
  });

  it('a forged or unknown return pays nothing', async () => {
    const order = await linePayOrder(t, ming, tea);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/v1/linepay/confirm?order=${order.id}&transactionId=2026000000000000001`,
    });
    expect(forged.statusCode).toBe(303);
    expect(forged.headers.location).toBe('/member/orders');
    const garbage = await t.app.inject({ method: 'GET', url: '/api/v1/linepay/confirm?order=abc&transactionId=x' });
    expect(garbage.statusCode).toBe(303);
    expect((await orderRow(t.db, order.id)).isPayment).toBe(false);
  });

  it('answers another member 403, another method 409, and an unknown order 404', async () => {
    const order = await linePayOrder(t, ming, tea);
    expect((await t.asMember(mei, 'POST', `/api/v1/orders/${order.id}/linepay-request`)).statusCode).toBe(403);
    const transfer = await insertOrder(t.db, { memberId: ming, lines: [productLine(tea, 1)] });
    const wrong = await t.asMember(ming, 'POST', `/api/v1/orders/${transfer.id}/linepay-request`);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().msg).toBe('此訂單的付款方式不是 LINE Pay');
    expect((await t.asMember(ming, 'POST', '/api/v1/orders/999999/linepay-request')).statusCode).toBe(404);
    expect((await t.asMember(ming, 'POST', '/api/v1/orders/abc/linepay-request')).statusCode).toBe(400);
    expect((await t.guest('POST', `/api/v1/orders/${order.id}/linepay-request`)).statusCode).toBe(401);
  });

  it('does not take the money of an order cancelled while the shopper was on LINE Pay', async () => {
    const order = await linePayOrder(t, ming, tea);
    const requested = await t.asMember(ming, 'POST', `/api/v1/orders/${order.id}/linepay-request`);
    const transactionId = new URL(requested.json().data.payment_url).searchParams.get('transactionId')!;
    await t.db.update(orders).set({ status: OrderStatus.Cancel }).where(eq(orders.id, order.id));
    const decided = await t.app.inject({
      method: 'POST',
      url: '/linepay-simulator/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ transactionId, action: 'approve' }).toString(),
    });
    const back = await t.app.inject({ method: 'GET', url: decided.headers.location as string });
    expect(back.headers.location).toBe(`/payment/result?order=${order.id}&linepay=failed`);
    expect((await orderRow(t.db, order.id)).isPayment).toBe(false);
  });
});

describe('the request LINE Pay is sent', () => {
  const base = { id: 7, orderNumber: 'GD2611260007', shipping: 80, productInfo: '', packageInfo: '[]' };
  const tea = { id: 1, name: '阿里山高山烏龍茶', product_specs_name: '150g', spec_id: 1, on_sale_price: 640, qty: 2 };

  it.each([
    ['lists the lines and the shipping when they add up', { payAmount: 1360 }, 2],
    ['is one line when a discount or points make the lines differ', { payAmount: 1300 }, 1],
  ])('%s', (_what, amounts, products) => {
    const body = linePayRequestBody(
      { ...base, ...amounts, productInfo: JSON.stringify([tea]) },
      'GD2611260007',
      'https://shop.example.tw',
    );
    expect(linePayAmountsAgree(body)).toBe(true);
    expect(body.amount).toBe(amounts.payAmount);
    expect(body.packages[0]!.products).toHaveLength(products);
    expect(body.redirectUrls).toEqual({
      confirmUrl: 'https://shop.example.tw/api/v1/linepay/confirm?order=7',
      cancelUrl: 'https://shop.example.tw/api/v1/linepay/cancel?order=7',
    });
  });
});

describe('LINE Pay against a stand-in for its API', () => {
  const CHANNEL = '1656000001';
  const SECRET = 'stand-in-channel-secret';
  /** LINE Pay's ids are unique per reservation: each test's request gets the next one. */
  let serial = 12345678900;
  let TRANSACTION = '';
  interface Call {
    path: string;
    body: Record<string, unknown>;
    signed: boolean;
  }
  let calls: Call[] = [];
  /** What the stand-in answers per path kind; a status other than 200 plays an outage. */
  let answers: Record<'request' | 'confirm' | 'refund', { status: number; json: string }>;
  /** Refunds the stand-in made, which its Payment Details lists (amounts negative, as LINE Pay does). */
  let refundsMade: { id: string; amount: number }[] = [];
  /** The stand-in makes the refund and then fails to answer (a lost answer). */
  let refundAnswerLost = false;
  let t: TestApp;
  let ming: number;
  let tea: ProductFixture;
  const logs: string[] = [];

  const ok = (info: string) => ({
    status: 200,
    json: `{"returnCode":"0000","returnMessage":"Success.","info":${info}}`,
  });

  const linePay = useStandIn((request) => {
    const [path, query = ''] = request.path.split('?') as [string, string?];
    const nonce = String(request.headers['x-line-authorization-nonce'] ?? '');
    const signed =
      request.headers['x-line-channelid'] === CHANNEL &&
      request.headers['x-line-authorization'] ===
        linePaySignature(SECRET, path, request.method === 'GET' ? query : request.body, nonce);
    if (request.method === 'GET' && path === '/v3/payments') {
      calls.push({ path: `${path}?${query}`, body: {}, signed });
      const refundList = refundsMade.map(
        (r) => `{"refundTransactionId":${r.id},"transactionType":"PARTIAL_REFUND","refundAmount":-${r.amount}}`,
      );
      const transactionId = new URLSearchParams(query).get('transactionId');
      return jsonAnswer(
        `{"returnCode":"0000","returnMessage":"Success.","info":[{"transactionId":${transactionId},"refundList":[${refundList.join(',')}]}]}`,
      );
    }
    const body = JSON.parse(request.body) as Record<string, unknown>;
    calls.push({ path, body, signed });
    const kind = path.endsWith('/confirm') ? 'confirm' : path.endsWith('/refund') ? 'refund' : 'request';
    if (kind === 'refund' && (answers.refund.status === 200 || refundAnswerLost)) {
      refundsMade.push({
        id: `2026112699999${String(refundsMade.length).padStart(6, '0')}`,
        amount: Number(body.refundAmount ?? 1080),
      });
    }
    if (kind === 'refund' && refundAnswerLost) return 'hang-up';
    return jsonAnswer(answers[kind].json, answers[kind].status);
  });

  beforeAll(async () => {
    t = await createTestApp({
      now: () => NOW,
      env: {
        LINEPAY_MODE: 'sandbox',
        LINEPAY_CHANNEL_ID: CHANNEL,
        LINEPAY_CHANNEL_SECRET: SECRET,
        LINEPAY_API_URL: linePay.url,
        LOG_LEVEL: 'info',
      },
      logStream: { write: (line) => logs.push(line) },
    });
    ming = (await insertMember(t.db)).id;
    tea = await insertProduct(t.db, '凍頂烏龍茶', 500);
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    calls = [];
    refundsMade = [];
    refundAnswerLost = false;
    TRANSACTION = `20261126${++serial}`;
    answers = {
      // LINE Pay writes its 19-digit ids as bare JSON numbers.
      request: ok(
        `{"transactionId":${TRANSACTION},"paymentAccessToken":"187568751124","paymentUrl":{"web":"https://sandbox-web-pay.line.me/web/payment/wait?transactionReserveId=abc","app":"line://pay/payment/abc"}}`,
      ),
      confirm: ok(`{"orderId":"x","transactionId":${TRANSACTION},"payInfo":[{"method":"BALANCE","amount":1080}]}`),
      refund: ok('{"refundTransactionId":2026112699999999999,"refundTransactionDate":"2026-11-26T05:00:00Z"}'),
    };
  });

  const handlers = () => paymentJobHandlers({ db: t.db, config: t.config, now: () => NOW, log: silent });
  /** An order paid through the stand-in: reserved, then confirmed on the shopper's return; its row after. */
  async function paidLinePayOrder() {
    const order = await linePayOrder(t, ming, tea);
    await t.asMember(ming, 'POST', `/api/v1/orders/${order.id}/linepay-request`);
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/linepay/confirm?order=${order.id}&transactionId=${TRANSACTION}`,
    });
    return { order, paid: await orderRow(t.db, order.id) };
  }

  it('signs the request, sums its packages, and sends a phone to the app', async () => {
    const order = await linePayOrder(t, ming, tea);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/linepay-request`,
      headers: {
        authorization: await t.memberAuthorization(ming),
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment_url).toBe('line://pay/payment/abc');
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.signed).toBe(true);
    expect(call!.path).toBe('/v3/payments/request');
    expect(linePayAmountsAgree(call!.body as unknown as LinePayRequestBody)).toBe(true);
    expect(call!.body).toMatchObject({ amount: 1080, currency: 'TWD', orderId: order.orderNumber });
    const desktop = await t.asMember(ming, 'POST', `/api/v1/orders/${order.id}/linepay-request`);
    expect(desktop.json().data.payment_url).toContain('https://sandbox-web-pay.line.me/');
  });

  it('LINE Pay down or refusing: a clear zh-TW answer, a log line, and never the channel secret', async () => {
    const order = await linePayOrder(t, ming, tea);
    answers.request = { status: 500, json: `{"error":"${SECRET}"}` };
    const down = await t.asMember(ming, 'POST', `/api/v1/orders/${order.id}/linepay-request`);
    expect(down.statusCode).toBe(503);
    expect(down.json().msg).toBe('LINE Pay 暫時無法連線，請稍後再試');
    answers.request = { status: 200, json: '{"returnCode":"1104","returnMessage":"Merchant not found."}' };
    const refused = await t.asMember(ming, 'POST', `/api/v1/orders/${order.id}/linepay-request`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('LINE Pay 無法建立付款（代碼 1104），請稍後再試或改用其他付款方式');
    expect((await orderRow(t.db, order.id)).isPayment).toBe(false);
    const logged = logs.join('');
    expect(logged).toContain('LINE Pay request unavailable');
    expect(logged).toContain('LINE Pay refused the request');
    expect(logged).not.toContain(SECRET);
    expect(down.body + refused.body).not.toContain(SECRET);
  });

  it('an amount LINE Pay says differs (1153) leaves the order unpaid', async () => {
    const order = await linePayOrder(t, ming, tea);
    await t.asMember(ming, 'POST', `/api/v1/orders/${order.id}/linepay-request`);
    answers.confirm = { status: 200, json: '{"returnCode":"1153","returnMessage":"Amount differs."}' };
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/v1/linepay/confirm?order=${order.id}&transactionId=${TRANSACTION}&orderId=${order.orderNumber}`,
    });
    expect(back.headers.location).toBe(`/payment/result?order=${order.id}&linepay=failed`);
    expect(calls.at(-1)).toMatchObject({ path: `/v3/payments/${TRANSACTION}/confirm`, signed: true });
    expect(calls.at(-1)!.body).toEqual({ amount: 1080, currency: 'TWD' });
    expect((await orderRow(t.db, order.id)).isPayment).toBe(false);
  });

  it('LINE Pay down at the return: the shopper is told it is being checked, a job confirms later, once', async () => {
    const order = await linePayOrder(t, ming, tea);
    await t.asMember(ming, 'POST', `/api/v1/orders/${order.id}/linepay-request`);
    answers.confirm = { status: 503, json: '{}' };
    const url = `/api/v1/linepay/confirm?order=${order.id}&transactionId=${TRANSACTION}`;
    const back = await t.app.inject({ method: 'GET', url });
    expect(back.headers.location).toBe(`/payment/result?order=${order.id}&linepay=pending`);
    expect((await orderRow(t.db, order.id)).isPayment).toBe(false);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, 'linepay-confirm'));
    expect(job!.payload).toEqual({ transactionId: TRANSACTION });

    // Back up; and the confirm went through before its answer was lost: LINE Pay says 1152.
    answers.confirm = { status: 200, json: '{"returnCode":"1152","returnMessage":"Existing same transactionId."}' };
    await handlers()['linepay-confirm']!(job!.payload, jobAttempt(job!.id, 1));
    expect(await orderRow(t.db, order.id)).toMatchObject({ isPayment: true, tradeNo: TRANSACTION });
    await handlers()['linepay-confirm']!(job!.payload, jobAttempt(job!.id, 2));
    const confirms = await t.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.orderId, order.id), eq(paymentTransactions.kind, 'confirm')));
    expect(confirms).toHaveLength(1);
  });

  it('refunds a cancelled paid order through LINE Pay, once, and the order reads refunded', async () => {
    const { order, paid } = await paidLinePayOrder();
    expect(paid.isPayment).toBe(true);
    const approved = await approveCancelRequest(t, paid);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: OrderStatus.Cancel,
      cancel_record: { status: CancelStatus.Approve },
    });
    const job = await refundJobOf(t, order.id, 'cancel');
    expect(job.payload).toEqual({ orderId: order.id, amount: 1080, reason: 'cancel' });

    // The first try: LINE Pay is down and refunds nothing; the retry asks LINE Pay, finds no refund, refunds.
    answers.refund = { status: 500, json: 'oops' };
    const ctx = jobAttempt(job.id);
    await expect(handlers()['refund-payment']!(job.payload, ctx)).rejects.toThrow(/LINE Pay/);
    expect((await orderRow(t.db, order.id)).refundedAt).toBeNull();
    answers.refund = ok('{"refundTransactionId":2026112699999999999,"refundTransactionDate":"2026-11-26T05:00:00Z"}');
    await handlers()['refund-payment']!(job.payload, { ...ctx, attempt: 2 });
    expect(calls.map((c) => [c.path, c.signed])).toEqual([
      [`/v3/payments/request`, true],
      [`/v3/payments/${TRANSACTION}/confirm`, true],
      [`/v3/payments/${TRANSACTION}/refund`, true],
      [`/v3/payments?transactionId=${TRANSACTION}`, true],
      [`/v3/payments/${TRANSACTION}/refund`, true],
    ]);
    const refundCalls = calls.filter((c) => c.path === `/v3/payments/${TRANSACTION}/refund`);
    expect(refundCalls.map((c) => c.body)).toEqual([{}, {}]);
    expect((await orderRow(t.db, order.id)).refundedAt).toEqual(NOW);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.at(-1)).toMatchObject({
      event: 'refund',
      fromState: 'cancelled',
      toState: 'refunded',
      actor: 'provider',
    });

    // A retried job after the refund: no second call, no second event.
    await handlers()['refund-payment']!(job.payload, { ...ctx, attempt: 3 });
    expect(calls.filter((c) => c.path.endsWith('/refund'))).toHaveLength(2);
    expect(await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toHaveLength(events.length);
    const detail = await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${order.id}`);
    expect(detail.json().data.events.at(-1)).toMatchObject({ to_state: 'refunded' });
  });
  it('a partial refund whose answer was lost is found at LINE Pay and not made again', async () => {
    const { order, paid } = await paidLinePayOrder();
    await approveCancelRequest(t, paid);
    const job = await refundJobOf(t, order.id, 'cancel');
    // Part of the payment (a return's amount): LINE Pay has no "refunded before" answer for a second part.
    const partial = { orderId: order.id, amount: 300, reason: 'return' };
    const ctx = jobAttempt(job.id);

    refundAnswerLost = true;
    await expect(handlers()['refund-payment']!(partial, ctx)).rejects.toThrow(/LINE Pay/);
    expect(refundsMade).toHaveLength(1);
    refundAnswerLost = false;
    await handlers()['refund-payment']!(partial, { ...ctx, attempt: 2 });

    expect(calls.filter((c) => c.path.endsWith('/refund')).map((c) => c.body)).toEqual([{ refundAmount: 300 }]);
    expect(refundsMade).toHaveLength(1);
    const refunds = (
      await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id))
    ).filter((r) => r.kind === 'refund');
    expect(refunds.map((r) => [r.status, r.amount, r.transactionId])).toEqual([['succeeded', 300, refundsMade[0]!.id]]);
    expect((await orderRow(t.db, order.id)).refundedAt).toEqual(NOW);
  });

  it('a job that lost its lease sends no refund', async () => {
    const { order, paid } = await paidLinePayOrder();
    await approveCancelRequest(t, paid);
    const job = await refundJobOf(t, order.id, 'cancel');
    const lost = new AbortController();
    lost.abort(new Error('the job was taken back by another runner'));
    await expect(
      handlers()['refund-payment']!(job.payload, { jobId: job.id, attempt: 1, maxAttempts: 5, signal: lost.signal }),
    ).rejects.toThrow(/taken back/);
    expect(calls.filter((c) => c.path.endsWith('/refund'))).toEqual([]);
  });
});

/** A member with one product in the server cart places an order paid by `paymentType`. */
async function placeOrder(t: TestApp, paymentType: number) {
  return (await placeNewMemberOrder(t, { body: { payment_type: paymentType }, idempotent: true })).res;
}

describe('the checkout offers LINE Pay', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
  });
  afterAll(() => t?.close());

  it('lists it and takes an order paid by it', async () => {
    const methods = await t.guest('GET', '/api/v1/payment-methods');
    expect(methods.json().data).toEqual([1, 3, 7, 8, 2, 5, 6]);
    const res = await placeOrder(t, PaymentMethod.LinePay);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ payment_type: PaymentMethod.LinePay, is_payment: false });
  });
});

describe('LINEPAY_MODE=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW, env: { LINEPAY_MODE: 'off' } });
  });
  afterAll(() => t?.close());

  it('has no simulator page and refuses a LINE Pay payment with a clear message', async () => {
    const ming = (await insertMember(t.db)).id;
    const tea = await insertProduct(t.db, '東方美人茶', 900);
    const order = await linePayOrder(t, ming, tea);
    const res = await t.asMember(ming, 'POST', `/api/v1/orders/${order.id}/linepay-request`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('目前未提供 LINE Pay 付款，請聯絡客服或改用其他付款方式');
    expect((await t.app.inject({ method: 'GET', url: '/linepay-simulator/pay?transactionId=1' })).statusCode).toBe(404);
  });

  it('neither lists LINE Pay nor places an order paid by it, and writes nothing', async () => {
    expect((await t.guest('GET', '/api/v1/payment-methods')).json().data).toEqual([1, 3, 7, 8, 2, 6]);
    const res = await placeOrder(t, PaymentMethod.LinePay);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'payment_type', msg: '目前未提供 LINE Pay 付款，請聯絡客服或改用其他付款方式' },
    ]);
    expect(await t.db.select().from(orders).where(eq(orders.paymentType, PaymentMethod.LinePay))).toHaveLength(1);
  });
});

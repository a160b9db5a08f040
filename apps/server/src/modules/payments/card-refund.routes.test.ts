// Card refunds through ECPay (issue 16 item 2, decision 051): a paid card order that is cancelled or
// returned gets its money back by the action its trade's state allows, through the simulator (the
// default) and against a stand-in for ECPay's card APIs that checks every call's CheckMacValue.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installmentMsg, OrderStatus, PaymentMethod, ReturnStatus } from '@shop/domain';
import { orderEvents, orderReturnRecords, orders, paymentTransactions } from '../../db/schema/index.ts';
import { jsonAnswer, useStandIn } from '../../test/stand-in-server.ts';
import { approveCancelRequest, jobAttempt, refundJobOf } from '../../test/refund-jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  insertMember,
  insertOrder,
  insertProduct,
  insertReturnRecord,
  orderRow,
  type ProductFixture,
  productLine,
} from '../admin-orders/test-fixtures.ts';
import { checkMacValue, verifyCheckMacValue } from './check-mac-value.ts';
import { paymentJobHandlers } from './payment-jobs.ts';
import { payWithTestCard } from './payment-fixtures.ts';

const KEY = 'pwFHCqoQZGmho4w6';
const IV = 'EkRm7iFT261dpevs';
/** 12:00 Taipei: before the day's 20:15 auto-close. */
const NOON = new Date('2026-11-26T04:00:00Z');
const silent = { info: () => {}, warn: () => {}, error: () => {} };

async function transactionsOf(t: TestApp, orderId: number, kind: string) {
  return t.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.kind, kind)));
}

describe('card refunds through the simulator', () => {
  let t: TestApp;
  let clock = NOON;
  let ming: number;
  let tea: ProductFixture;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    ming = (await insertMember(t.db)).id;
    tea = await insertProduct(t.db, '阿里山高山烏龍茶', 640);
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    clock = NOON;
  });

  /** A card order paid on the simulator's page with the test card. */
  async function paidCardOrder(values: { installments?: number } = {}) {
    const order = await insertOrder(t.db, {
      memberId: ming,
      lines: [productLine(tea, 2)],
      values: { paymentType: PaymentMethod.Credit, ...values },
    });
    const checkout = (await t.asMember(ming, 'GET', `/api/v1/orders/${order.id}/ecpay-checkout`)).json().data;
    expect(checkout.fields.NeedExtraPaidInfo).toBe('Y');
    expect(checkout.fields.CreditInstallment).toBe(values.installments ? String(values.installments) : undefined);
    const paid = await payWithTestCard(t, checkout.fields);
    expect(paid.statusCode).toBe(303);
    return orderRow(t.db, order.id);
  }

  const run = (payload: unknown, attempt = 1) =>
    paymentJobHandlers({ db: t.db, config: t.config, now: () => clock, log: silent })['refund-payment']!(
      payload,
      jobAttempt(1, attempt),
    );

  it('keeps the authorisation of a paid card, and gives up (N) an authorised one when its cancel is approved', async () => {
    const order = await paidCardOrder();
    expect(order.isPayment).toBe(true);
    const [payment] = await transactionsOf(t, order.id, 'confirm');
    expect(payment).toMatchObject({
      provider: 'ecpay',
      transactionId: order.tradeNo,
      amount: 1380,
      status: 'succeeded',
    });
    expect((payment!.answer as Record<string, string>).gwsr).toMatch(/^\d{8}$/);
    expect((payment!.answer as Record<string, string>).card4no).toBe('2222');

    const approved = await approveCancelRequest(t, order);
    expect(approved.statusCode, approved.body).toBe(200);
    const job = await refundJobOf(t, order.id, 'cancel');
    await run(job.payload);
    const [refund] = await transactionsOf(t, order.id, 'refund');
    expect(refund).toMatchObject({ provider: 'ecpay', status: 'succeeded', amount: 1380, message: 'N 1380' });
    expect((await orderRow(t.db, order.id)).refundedAt).toEqual(NOON);

    // The job again (a retry after a crash): nothing is sent, nothing moves.
    await run(job.payload, 2);
    expect(await transactionsOf(t, order.id, 'refund')).toHaveLength(1);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((e) => e.event === 'refund')).toHaveLength(1);
  });

  it('refunds (R) part of a closed trade when a return is approved, and the return reads refunded', async () => {
    const order = await paidCardOrder();
    await t.db
      .update(orders)
      .set({ isShipping: true, status: OrderStatus.Complete, shipDate: NOON })
      .where(eq(orders.id, order.id));
    await insertReturnRecord(t.db, order);
    clock = new Date('2026-11-27T04:00:00Z'); // the next day: ECPay closed the trade at 20:15
    const shipped = await orderRow(t.db, order.id);
    const approved = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/return-request/approve`, {
      version: shipped.version,
      items: [{ line: 0, qty: 1 }],
      refund_amount: 640,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await run((await refundJobOf(t, order.id, 'return')).payload);
    const [refund] = await transactionsOf(t, order.id, 'refund');
    expect(refund).toMatchObject({ status: 'succeeded', amount: 640, message: 'R 640' });
    const [record] = await t.db.select().from(orderReturnRecords).where(eq(orderReturnRecords.orderId, order.id));
    expect(record!.status).toBe(ReturnStatus.PartialReturned);
  });

  it('refunds an installment order only whole (decision 082): a part is left to the staff, nothing is sent', async () => {
    const order = await paidCardOrder({ installments: 3 });
    await t.db
      .update(orders)
      .set({ isShipping: true, status: OrderStatus.Complete, shipDate: NOON })
      .where(eq(orders.id, order.id));
    await insertReturnRecord(t.db, order);
    clock = new Date('2026-11-27T04:00:00Z');
    const approved = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${order.id}/return-request/approve`, {
      version: (await orderRow(t.db, order.id)).version,
      items: [{ line: 0, qty: 1 }],
      refund_amount: 640,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await expect(run((await refundJobOf(t, order.id, 'return')).payload)).rejects.toThrow(
      installmentMsg.fullRefundOnly,
    );
    expect(await transactionsOf(t, order.id, 'refund')).toEqual([]);
    expect((await orderRow(t.db, order.id)).refundedAt).toBeNull();
  });

  it('refunds a cancelled installment order in full', async () => {
    const order = await paidCardOrder({ installments: 6 });
    const approved = await approveCancelRequest(t, order);
    expect(approved.statusCode, approved.body).toBe(200);
    await run((await refundJobOf(t, order.id, 'cancel')).payload);
    const [refund] = await transactionsOf(t, order.id, 'refund');
    expect(refund).toMatchObject({ status: 'succeeded', amount: 1380 });
  });
});

describe('card refunds against a stand-in for ECPay', () => {
  interface Call {
    path: string;
    fields: Record<string, string>;
  }
  let calls: Call[] = [];
  /** The trade's status the stand-in reports, and whether DoAction answers or fails. */
  let status = '已關帳';
  let action: 'ok' | 'down' = 'ok';
  let t: TestApp;
  let ming: number;
  let tea: ProductFixture;

  const ecpay = useStandIn((request) => {
    const fields = Object.fromEntries(new URLSearchParams(request.body));
    calls.push({ path: request.path, fields });
    if (!verifyCheckMacValue(fields, KEY, IV)) return { status: 400, body: 'CheckMacValue Error' };
    if (request.path === '/CreditDetail/QueryTrade/V2') {
      const value = {
        TradeID: Number(fields.CreditRefundId),
        amount: Number(fields.CreditAmount),
        clsamt: 0,
        status,
      };
      return jsonAnswer({ RtnMsg: '', RtnValue: value });
    }
    if (action === 'down') return { status: 502, body: 'Bad Gateway' };
    const answer = {
      MerchantID: fields.MerchantID!,
      MerchantTradeNo: fields.MerchantTradeNo!,
      TradeNo: fields.TradeNo!,
      RtnCode: '1',
      RtnMsg: '成功',
    };
    return { type: 'text/html', body: new URLSearchParams(answer).toString() };
  });

  beforeAll(async () => {
    t = await createTestApp({
      now: () => NOON,
      env: {
        ECPAY_PAYMENT_API_URL: ecpay.url,
        ECPAY_CREDIT_CHECK_CODE: '52482109',
      },
    });
    ming = (await insertMember(t.db)).id;
    tea = await insertProduct(t.db, '凍頂烏龍茶', 500);
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    calls = [];
    status = '已關帳';
    action = 'ok';
  });

  /** A paid, cancelled card order as the ECPay callback left it, with its refund job recorded. */
  let trade = 1000;
  async function cancelledCardOrder(gwsr: string | null = '11943326') {
    const tradeNo = `261126120000${++trade}`;
    const order = await insertOrder(t.db, {
      memberId: ming,
      lines: [productLine(tea, 1)],
      values: { paymentType: PaymentMethod.Credit, isPayment: true, tradeNo, paidAt: NOON },
    });
    await t.db.insert(paymentTransactions).values({
      orderId: order.id,
      provider: 'ecpay',
      kind: 'confirm',
      transactionId: order.tradeNo!,
      providerOrderId: order.orderNumber,
      amount: order.payAmount,
      status: 'succeeded',
      answer: gwsr ? { gwsr, card4no: '2222' } : {},
    });
    const approved = await approveCancelRequest(t, order);
    expect(approved.statusCode, approved.body).toBe(200);
    return { order, job: await refundJobOf(t, order.id, 'cancel') };
  }

  const run = (payload: unknown) =>
    paymentJobHandlers({ db: t.db, config: t.config, now: () => NOON, log: silent })['refund-payment']!(
      payload,
      jobAttempt(1),
    );

  it('queries the trade with the CreditCheckCode, then refunds a closed one (R), every call signed', async () => {
    const { order, job } = await cancelledCardOrder();
    await run(job.payload);
    expect(calls.map((c) => [c.path, c.fields.CheckMacValue === checkMacValue(c.fields, KEY, IV)])).toEqual([
      ['/CreditDetail/QueryTrade/V2', true],
      ['/CreditDetail/DoAction', true],
    ]);
    expect(calls[0]!.fields).toMatchObject({
      CreditRefundId: '11943326',
      CreditAmount: '600',
      CreditCheckCode: '52482109',
    });
    expect(calls[1]!.fields).toMatchObject({
      MerchantTradeNo: order.orderNumber,
      TradeNo: order.tradeNo!,
      Action: 'R',
      TotalAmount: '600',
    });
    expect((await orderRow(t.db, order.id)).refundedAt).toEqual(NOON);
  });

  it('a 退刷 whose answer is lost is never sent again: the job waits for the staff', async () => {
    const { order, job } = await cancelledCardOrder();
    action = 'down';
    await expect(run(job.payload)).rejects.toThrow(/DoAction/);
    action = 'ok';
    await expect(run(job.payload)).rejects.toThrow('上一次退刷的結果不明');
    expect(calls.filter((c) => c.fields.Action === 'R')).toHaveLength(1);
    expect(await transactionsOf(t, order.id, 'refund')).toMatchObject([{ status: 'pending' }]);
    expect((await orderRow(t.db, order.id)).refundedAt).toBeNull();
  });

  it('a payment without its authorisation number is left to the staff, and nothing is sent', async () => {
    const { order, job } = await cancelledCardOrder(null);
    await expect(run(job.payload)).rejects.toThrow('沒有授權單號');
    expect(calls).toEqual([]);
    expect((await orderRow(t.db, order.id)).refundedAt).toBeNull();
  });
});

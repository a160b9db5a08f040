// ECPay B2C e-invoices of orders (issue 16 item 3): issued when an order is paid, voided when a paid
// order's cancellation is approved (an allowance past the void deadline), an allowance when a return
// is approved; the carrier and love-code checks at checkout. Through the simulator (the default), and
// against a stand-in for ECPay's API that opens every request it receives and checks it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvoiceType, msg, OrderStatus, taipeiDate, type InvoiceItem } from '@shop/domain';
import { invoiceAllowances, invoices, jobs, orders } from '../../db/schema/index.ts';
import { jsonAnswer, useStandIn } from '../../test/stand-in-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  dropOrderMessageJobs,
  insertCancelRecord,
  insertMember,
  insertOrder,
  insertProduct,
  insertReturnRecord,
  orderRow,
  type ProductFixture,
  productLine,
} from '../admin-orders/test-fixtures.ts';
import { createJobRunner } from '../jobs/index.ts';
import * as shop from '../orders/order-fixtures.ts';
import { decryptInvoiceData, encryptInvoiceData } from './ecpay-invoice-api.ts';
import { invoiceJobHandlers } from './invoice-jobs.ts';
import { SIMULATOR_UNKNOWN_BARCODE_SUFFIX } from './invoice-simulator.ts';

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
const data = (res: Res) => res.json().data;

/** A log that keeps what it is told, to look for secrets in it. */
function recordingLog() {
  const lines: string[] = [];
  const keep = (obj: object, text: string) => void lines.push(`${text} ${JSON.stringify(obj)}`);
  return { lines, log: { info: keep, warn: keep, error: keep } };
}

async function invoiceRow(t: TestApp, orderId: number) {
  const [row] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row;
}

async function jobOf(t: TestApp, kind: string, orderId: number) {
  const [row] = await t.db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, `${kind}:${orderId}${kind === 'invoice-allowance' ? ':return' : ''}`));
  return row;
}

/** The staff confirm the transfer arrived (the `pay` move): the order is paid. */
async function confirmPayment(t: TestApp, orderId: number) {
  const res = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${orderId}/payment-confirmation`, {
    version: (await orderRow(t.db, orderId)).version,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function approveCancel(t: TestApp, orderId: number) {
  await insertCancelRecord(t.db, await orderRow(t.db, orderId));
  const res = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${orderId}/cancel-request/approve`, {
    version: (await orderRow(t.db, orderId)).version,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function shipAndApproveReturn(t: TestApp, orderId: number, shipDate: string, refund: number) {
  const shipped = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${orderId}/shipment`, {
    version: (await orderRow(t.db, orderId)).version,
    freight_company: '黑貓宅急便',
    tracking_number: '9055-1234-5678',
    ship_date: shipDate,
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  await insertReturnRecord(t.db, await orderRow(t.db, orderId));
  const approved = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${orderId}/return-request/approve`, {
    version: (await orderRow(t.db, orderId)).version,
    items: [{ line: 0, qty: 1 }],
    refund_amount: refund,
  });
  expect(approved.statusCode, approved.body).toBe(200);
}

const sumOf = (items: readonly InvoiceItem[]) => items.reduce((sum, i) => sum + i.ItemAmount, 0);

describe('e-invoices through the simulator (the default)', () => {
  let t: TestApp;
  let ming: number;
  let tea: ProductFixture;
  const recorded = recordingLog();

  beforeAll(async () => {
    t = await createTestApp();
    ming = (await insertMember(t.db)).id;
    tea = await insertProduct(t.db, '阿里山高山烏龍茶', 640);
  });
  afterAll(() => t?.close());

  /** The job runner's one poll, with the invoices module's handlers, as main.ts registers them. */
  const runJobs = async () => {
    await dropOrderMessageJobs(t.db);
    return createJobRunner({
      db: t.db,
      handlers: invoiceJobHandlers({ db: t.db, config: t.config, log: recorded.log }),
    }).runOnce();
  };

  const placedOrder = (
    receipt: object = { type: InvoiceType.Duplicate, carrier_type: 'mobile', carrier: '/ABC1234' },
  ) =>
    insertOrder(t.db, {
      memberId: ming,
      lines: [productLine(tea, 2)],
      values: { shipping: 80, receipt: JSON.stringify(receipt) },
    });

  const memberInvoice = async (orderId: number) =>
    data(await t.asMember(ming, 'GET', `/api/v1/orders/${orderId}`)).e_invoice;

  it('issues the invoice of a paid order off the request path, once; the member and the back office see it', async () => {
    const order = await placedOrder();
    expect(await memberInvoice(order.id)).toBeNull();
    await confirmPayment(t, order.id);
    const job = await jobOf(t, 'issue-invoice', order.id);
    expect(job).toMatchObject({ kind: 'issue-invoice', payload: { orderId: order.id }, status: 'queued' });
    // Nothing was asked of ECPay while the staff waited.
    expect(await invoiceRow(t, order.id)).toBeUndefined();

    expect(await runJobs()).toMatchObject({ claimed: 1, done: 1 });
    const invoice = await memberInvoice(order.id);
    expect(invoice).toMatchObject({ status: 'issued', amount: 1360, voided_at: null, allowances: [] });
    expect(invoice.invoice_no).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(invoice.random_number).toMatch(/^\d{4}$/);
    expect(taipeiDate(new Date(invoice.invoice_date))).toBe(taipeiDate(new Date()));
    expect(await invoiceRow(t, order.id)).toMatchObject({
      relateNumber: order.orderNumber,
      invoiceType: InvoiceType.Duplicate,
      carrierType: '3',
      carrierNum: '/ABC1234',
    });
    const page = data(
      await t.asMember(
        ming,
        'GET',
        `/api/v1/orders-by-members-id-and-order-number/member/${ming}/number/${order.orderNumber}`,
      ),
    );
    expect(page.e_invoice).toEqual(invoice);
    const detail = data(await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${order.id}`));
    expect(detail.e_invoice).toMatchObject({
      ...invoice,
      relate_number: order.orderNumber,
      provider_code: 1,
      provider_message: '開立發票成功',
    });

    // The job again (a staff retry, a replayed callback): the invoice is issued already, nothing changes.
    const handlers = invoiceJobHandlers({ db: t.db, config: t.config, log: recorded.log });
    await handlers['issue-invoice']!(
      { orderId: order.id },
      { jobId: job!.id, attempt: 2, maxAttempts: 5, signal: new AbortController().signal },
    );
    expect(await memberInvoice(order.id)).toEqual(invoice);
  });

  it('voids the invoice when a paid order’s cancellation is approved, after waiting for the issue', async () => {
    const order = await placedOrder({ type: InvoiceType.Donate, donate_code: '919' });
    await confirmPayment(t, order.id);
    await approveCancel(t, order.id);
    const voidJob = await jobOf(t, 'void-invoice', order.id);
    expect(voidJob!.payload).toEqual({ orderId: order.id });

    // The void cannot run before the issue: it waits (throws, and the runner retries it).
    const handlers = invoiceJobHandlers({ db: t.db, config: t.config, log: recorded.log });
    const ctx = { jobId: voidJob!.id, attempt: 1, maxAttempts: 5, signal: new AbortController().signal };
    await expect(handlers['void-invoice']!({ orderId: order.id }, ctx)).rejects.toThrow(/not issued yet/);
    await handlers['issue-invoice']!({ orderId: order.id }, ctx);
    await handlers['void-invoice']!({ orderId: order.id }, { ...ctx, attempt: 2 });

    const invoice = await memberInvoice(order.id);
    expect(invoice).toMatchObject({ status: 'voided', allowances: [] });
    expect(invoice.voided_at).not.toBeNull();
    expect(await invoiceRow(t, order.id)).toMatchObject({ invoiceType: InvoiceType.Donate, loveCode: '919' });
    // Again: voided before, nothing is asked.
    await handlers['void-invoice']!({ orderId: order.id }, { ...ctx, attempt: 3 });
    expect((await invoiceRow(t, order.id))!.status).toBe('voided');
  });

  it('gives back a return’s refund amount by an allowance', async () => {
    const order = await placedOrder();
    await confirmPayment(t, order.id);
    await runJobs();
    await shipAndApproveReturn(t, order.id, taipeiDate(new Date()), 640);
    expect((await jobOf(t, 'invoice-allowance', order.id))!.payload).toEqual({ orderId: order.id });
    expect(await runJobs()).toMatchObject({ claimed: 1, done: 1 });
    const invoice = await memberInvoice(order.id);
    expect(invoice).toMatchObject({
      status: 'issued',
      allowances: [{ amount: 640, status: 'issued', reason: 'return' }],
    });
    expect(invoice.allowances[0].allowance_no).toMatch(/^\d{16}$/);
    const [allowance] = await t.db.select().from(invoiceAllowances);
    expect(allowance!.remainingAmount).toBe(1360 - 640);
  });

  it('records no invoice job for an unpaid order, nor a void when it is cancelled', async () => {
    const order = await placedOrder();
    const res = await t.asMember(ming, 'PUT', `/api/v1/orders/${order.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await jobOf(t, 'issue-invoice', order.id)).toBeUndefined();
    expect(await jobOf(t, 'void-invoice', order.id)).toBeUndefined();
  });

  describe('the checkout asks ECPay about the carrier and the love code', () => {
    const place = async (receipt: object) =>
      (await shop.placeNewMemberOrder(t, { body: { receipt }, idempotent: true })).res;

    it('refuses a mobile barcode ECPay does not know, on the carrier field', async () => {
      const res = await place({ type: 1, carrier_type: 'mobile', carrier: `/ABC${SIMULATOR_UNKNOWN_BARCODE_SUFFIX}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'receipt.carrier', msg: msg.mobileBarcodeUnknown }]);
    });

    it('refuses a love code of no charity, on the love code field', async () => {
      const res = await place({ type: 3, donate_code: '1000' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'receipt.donate_code', msg: msg.donationCodeUnknown }]);
    });

    it('places an order with a carrier or love code ECPay knows', async () => {
      expect((await place({ type: 1, carrier_type: 'mobile', carrier: '/ABC1234' })).statusCode).toBe(201);
      expect((await place({ type: 3, donate_code: '919' })).statusCode).toBe(201);
    });
  });

  it('never writes the hash key or IV in a log, an answer or a job', async () => {
    const { ECPAY_INVOICE_HASH_KEY: key, ECPAY_INVOICE_HASH_IV: iv } = t.config;
    const detail = await t.asStaff('staff', 'GET', `/api/v1/admin/orders/1`);
    const stored = JSON.stringify([await t.db.select().from(invoices), await t.db.select().from(jobs)]);
    for (const text of [detail.body, stored, recorded.lines.join('\n')]) {
      expect(text).not.toContain(key);
      expect(text).not.toContain(iv);
    }
  });
});

describe('ECPAY_INVOICE_MODE=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ECPAY_INVOICE_MODE: 'off' } });
  });
  afterAll(() => t?.close());

  it('finishes the job without asking anyone, shows no invoice, and lets a cancellation through', async () => {
    const ming = (await insertMember(t.db)).id;
    const tea = await insertProduct(t.db, '東方美人茶', 900);
    const order = await insertOrder(t.db, { memberId: ming, lines: [productLine(tea, 1)] });
    await confirmPayment(t, order.id);
    const runner = createJobRunner({
      db: t.db,
      handlers: invoiceJobHandlers({ db: t.db, config: t.config, log: recordingLog().log }),
    });
    await dropOrderMessageJobs(t.db);
    expect(await runner.runOnce()).toMatchObject({ claimed: 1, done: 1 });
    expect(await invoiceRow(t, order.id)).toBeUndefined();
    expect(data(await t.asMember(ming, 'GET', `/api/v1/orders/${order.id}`)).e_invoice).toBeNull();
    await approveCancel(t, order.id);
    await dropOrderMessageJobs(t.db);
    expect(await runner.runOnce()).toMatchObject({ claimed: 1, done: 1 });
  });

  it('does not check carriers at checkout', async () => {
    const member = await shop.insertMember(t.db);
    const product = await shop.insertProduct(t.db);
    await shop.insertCartLine(t.db, member, product.id, product.specIds[0]!, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { authorization: await t.memberAuthorization(member) },
      payload: shop.orderBody({ receipt: { type: 1, carrier_type: 'mobile', carrier: '/ABC0000' } }),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('e-invoices against a stand-in for ECPay’s API', () => {
  const MERCHANT = '3383324';
  const KEY = 'standInInvoiceKy';
  const IV = 'standInInvoiceIv';
  const NOW = new Date('2026-11-26T04:00:00Z');

  interface Received {
    path: string;
    envelope: Record<string, unknown>;
    data: Record<string, unknown>;
  }
  interface StandInInvoice {
    no: string;
    date: string;
    random: string;
    amount: number;
    voided: boolean;
    allowed: number;
  }
  let received: Received[] = [];
  /** Calls answered HTTP 500 before they are read (ECPay down). */
  let outages = 0;
  /** The next call of this path is done but its answer is lost (HTTP 500 after the work). */
  let loseAnswerOf: string | null = null;
  /** The InvoiceDate the next Issue answers (an invoice of an earlier period). */
  let issueDate = '2026-11-26 12:00:00';
  /** CheckBarcode and CheckLoveCode answer IsExist N for these. */
  let unknownCodes = new Set<string>();
  const made = new Map<string, StandInInvoice>();
  let serial = 10_000_000;

  const answer = (body: Record<string, unknown>) =>
    jsonAnswer({
      MerchantID: MERCHANT,
      RpHeader: { Timestamp: 0 },
      TransCode: 1,
      TransMsg: 'Success',
      Data: encryptInvoiceData(body, KEY, IV),
    });

  /** What ECPay does with each call; its answer's Data. */
  function play(path: string, d: Record<string, unknown>): Record<string, unknown> {
    const byNo = [...made.entries()].find(([, inv]) => inv.no === d.InvoiceNo);
    switch (path) {
      case '/B2CInvoice/Issue': {
        const relate = String(d.RelateNumber);
        if (made.has(relate)) return { RtnCode: 5070357, RtnMsg: 'B2C開立發票 自訂編號重覆，請重新設定' };
        const inv = {
          no: `AB${serial++}`,
          date: issueDate,
          random: '6868',
          amount: Number(d.SalesAmount),
          voided: false,
          allowed: 0,
        };
        made.set(relate, inv);
        return {
          RtnCode: 1,
          RtnMsg: '開立發票成功',
          InvoiceNo: inv.no,
          InvoiceDate: inv.date,
          RandomNumber: inv.random,
        };
      }
      case '/B2CInvoice/GetIssue': {
        const inv = made.get(String(d.RelateNumber));
        if (!inv) return { RtnCode: 2000001, RtnMsg: '查無資料' };
        return {
          RtnCode: 1,
          RtnMsg: '查詢成功',
          IIS_Number: inv.no,
          IIS_Relate_Number: d.RelateNumber,
          IIS_Create_Date: inv.date,
          IIS_Random_Number: inv.random,
          IIS_Sales_Amount: inv.amount,
          IIS_Invalid_Status: inv.voided ? '1' : '0',
          IIS_Remain_Allowance_Amt: inv.amount - inv.allowed,
        };
      }
      case '/B2CInvoice/Invalid': {
        const inv = byNo?.[1];
        if (!inv || inv.voided) return { RtnCode: 2000002, RtnMsg: '發票已作廢或不存在' };
        inv.voided = true;
        return { RtnCode: 1, RtnMsg: '作廢發票成功', InvoiceNo: inv.no };
      }
      case '/B2CInvoice/Allowance': {
        const inv = byNo?.[1];
        const amount = Number(d.AllowanceAmount);
        if (!inv || inv.voided || amount > inv.amount - inv.allowed)
          return { RtnCode: 2000003, RtnMsg: '折讓金額錯誤' };
        inv.allowed += amount;
        return {
          RtnCode: 1,
          RtnMsg: '開立折讓成功',
          IA_Allow_No: `2026112612${String(serial++).slice(-6)}`,
          IA_Invoice_No: inv.no,
          IA_Date: '2026-11-26 12:30:00',
          IA_Remain_Allowance_Amt: inv.amount - inv.allowed,
        };
      }
      case '/B2CInvoice/CheckBarcode':
        return { RtnCode: 1, RtnMsg: '執行成功', IsExist: unknownCodes.has(String(d.BarCode)) ? 'N' : 'Y' };
      case '/B2CInvoice/CheckLoveCode':
        return { RtnCode: 1, RtnMsg: '執行成功', IsExist: unknownCodes.has(String(d.LoveCode)) ? 'N' : 'Y' };
      default:
        return { RtnCode: 9999999, RtnMsg: 'unknown path' };
    }
  }

  let t: TestApp;
  let ming: number;
  let tea: ProductFixture;
  const recorded = recordingLog();

  const ecpay = useStandIn((request) => {
    if (outages > 0) {
      outages--;
      return { status: 500, body: 'Internal Server Error' };
    }
    const envelope = JSON.parse(request.body) as Record<string, unknown>;
    const d = decryptInvoiceData(String(envelope.Data), KEY, IV) as Record<string, unknown>;
    const path = request.path;
    received.push({ path, envelope, data: d });
    const body = play(path, d);
    if (loseAnswerOf === path) {
      loseAnswerOf = null;
      return { status: 500, body: 'lost' };
    }
    return answer(body);
  });

  beforeAll(async () => {
    t = await createTestApp({
      now: () => NOW,
      env: {
        ECPAY_INVOICE_MODE: 'stage',
        ECPAY_INVOICE_MERCHANT_ID: MERCHANT,
        ECPAY_INVOICE_HASH_KEY: KEY,
        ECPAY_INVOICE_HASH_IV: IV,
        ECPAY_INVOICE_API_URL: ecpay.url,
      },
    });
    ming = (await insertMember(t.db, { cellPhone: '0911000111' })).id;
    tea = await insertProduct(t.db, '凍頂烏龍茶', 500);
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    received = [];
    outages = 0;
    loseAnswerOf = null;
    issueDate = '2026-11-26 12:00:00';
    unknownCodes = new Set();
  });

  const handlers = () => invoiceJobHandlers({ db: t.db, config: t.config, now: () => NOW, log: recorded.log });
  const ctx = { jobId: 1, attempt: 1, maxAttempts: 5, signal: new AbortController().signal };
  const run = (kind: 'issue-invoice' | 'void-invoice' | 'invoice-allowance', orderId: number) =>
    handlers()[kind]!({ orderId }, ctx);

  /** A paid order (the staff confirmed the transfer), placed the day before. */
  async function paidOrder(receipt: object, values = {}) {
    const order = await insertOrder(t.db, {
      memberId: ming,
      lines: [productLine(tea, 2)],
      values: {
        shipping: 80,
        receipt: JSON.stringify(receipt),
        createdAt: new Date(NOW.getTime() - 86_400_000),
        ...values,
      },
    });
    await confirmPayment(t, order.id);
    return order;
  }

  /** Every request carries the merchant, Revision 3.0.0 and a Timestamp, and its Data is the merchant's. */
  function expectEnvelopes() {
    for (const call of received) {
      expect(call.envelope.MerchantID).toBe(MERCHANT);
      expect(call.data.MerchantID).toBe(MERCHANT);
      expect(call.envelope.RqHeader).toMatchObject({ Revision: '3.0.0', Timestamp: expect.any(Number) });
      expect(JSON.stringify(call.envelope)).not.toContain(KEY);
    }
  }

  it.each<[string, object, Record<string, unknown>]>([
    [
      '二聯 on ECPay’s member carrier, told by phone',
      { type: 1, carrier_type: 'none' },
      {
        CarrierType: '1',
        CarrierNum: '',
        Print: '0',
        Donation: '0',
        LoveCode: '',
        CustomerIdentifier: '',
        CustomerPhone: '0911000111',
      },
    ],
    [
      '二聯 on a mobile barcode',
      { type: 1, carrier_type: 'mobile', carrier: '/AB+C.-1' },
      { CarrierType: '3', CarrierNum: '/AB+C.-1', Print: '0', Donation: '0', LoveCode: '', CustomerIdentifier: '' },
    ],
    [
      '二聯 on a citizen certificate',
      { type: 1, carrier_type: 'citizen', carrier: 'AB12345678901234' },
      { CarrierType: '2', CarrierNum: 'AB12345678901234', Print: '0', Donation: '0', CustomerIdentifier: '' },
    ],
    [
      '三聯, printed with the business number and the title',
      { type: 2, tax_id: '12345675', title: '好物股份有限公司' },
      {
        CarrierType: '',
        CarrierNum: '',
        Print: '1',
        Donation: '0',
        LoveCode: '',
        CustomerIdentifier: '12345675',
        CustomerName: '好物股份有限公司',
        CustomerAddr: '台北市大安區復興南路一段390號',
      },
    ],
    [
      'donated with the love code',
      { type: 3, donate_code: '8585' },
      { CarrierType: '', CarrierNum: '', Print: '0', Donation: '1', LoveCode: '8585', CustomerIdentifier: '' },
    ],
  ])('issues %s, the Items adding up to the amount paid', async (_what, receipt, fields) => {
    const order = await paidOrder(receipt, { useBonus: 60 });
    await run('issue-invoice', order.id);
    expectEnvelopes();
    expect(received.map((c) => c.path)).toEqual(['/B2CInvoice/Issue']);
    const sent = received[0]!.data;
    expect(sent).toMatchObject({
      RelateNumber: order.orderNumber,
      TaxType: '1',
      InvType: '07',
      vat: '1',
      SalesAmount: 1020,
      ...fields,
    });
    const items = sent.Items as InvoiceItem[];
    expect(sumOf(items)).toBe(1020);
    expect(items.map((i) => [i.ItemName, i.ItemCount, i.ItemPrice, i.ItemAmount])).toEqual([
      ['凍頂烏龍茶 標準', 2, 500, 1000],
      ['運費', 1, 80, 80],
      ['紅利點數折抵', 1, -60, -60],
    ]);
    expect(await invoiceRow(t, order.id)).toMatchObject({
      status: 'issued',
      invoiceNo: made.get(order.orderNumber)!.no,
      randomNumber: '6868',
    });
  });

  it('ECPay down: the order stays paid with its invoice pending, and the retry issues it', async () => {
    const order = await paidOrder({ type: 1, carrier_type: 'none' });
    outages = 1;
    await expect(run('issue-invoice', order.id)).rejects.toThrow(/HTTP 500/);
    expect(received).toEqual([]);
    expect((await orderRow(t.db, order.id)).isPayment).toBe(true);
    expect(data(await t.asMember(ming, 'GET', `/api/v1/orders/${order.id}`)).e_invoice).toMatchObject({
      status: 'pending',
      invoice_no: null,
    });
    await run('issue-invoice', order.id);
    expect(received.map((c) => c.path)).toEqual(['/B2CInvoice/Issue']);
    expect((await invoiceRow(t, order.id))!.status).toBe('issued');
  });

  it('an Issue whose answer was lost: the retry meets the duplicate RelateNumber and stores ECPay’s invoice', async () => {
    const order = await paidOrder({ type: 1, carrier_type: 'none' });
    loseAnswerOf = '/B2CInvoice/Issue';
    await expect(run('issue-invoice', order.id)).rejects.toThrow(/HTTP 500/);
    const first = made.get(order.orderNumber)!;
    await run('issue-invoice', order.id);
    expect(received.map((c) => c.path)).toEqual(['/B2CInvoice/Issue', '/B2CInvoice/Issue', '/B2CInvoice/GetIssue']);
    expect(received[2]!.data).toEqual({ MerchantID: MERCHANT, RelateNumber: order.orderNumber });
    expect(await invoiceRow(t, order.id)).toMatchObject({
      status: 'issued',
      invoiceNo: first.no,
      invoiceDate: new Date('2026-11-26T04:00:00Z'),
      randomNumber: '6868',
    });
    expect(made.size).toBeGreaterThan(0);
  });

  it('voids within the period: Invalid names the invoice and the day it was made', async () => {
    const order = await paidOrder({ type: 1, carrier_type: 'none' });
    await run('issue-invoice', order.id);
    await approveCancel(t, order.id);
    received = [];
    await run('void-invoice', order.id);
    expectEnvelopes();
    expect(received.map((c) => [c.path, c.data])).toEqual([
      [
        '/B2CInvoice/Invalid',
        {
          MerchantID: MERCHANT,
          InvoiceNo: made.get(order.orderNumber)!.no,
          InvoiceDate: '2026-11-26',
          Reason: '訂單取消',
        },
      ],
    ]);
    expect(await invoiceRow(t, order.id)).toMatchObject({ status: 'voided', voidedAt: NOW });
  });

  it('a void whose answer was lost: ECPay refuses the second, its invoice reads voided, the order’s too', async () => {
    const order = await paidOrder({ type: 1, carrier_type: 'none' });
    await run('issue-invoice', order.id);
    await approveCancel(t, order.id);
    loseAnswerOf = '/B2CInvoice/Invalid';
    await expect(run('void-invoice', order.id)).rejects.toThrow();
    await run('void-invoice', order.id);
    expect(received.slice(-3).map((c) => c.path)).toEqual([
      '/B2CInvoice/Invalid',
      '/B2CInvoice/Invalid',
      '/B2CInvoice/GetIssue',
    ]);
    expect((await invoiceRow(t, order.id))!.status).toBe('voided');
  });

  it('past the void deadline a cancellation gives the whole invoice back by an allowance', async () => {
    issueDate = '2026-09-20 10:00:00'; // Sep–Oct: voidable until 13 November
    const order = await paidOrder({ type: 1, carrier_type: 'mobile', carrier: '/ABC1234' }, { useBonus: 60 });
    await run('issue-invoice', order.id);
    await approveCancel(t, order.id);
    received = [];
    await run('void-invoice', order.id);
    expectEnvelopes();
    expect(received.map((c) => c.path)).toEqual(['/B2CInvoice/Allowance']);
    const sent = received[0]!.data;
    expect(sent).toMatchObject({
      InvoiceNo: made.get(order.orderNumber)!.no,
      InvoiceDate: '2026-09-20',
      AllowanceNotify: 'S',
      NotifyPhone: '0911000111',
      AllowanceAmount: 1020,
    });
    const items = sent.Items as InvoiceItem[];
    expect(sumOf(items)).toBe(1020);
    expect(items.every((i) => i.ItemAmount > 0)).toBe(true);
    const detail = data(await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${order.id}`));
    expect(detail.e_invoice).toMatchObject({
      status: 'issued',
      allowances: [{ amount: 1020, reason: 'cancel', status: 'issued', allowance_date: '2026-11-26T04:30:00.000Z' }],
    });
  });

  it('a return: an allowance of its refund amount; a retry after a lost answer finds it by the amount left', async () => {
    const order = await paidOrder({ type: 1, carrier_type: 'none' });
    await run('issue-invoice', order.id);
    await shipAndApproveReturn(t, order.id, taipeiDate(NOW), 500);
    received = [];
    loseAnswerOf = '/B2CInvoice/Allowance';
    await expect(run('invoice-allowance', order.id)).rejects.toThrow(/HTTP 500/);
    await run('invoice-allowance', order.id);
    expect(received.map((c) => c.path)).toEqual(['/B2CInvoice/Allowance', '/B2CInvoice/GetIssue']);
    expect(received[0]!.data).toMatchObject({ AllowanceAmount: 500 });
    expect(sumOf(received[0]!.data.Items as InvoiceItem[])).toBe(500);
    expect(made.get(order.orderNumber)!.allowed).toBe(500); // given once
    const [allowance] = await t.db
      .select()
      .from(invoiceAllowances)
      .where(eq(invoiceAllowances.invoiceId, (await invoiceRow(t, order.id))!.id));
    expect(allowance).toMatchObject({ status: 'issued', amount: 500, remainingAmount: 580, allowanceNo: null });
  });

  it('checks carriers with ECPay at checkout: unknown → 400, ECPay down → the order is placed', async () => {
    const place = async (receipt: object) => (await shop.placeNewMemberOrder(t, { body: { receipt } })).res;
    unknownCodes = new Set(['/XYZ9876', '7654321']);
    const barcode = await place({ type: 1, carrier_type: 'mobile', carrier: '/xyz9876' });
    expect(barcode.statusCode).toBe(400);
    expect(barcode.json().errors).toEqual([{ field: 'receipt.carrier', msg: msg.mobileBarcodeUnknown }]);
    expect(received.at(-1)).toMatchObject({ path: '/B2CInvoice/CheckBarcode', data: { BarCode: '/XYZ9876' } });
    const love = await place({ type: 3, donate_code: '7654321' });
    expect(love.json().errors).toEqual([{ field: 'receipt.donate_code', msg: msg.donationCodeUnknown }]);
    outages = 1;
    const down = await place({ type: 1, carrier_type: 'mobile', carrier: '/XYZ9876' });
    expect(down.statusCode, down.body).toBe(201);
    // A 三聯 or citizen certificate has nothing to check.
    received = [];
    expect((await place({ type: 2, tax_id: '12345675', title: '好物股份有限公司' })).statusCode).toBe(201);
    expect(received).toEqual([]);
  });

  it('puts no hash key or IV in a request, a log, an answer or the stored answers', async () => {
    const [order] = await t.db.select().from(orders).where(eq(orders.status, OrderStatus.Processing)).limit(1);
    const detail = await t.asStaff('staff', 'GET', `/api/v1/admin/orders/${order!.id}`);
    const stored = JSON.stringify([await t.db.select().from(invoices), await t.db.select().from(invoiceAllowances)]);
    for (const text of [detail.body, stored, recorded.lines.join('\n')]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(IV);
    }
  });
});

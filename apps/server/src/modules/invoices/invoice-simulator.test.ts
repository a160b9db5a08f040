// The e-invoice simulator plays ECPay's B2C API v3 for the shop's own client: the envelope, the
// keys, the Items rule, one invoice per RelateNumber, voids before the deadline and allowances up to
// what is left, the carrier and love-code checks.
import type { InvoiceItem } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import {
  createEcpayInvoiceClient,
  decryptInvoiceData,
  ECPAY_INVOICE_STAGE_MERCHANT,
  EcpayInvoiceUnavailable,
  encryptInvoiceData,
  type EcpayIssueRequest,
} from './ecpay-invoice-api.ts';
import { createInvoiceSimulator, ECPAY_INVOICE_SIMULATOR_API, SIMULATOR_CODE } from './invoice-simulator.ts';

const merchant = ECPAY_INVOICE_STAGE_MERCHANT;

function setUp(start = '2026-11-26T04:00:00Z') {
  let at = new Date(start).getTime();
  const clock = { now: () => new Date(at), set: (iso: string) => void (at = new Date(iso).getTime()) };
  const simulator = createInvoiceSimulator({ ...merchant, now: clock.now });
  const client = (options: { now?: () => Date; hashKey?: string } = {}) =>
    createEcpayInvoiceClient({
      baseUrl: ECPAY_INVOICE_SIMULATOR_API,
      merchantId: merchant.merchantId,
      hashKey: options.hashKey ?? merchant.hashKey,
      hashIv: merchant.hashIv,
      fetch: simulator.api,
      now: options.now ?? clock.now,
    });
  return { simulator, client, clock };
}

const item = (name: string, count: number, price: number): InvoiceItem => ({
  ItemSeq: 1,
  ItemName: name,
  ItemCount: count,
  ItemWord: '件',
  ItemPrice: price,
  ItemTaxType: '1',
  ItemAmount: count * price,
});

const issue = (relate: string, extra: Partial<EcpayIssueRequest> = {}): EcpayIssueRequest => ({
  RelateNumber: relate,
  CustomerPhone: '0911000111',
  Print: '0',
  Donation: '0',
  CarrierType: '3',
  CarrierNum: '/ABC1234',
  TaxType: '1',
  SalesAmount: 1360,
  Items: [item('阿里山高山烏龍茶', 2, 640), { ...item('運費', 1, 80), ItemSeq: 2, ItemWord: '式' }],
  ...extra,
});

describe('the e-invoice simulator', () => {
  it('issues a number of two letters and eight digits, a four-digit random number and a Taipei date', async () => {
    const { client, simulator } = setUp();
    const answer = await client().issue(issue('T0001'));
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.data.InvoiceNo).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(answer.data.RandomNumber).toMatch(/^\d{4}$/);
    expect(answer.data.InvoiceDate).toBe('2026-11-26 12:00:00');
    expect(simulator.find('T0001')).toMatchObject({ salesAmount: 1360, voided: false });
    const next = await client().issue(issue('T0002'));
    expect(next.ok && Number(next.data.InvoiceNo.slice(2))).toBe(Number(answer.data.InvoiceNo.slice(2)) + 1);
  });

  it('answers a RelateNumber used before as ECPay does, and GetIssue finds that invoice', async () => {
    const { client } = setUp();
    const first = await client().issue(issue('T0003'));
    const again = await client().issue(issue('T0003'));
    expect(again).toMatchObject({ ok: false, code: SIMULATOR_CODE.duplicateRelateNumber, duplicateRelateNumber: true });
    const found = await client().getIssue({ RelateNumber: 'T0003' });
    expect(found).toMatchObject({
      ok: true,
      data: {
        IIS_Number: first.ok ? first.data.InvoiceNo : '',
        IIS_Relate_Number: 'T0003',
        IIS_Sales_Amount: 1360,
        IIS_Invalid_Status: '0',
        IIS_Remain_Allowance_Amt: 1360,
      },
    });
    expect(await client().getIssue({ RelateNumber: 'T9999' })).toMatchObject({
      ok: false,
      code: SIMULATOR_CODE.notFound,
    });
  });

  it.each<[string, Partial<EcpayIssueRequest>]>([
    ['a business number without printing', { CustomerIdentifier: '12345675', CarrierType: '', CarrierNum: '' }],
    [
      'a printed invoice without the address',
      { CustomerIdentifier: '12345675', CustomerName: '好物股份有限公司', Print: '1', CarrierType: '', CarrierNum: '' },
    ],
    ['a donation without a love code', { Donation: '1', CarrierType: '', CarrierNum: '' }],
    ['a carrier on a printed invoice', { Print: '1', CustomerName: '王小明', CustomerAddr: '台北市' }],
    ["ECPay's member carrier with a number", { CarrierType: '1', CarrierNum: '/ABC1234' }],
    ['a citizen certificate of the wrong form', { CarrierType: '2', CarrierNum: '/ABC1234' }],
    ['no phone or e-mail', { CustomerPhone: '' }],
  ])('refuses %s', async (_what, extra) => {
    const { client } = setUp();
    expect(await client().issue(issue('T0004', extra))).toMatchObject({
      ok: false,
      code: SIMULATOR_CODE.invalidField,
      duplicateRelateNumber: false,
    });
  });

  it('refuses Items that do not add up to SalesAmount (sent past the client, which checks too)', async () => {
    const { simulator } = setUp();
    const data = {
      MerchantID: merchant.merchantId,
      ...issue('T0005'),
      SalesAmount: 1000,
      InvType: '07',
      vat: '1',
    };
    const res = await simulator.api(`${ECPAY_INVOICE_SIMULATOR_API}/B2CInvoice/Issue`, {
      method: 'POST',
      body: JSON.stringify({
        MerchantID: merchant.merchantId,
        RqHeader: { Timestamp: Math.floor(new Date('2026-11-26T04:00:00Z').getTime() / 1000), Revision: '3.0.0' },
        Data: encryptInvoiceData(data, merchant.hashKey, merchant.hashIv),
      }),
    });
    const body = (await res.json()) as { TransCode: number; Data: string };
    expect(body.TransCode).toBe(1);
    expect(decryptInvoiceData(body.Data, merchant.hashKey, merchant.hashIv)).toMatchObject({
      RtnCode: SIMULATOR_CODE.itemsDoNotAddUp,
    });
  });

  it('answers HTTP 500 to Data under another key, and refuses a stale Timestamp', async () => {
    const { client, clock } = setUp();
    const wrongKey = client({ hashKey: 'A'.repeat(16) }).issue(issue('T0006'));
    await expect(wrongKey).rejects.toThrow(/HTTP 500/);
    const stale = client({ now: () => new Date(clock.now().getTime() - 11 * 60_000) }).issue(issue('T0006'));
    await expect(stale).rejects.toBeInstanceOf(EcpayInvoiceUnavailable);
    await expect(stale).rejects.toMatchObject({ transCode: 999 });
  });

  it('voids before the deadline, once, and not after it', async () => {
    const { client, clock } = setUp();
    const a = await client().issue(issue('T0007'));
    const b = await client().issue(issue('T0008'));
    const c = await client().issue(issue('T0010'));
    if (!a.ok || !b.ok || !c.ok) throw new Error('not issued');
    const voidOf = (x: typeof a.data) =>
      client().invalid({ InvoiceNo: x.InvoiceNo, InvoiceDate: x.InvoiceDate, Reason: '訂單取消' });
    expect(await voidOf(a.data)).toMatchObject({ ok: true, data: { InvoiceNo: a.data.InvoiceNo } });
    expect(await voidOf(a.data)).toMatchObject({ ok: false, code: SIMULATOR_CODE.voidedBefore });
    expect(await client().getIssue({ RelateNumber: 'T0007' })).toMatchObject({ data: { IIS_Invalid_Status: '1' } });
    clock.set('2027-01-13T15:59:59Z'); // 23:59:59 Taipei on 13 January: the last second
    expect(await voidOf(c.data)).toMatchObject({ ok: true });
    clock.set('2027-01-13T16:00:00Z');
    expect(await voidOf(b.data)).toMatchObject({ ok: false, code: SIMULATOR_CODE.voidDeadlinePassed });
  });

  it('makes allowances up to what the invoice has left, and then refuses its void', async () => {
    const { client } = setUp();
    const a = await client().issue(issue('T0009'));
    if (!a.ok) throw new Error('not issued');
    const allow = (amount: number) =>
      client().allowance({
        InvoiceNo: a.data.InvoiceNo,
        InvoiceDate: a.data.InvoiceDate,
        AllowanceNotify: 'S',
        NotifyPhone: '0911000111',
        AllowanceAmount: amount,
        Items: [item('退貨', 1, amount)],
      });
    const first = await allow(640);
    expect(first).toMatchObject({
      ok: true,
      data: { IA_Invoice_No: a.data.InvoiceNo, IA_Remain_Allowance_Amt: 720 },
    });
    expect(first.ok && first.data.IA_Allow_No).toMatch(/^\d{16}$/);
    expect(await allow(721)).toMatchObject({ ok: false, code: SIMULATOR_CODE.overAllowance });
    expect(await allow(720)).toMatchObject({ ok: true, data: { IA_Remain_Allowance_Amt: 0 } });
    const voided = await client().invalid({
      InvoiceNo: a.data.InvoiceNo,
      InvoiceDate: a.data.InvoiceDate,
      Reason: 'x',
    });
    expect(voided).toMatchObject({ ok: false, code: SIMULATOR_CODE.hasAllowance });
  });

  it.each([
    ['/ABC1234', 'Y'],
    ['/AB+C.-1', 'Y'],
    ['/ABC0000', 'N'],
  ])('checks the mobile barcode %s: IsExist %s', async (code, exists) => {
    expect(await setUp().client().checkBarcode(code)).toMatchObject({ ok: true, data: { IsExist: exists } });
  });

  it.each([
    ['919', 'Y'],
    ['8585', 'Y'],
    ['1000', 'N'],
  ])('checks the love code %s: IsExist %s', async (code, exists) => {
    expect(await setUp().client().checkLoveCode(code)).toMatchObject({ ok: true, data: { IsExist: exists } });
  });
});

import { createCipheriv, createDecipheriv } from 'node:crypto';
import type { InvoiceItem } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { jsonAnswer, useStandIn } from '../../test/stand-in-server.ts';
import {
  createEcpayInvoiceClient,
  decryptInvoiceData,
  ECPAY_INVOICE_DUPLICATE_RELATE_NUMBER,
  ECPAY_INVOICE_STAGE_MERCHANT,
  EcpayInvoiceUnavailable,
  encryptInvoiceData,
  type EcpayIssueRequest,
} from './ecpay-invoice-api.ts';

const { merchantId: MERCHANT, hashKey: KEY, hashIv: IV } = ECPAY_INVOICE_STAGE_MERCHANT;
const NOW = new Date('2026-11-25T03:00:00Z');

describe('AES Data (加密方法說明)', () => {
  // ECPay's published example for the stage merchant 2000132 (B2C e-invoice API, 加密方法說明):
  // {"Name":"Test","ID":"A123456789"} URL-encoded with upper-case hex, then AES; and the same with
  // lower-case hex, which ECPay's side reads alike.
  const PUBLISHED_PLAIN = { Name: 'Test', ID: 'A123456789' };
  const PUBLISHED_UPPER = 'uvI4yrErM37XNQkXGAgRgJAgHn2t72jahaMZzYhWL1HmvH4WV18VJDP2i9pTbC+tby5nxVExLLFyAkbjbS2Dvg==';
  const PUBLISHED_LOWER = 'ZD/z07UvdmL3aYz0tsVo+bFXF5VldNcns6ezyfea777KOmLiizrUNDYe+v1bh2QTT4AySf1NICgXxWXB6f7c6A==';

  it("encrypts ECPay's published example to ECPay's published Data", () => {
    expect(encryptInvoiceData(PUBLISHED_PLAIN, KEY, IV)).toBe(PUBLISHED_UPPER);
  });

  it("decrypts both of ECPay's published Data, upper- and lower-case hex", () => {
    expect(decryptInvoiceData(PUBLISHED_UPPER, KEY, IV)).toEqual(PUBLISHED_PLAIN);
    expect(decryptInvoiceData(PUBLISHED_LOWER, KEY, IV)).toEqual(PUBLISHED_PLAIN);
  });

  it("matches ECPay's other published example (the AES appendix of another ECPay API, merchant 3085676)", () => {
    const data = 'oxmUqzelA4koGRQ+myZggW5qNqlVdytGJadngOuWA7jd1Fakpay72J/w5IXLIINqCYcmx7gLsaednuH54LjffA==';
    expect(encryptInvoiceData(PUBLISHED_PLAIN, '7b53896b742849d3', '37a0ad3c6ffa428b')).toBe(data);
    expect(decryptInvoiceData(data, '7b53896b742849d3', '37a0ad3c6ffa428b')).toEqual(PUBLISHED_PLAIN);
  });

  it('encodes Chinese, spaces and !()* as PHP urlencode does before AES', () => {
    // Computed outside this code: python3 urllib.parse.quote_plus of the compact JSON (PHP's
    // urlencode for these characters), then
    // `openssl enc -aes-128-cbc -K <hex of HashKey> -iv <hex of HashIV> -base64 -A`.
    const data = { ItemName: '阿里山 烏龍茶 (150g)*2!', ItemPrice: -50 };
    const expected =
      'TFeUlV6EVzxsmT7rWBkWS3iZAd7GOjv9ri/x2h9NZCCxA/bZHIcEpnAm1P+4IiY8sjsw/7pWgLJ7ZtrMZlE68Gzjn8s2kwez/kbBsaGwgtZHoPS9TdXtWjD2WRBw+eWJz2xqiCNa7VweRJ12Fa0wWGhRUt8ZJQQgF9vw0cb/pjE=';
    expect(encryptInvoiceData(data, KEY, IV)).toBe(expected);
    expect(decryptInvoiceData(expected, KEY, IV)).toEqual(data);
  });

  it('round-trips what the shop sends, `+`, `%` and `~` included', () => {
    const data = { CarrierNum: '/AB+C.-1', InvoiceRemark: '100% 好~茶', Items: [{ ItemPrice: 10.5 }] };
    expect(decryptInvoiceData(encryptInvoiceData(data, KEY, IV), KEY, IV)).toEqual(data);
  });

  it('throws on Data under another key, and never names the keys', () => {
    const other = encryptInvoiceData(PUBLISHED_PLAIN, 'A'.repeat(16), 'B'.repeat(16));
    expect(() => decryptInvoiceData(other, KEY, IV)).toThrow();
    try {
      encryptInvoiceData(PUBLISHED_PLAIN, 'short-key', IV);
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toContain('16 bytes');
      expect((error as Error).message).not.toContain('short-key');
      expect((error as Error).message).not.toContain(IV);
    }
  });
});

// ---- A stand-in for ECPay's e-invoice host --------------------------------------------------------

/** ECPay's side of the cipher, written apart from the client's: AES, then urldecode. */
function ecpayReads(data: string): { plain: string; json: Record<string, unknown> } {
  const decipher = createDecipheriv('aes-128-cbc', Buffer.from(KEY), Buffer.from(IV));
  const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  return { plain, json: JSON.parse(decodeURIComponent(plain.replace(/\+/g, ' '))) };
}

/** How ECPay's .NET side writes Data: HttpUtility.UrlEncode (lower-case hex, space as +), then AES. */
function ecpayWrites(json: unknown, key: string = KEY): string {
  const encoded = encodeURIComponent(JSON.stringify(json))
    .replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())
    .replace(/%20/g, '+');
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(key), Buffer.from(IV));
  return Buffer.concat([cipher.update(encoded, 'utf8'), cipher.final()]).toString('base64');
}

interface Received {
  path: string;
  envelope: { MerchantID: string; RqHeader: { Timestamp: number; Revision: string }; Data: string };
  plain: string;
  data: Record<string, unknown>;
}

type Reply =
  | { kind: 'answer'; transCode?: number; data: Record<string, unknown>; key?: string }
  | { kind: 'raw'; status: number; text: string }
  | { kind: 'silence' };

let reply: Reply = { kind: 'raw', status: 200, text: '{}' };
const ecpay = useStandIn(() => {
  if (reply.kind === 'silence') return 'silence';
  if (reply.kind === 'raw') return jsonAnswer(reply.text, reply.status);
  const transCode = reply.transCode ?? 1;
  return jsonAnswer({
    PlatformID: '',
    MerchantID: MERCHANT,
    RpHeader: { Timestamp: Math.floor(NOW.getTime() / 1000) },
    TransCode: transCode,
    TransMsg: transCode === 1 ? 'Success' : 'The parameter [Data] decrypt fail.',
    Data: transCode === 1 ? ecpayWrites(reply.data, reply.key) : null,
  });
});
/** The requests as ECPay's side reads them. */
const received = (): Received[] =>
  ecpay.requests.map((request) => {
    const envelope = JSON.parse(request.body) as Received['envelope'];
    const { plain, json } = ecpayReads(envelope.Data);
    return { path: request.path, envelope, plain, data: json };
  });

const client = (timeoutMs?: number) =>
  createEcpayInvoiceClient({
    baseUrl: ecpay.url,
    ...ECPAY_INVOICE_STAGE_MERCHANT,
    now: () => NOW,
    ...(timeoutMs ? { timeoutMs } : {}),
  });

const items: InvoiceItem[] = [
  {
    ItemSeq: 1,
    ItemName: '阿里山高山烏龍茶 150g',
    ItemCount: 2,
    ItemWord: '件',
    ItemPrice: 980,
    ItemTaxType: '1',
    ItemAmount: 1960,
  },
  { ItemSeq: 2, ItemName: '運費', ItemCount: 1, ItemWord: '式', ItemPrice: 100, ItemTaxType: '1', ItemAmount: 100 },
  {
    ItemSeq: 3,
    ItemName: '紅利點數折抵',
    ItemCount: 1,
    ItemWord: '式',
    ItemPrice: -60,
    ItemTaxType: '1',
    ItemAmount: -60,
  },
];

const issueRequest: EcpayIssueRequest = {
  RelateNumber: 'GD2611250101',
  CustomerEmail: 'buyer@example.tw',
  Print: '0',
  Donation: '0',
  CarrierType: '3',
  CarrierNum: '/AB+C.-1',
  TaxType: '1',
  SalesAmount: 2000,
  Items: items,
};

/** Every call carries the merchant, a Timestamp from the client's clock and Revision 3.0.0. */
function expectEnvelope(call: Received | undefined, path: string) {
  expect(call?.path).toBe(path);
  expect(call?.envelope.MerchantID).toBe(MERCHANT);
  expect(call?.envelope.RqHeader).toEqual({ Timestamp: NOW.getTime() / 1000, Revision: '3.0.0' });
  expect(call?.data.MerchantID).toBe(MERCHANT);
  // The client's urlencode writes upper-case hex and no %20, as PHP's does.
  expect(call?.plain).not.toMatch(/%[0-9A-F]?[a-f]|%20/);
}

describe('issue (一般開立發票)', () => {
  it('posts the invoice in the envelope and reads the invoice number, date and random number', async () => {
    const issued = {
      RtnCode: 1,
      RtnMsg: '開立發票成功',
      InvoiceNo: 'UV11100016',
      InvoiceDate: '2026-11-25 11:00:00',
      RandomNumber: '6868',
    };
    reply = { kind: 'answer', data: issued };

    const answer = await client().issue(issueRequest);

    expect(answer).toEqual({ ok: true, data: issued });
    const [call] = received();
    expectEnvelope(call, '/B2CInvoice/Issue');
    expect(call!.data).toEqual({
      MerchantID: MERCHANT,
      RelateNumber: 'GD2611250101',
      CustomerID: '',
      CustomerIdentifier: '',
      CustomerName: '',
      CustomerAddr: '',
      CustomerPhone: '',
      CustomerEmail: 'buyer@example.tw',
      ClearanceMark: '',
      Print: '0',
      Donation: '0',
      LoveCode: '',
      CarrierType: '3',
      CarrierNum: '/AB+C.-1',
      TaxType: '1',
      SalesAmount: 2000,
      InvoiceRemark: '',
      Items: items,
      InvType: '07',
      vat: '1',
    });
  });

  it("hands ECPay's refusal (RtnCode ≠ 1) to the caller as a result", async () => {
    reply = { kind: 'answer', data: { RtnCode: 5000022, RtnMsg: '驗證發票金額發現錯誤，與商品合計金額不符' } };
    const answer = await client().issue(issueRequest);
    expect(answer).toEqual({
      ok: false,
      code: 5000022,
      message: '驗證發票金額發現錯誤，與商品合計金額不符',
      duplicateRelateNumber: false,
    });
  });

  it('tells a RelateNumber already used apart, so the caller can find the invoice issued before', async () => {
    reply = {
      kind: 'answer',
      data: { RtnCode: ECPAY_INVOICE_DUPLICATE_RELATE_NUMBER, RtnMsg: 'B2C開立發票 自訂編號重覆，請重新設定' },
    };
    const answer = await client().issue(issueRequest);
    expect(answer).toMatchObject({ ok: false, code: 5070357, duplicateRelateNumber: true });

    reply = { kind: 'answer', data: { RtnCode: 9999999, RtnMsg: '自訂編號重複' } };
    expect(await client().issue(issueRequest)).toMatchObject({ ok: false, duplicateRelateNumber: true });

    reply = {
      kind: 'answer',
      data: {
        RtnCode: 1,
        RtnMsg: '查詢成功',
        IIS_Number: 'UV11100016',
        IIS_Relate_Number: 'GD2611250101',
        IIS_Create_Date: '2026-11-25 11:00:00',
        IIS_Random_Number: '6868',
        IIS_Sales_Amount: 2000,
        IIS_Invalid_Status: '0',
        IIS_Remain_Allowance_Amt: 2000,
      },
    };
    const found = await client().getIssue({ RelateNumber: 'GD2611250101' });
    expect(found).toMatchObject({ ok: true, data: { IIS_Number: 'UV11100016', IIS_Random_Number: '6868' } });
    expectEnvelope(received().at(-1), '/B2CInvoice/GetIssue');
    expect(received().at(-1)!.data).toEqual({ MerchantID: MERCHANT, RelateNumber: 'GD2611250101' });
  });

  it('refuses to send Items that do not add up to SalesAmount, or a RelateNumber with symbols', async () => {
    await expect(client().issue({ ...issueRequest, SalesAmount: 2001 })).rejects.toThrow('do not add up');
    await expect(client().issue({ ...issueRequest, RelateNumber: 'GD-2611' })).rejects.toThrow('RelateNumber');
    expect(received()).toHaveLength(0);
  });
});

describe('invalid, allowance and the checks', () => {
  it('voids by invoice number and the day of its date', async () => {
    reply = { kind: 'answer', data: { RtnCode: 1, RtnMsg: '作廢發票成功', InvoiceNo: 'UV11100016' } };
    const answer = await client().invalid({
      InvoiceNo: 'UV11100016',
      InvoiceDate: '2026-11-25 11:00:00',
      Reason: '訂單取消',
    });
    expect(answer).toMatchObject({ ok: true, data: { InvoiceNo: 'UV11100016' } });
    expectEnvelope(received()[0], '/B2CInvoice/Invalid');
    expect(received()[0]!.data).toEqual({
      MerchantID: MERCHANT,
      InvoiceNo: 'UV11100016',
      InvoiceDate: '2026-11-25',
      Reason: '訂單取消',
    });
  });

  it('gives an allowance and reads its number and what the invoice has left', async () => {
    reply = {
      kind: 'answer',
      data: {
        RtnCode: 1,
        RtnMsg: '成功',
        IA_Allow_No: '2026112511000001',
        IA_Invoice_No: 'UV11100016',
        IA_Date: '2026-12-20 10:00:00',
        IA_Remain_Allowance_Amt: 0,
      },
    };
    const allowanceItems = [{ ...items[0]!, ItemPrice: 950, ItemAmount: 1900 }, items[1]!];
    const answer = await client().allowance({
      InvoiceNo: 'UV11100016',
      InvoiceDate: '2026-11-25',
      AllowanceNotify: 'E',
      NotifyMail: 'buyer@example.tw',
      AllowanceAmount: 2000,
      Items: allowanceItems,
    });
    expect(answer).toMatchObject({ ok: true, data: { IA_Allow_No: '2026112511000001', IA_Remain_Allowance_Amt: 0 } });
    expectEnvelope(received()[0], '/B2CInvoice/Allowance');
    expect(received()[0]!.data).toMatchObject({
      AllowanceAmount: 2000,
      AllowanceNotify: 'E',
      NotifyPhone: '',
      Items: allowanceItems,
    });
  });

  it('checks a mobile barcode and a love code', async () => {
    reply = { kind: 'answer', data: { RtnCode: 1, RtnMsg: '執行成功', IsExist: 'Y' } };
    expect(await client().checkBarcode('/AB+C.-1')).toMatchObject({ ok: true, data: { IsExist: 'Y' } });
    reply = { kind: 'answer', data: { RtnCode: 1, RtnMsg: '執行成功', IsExist: 'N' } };
    expect(await client().checkLoveCode('168001')).toMatchObject({ ok: true, data: { IsExist: 'N' } });
    expectEnvelope(received()[0], '/B2CInvoice/CheckBarcode');
    expect(received()[0]!.data).toEqual({ MerchantID: MERCHANT, BarCode: '/AB+C.-1' });
    expectEnvelope(received()[1], '/B2CInvoice/CheckLoveCode');
    expect(received()[1]!.data).toEqual({ MerchantID: MERCHANT, LoveCode: '168001' });
  });
});

describe('ECPay unavailable', () => {
  const failures: Error[] = [];
  const expectUnavailable = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(EcpayInvoiceUnavailable);
    failures.push(error!);
    return error as EcpayInvoiceUnavailable;
  };

  it('throws when ECPay refuses the envelope (TransCode ≠ 1), with the TransCode', async () => {
    reply = { kind: 'answer', transCode: 110, data: {} };
    const error = await expectUnavailable(client().issue(issueRequest));
    expect(error.transCode).toBe(110);
    expect(error.message).toContain('TransCode 110');
  });

  it('throws on an HTTP error', async () => {
    reply = { kind: 'raw', status: 500, text: 'Internal Server Error' };
    expect((await expectUnavailable(client().issue(issueRequest))).message).toContain('HTTP 500');
  });

  it('throws on an answer that is not JSON, or not the envelope', async () => {
    reply = { kind: 'raw', status: 200, text: '<html>系統維護中</html>' };
    await expectUnavailable(client().issue(issueRequest));
    reply = { kind: 'raw', status: 200, text: '{"RtnCode":1}' };
    await expectUnavailable(client().issue(issueRequest));
  });

  it('throws on Data it cannot decrypt, and on success without the fields', async () => {
    reply = { kind: 'answer', data: { RtnCode: 1, RtnMsg: 'ok', InvoiceNo: 'UV11100016' }, key: 'A'.repeat(16) };
    await expectUnavailable(client().issue(issueRequest));
    reply = { kind: 'answer', data: { RtnCode: 1, RtnMsg: '開立發票成功' } };
    await expectUnavailable(client().issue(issueRequest));
  });

  it('throws when ECPay does not answer in time', async () => {
    reply = { kind: 'silence' };
    expect((await expectUnavailable(client(200).issue(issueRequest))).message).toContain('unreachable');
    expect(received()).toHaveLength(1);
  });

  it('throws when ECPay cannot be reached', async () => {
    const nowhere = createEcpayInvoiceClient({ baseUrl: 'http://127.0.0.1:9', ...ECPAY_INVOICE_STAGE_MERCHANT });
    await expectUnavailable(nowhere.checkLoveCode('168001'));
  });

  it('never puts HashKey or HashIV in a message', () => {
    expect(failures.length).toBeGreaterThanOrEqual(7);
    for (const error of failures) {
      expect(error.message).not.toContain(KEY);
      expect(error.message).not.toContain(IV);
    }
  });
});

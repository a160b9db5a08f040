// ECPay B2C e-invoice API v3 (綠界 B2C 電子發票介接技術文件, Revision 3.0.0): issue, void, allowance,
// query and the carrier / love-code checks, each an AES-encrypted JSON envelope as ECPay specifies.
// The client takes its base URL and fetch, so stage, production or a test's stand-in server answer it
// alike. Two outcomes are kept apart: ECPay unreachable or answering outside its protocol throws
// EcpayInvoiceUnavailable (whether ECPay did anything is unknown: retry later, and an Issue retried
// after its first try went through answers duplicateRelateNumber); ECPay answering RtnCode ≠ 1 is a
// result `{ ok: false, code, message }` for the caller to decide on.
import { createCipheriv, createDecipheriv } from 'node:crypto';
import type { InvoiceItem } from '@shop/domain';
import { z } from 'zod';
import { observedFetch } from '../../metrics/index.ts';

/** The API hosts (API介接網址: einvoice-stage / einvoice). */
export const ECPAY_INVOICE_API_URL = {
  stage: 'https://einvoice-stage.ecpay.com.tw',
  production: 'https://einvoice.ecpay.com.tw',
} as const;

/** ECPay's public test merchant for the e-invoice stage (its settings' default). */
export { ECPAY_INVOICE_STAGE_MERCHANT } from './invoice-settings.ts';

/** RqHeader.Revision of the B2C API this client speaks. */
export const ECPAY_INVOICE_REVISION = '3.0.0';

/** TransCode and RtnCode of an answer that did what it was asked. */
export const ECPAY_INVOICE_SUCCESS = 1;

/**
 * RtnCode of an Issue whose RelateNumber the merchant already used: 「B2C開立發票 自訂編號重覆，請重新設定」.
 * ECPay's pages do not list it; other integrations report it from ECPay's stage and production, so
 * the message is matched too (重覆 or 重複) in case the code differs.
 */
export const ECPAY_INVOICE_DUPLICATE_RELATE_NUMBER = 5070357;
const DUPLICATE_MESSAGE = /自訂編號重[覆複]/;

/** RelateNumber: letters and digits only (請勿使用特殊符號), at most 30 in the older pages of the spec. */
const RELATE_NUMBER = /^[0-9A-Za-z]{1,30}$/;

/**
 * PHP's urlencode, which ECPay's own SDK applies before AES (AesService::encrypt): every byte but
 * letters, digits and `-_.` as upper-case %XX, a space as `+`. encodeURIComponent also leaves
 * `!'()*~` alone, so those are encoded here.
 */
function phpUrlEncode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** urldecode: `+` is a space; %XX in either case (加密方法說明 shows Data encoded both ways). */
function urlDecode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, '%20'));
}

function aesKeys(hashKey: string, hashIv: string): { key: Buffer; iv: Buffer } {
  const key = Buffer.from(hashKey, 'utf8');
  const iv = Buffer.from(hashIv, 'utf8');
  // AES-128: a 16-byte key and IV. The values themselves stay out of every message.
  if (key.length !== 16 || iv.length !== 16) throw new Error('ECPay HashKey and HashIV must be 16 bytes each');
  return { key, iv };
}

/**
 * Data of a request (加密方法說明): Base64(AES-128-CBC(key = HashKey, iv = HashIV, PKCS7)(
 * urlencode(JSON))). ECPay publishes {"Name":"Test","ID":"A123456789"} → uvI4yrErM37X…Dvg== for
 * the stage merchant.
 */
export function encryptInvoiceData(data: unknown, hashKey: string, hashIv: string): string {
  const { key, iv } = aesKeys(hashKey, hashIv);
  const cipher = createCipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([cipher.update(phpUrlEncode(JSON.stringify(data)), 'utf8'), cipher.final()]).toString('base64');
}

/** Data of an answer, the other way round: Base64 → AES-128-CBC → urldecode → JSON. Throws when it is not one. */
export function decryptInvoiceData(text: string, hashKey: string, hashIv: string): unknown {
  const { key, iv } = aesKeys(hashKey, hashIv);
  const decipher = createDecipheriv('aes-128-cbc', key, iv);
  const plain = Buffer.concat([decipher.update(Buffer.from(text, 'base64')), decipher.final()]).toString('utf8');
  return JSON.parse(urlDecode(plain));
}

/** ECPay could not be reached or answered outside its protocol: nothing is known to have happened. */
export class EcpayInvoiceUnavailable extends Error {
  constructor(
    message: string,
    /** TransCode when ECPay refused the envelope itself (e.g. a Timestamp over 10 minutes old). */
    readonly transCode?: number,
  ) {
    super(message);
    this.name = 'EcpayInvoiceUnavailable';
  }
}

/** A call ECPay understood and refused (RtnCode ≠ 1), with its code and message. */
export interface EcpayInvoiceRefusal {
  ok: false;
  code: number;
  message: string;
}

export type EcpayInvoiceResult<T> = { ok: true; data: T } | EcpayInvoiceRefusal;

/** Issue's refusal says whether it was the RelateNumber already used: the caller then queries instead. */
export type EcpayIssueResult =
  { ok: true; data: EcpayIssued } | (EcpayInvoiceRefusal & { duplicateRelateNumber: boolean });

/** 一般開立發票 Data, less MerchantID (the client's) and what this shop always sends (InvType 07, vat 1). */
export interface EcpayIssueRequest {
  /** The merchant's own number for the invoice, unique for ever (the order number). */
  RelateNumber: string;
  CustomerID?: string;
  /** 統一編號, 8 digits, for a 三聯式 invoice. */
  CustomerIdentifier?: string;
  CustomerName?: string;
  CustomerAddr?: string;
  /** CustomerPhone or CustomerEmail is required. */
  CustomerPhone?: string;
  CustomerEmail?: string;
  /** Only for zero-rated (TaxType 2) sales. */
  ClearanceMark?: '' | '1' | '2';
  Print: '0' | '1';
  Donation: '0' | '1';
  LoveCode?: string;
  /** '' none, 1 ECPay member carrier, 2 citizen certificate, 3 mobile barcode. */
  CarrierType: '' | '1' | '2' | '3';
  CarrierNum?: string;
  /** 1 taxable. */
  TaxType: '1';
  /** NT$, tax included; the sum of the Items' ItemAmount. */
  SalesAmount: number;
  InvoiceRemark?: string;
  Items: readonly InvoiceItem[];
}

/** 一般開立折讓 Data, less MerchantID. */
export interface EcpayAllowanceRequest {
  InvoiceNo: string;
  /** The invoice's date, yyyy-MM-dd; Issue's `yyyy-MM-dd HH:mm:ss` may be passed as it is. */
  InvoiceDate: string;
  /** E e-mail, S SMS, A both, N none. */
  AllowanceNotify: 'E' | 'S' | 'A' | 'N';
  CustomerName?: string;
  NotifyMail?: string;
  NotifyPhone?: string;
  /** NT$, tax included; the sum of the Items' ItemAmount and at most what the invoice has left. */
  AllowanceAmount: number;
  Items: readonly InvoiceItem[];
}

const issued = z.looseObject({
  InvoiceNo: z.string().min(1),
  InvoiceDate: z.string().min(1),
  RandomNumber: z.string(),
});
const voided = z.looseObject({ InvoiceNo: z.string().min(1) });
const allowed = z.looseObject({
  IA_Allow_No: z.string().min(1),
  IA_Invoice_No: z.string().min(1),
  IA_Date: z.string().min(1),
  IA_Remain_Allowance_Amt: z.coerce.number(),
});
const found = z.looseObject({
  IIS_Number: z.string().min(1),
  IIS_Relate_Number: z.string(),
  /** yyyy-MM-dd HH:mm:ss */
  IIS_Create_Date: z.string().min(1),
  IIS_Random_Number: z.string(),
  IIS_Sales_Amount: z.coerce.number().optional(),
  /** 1 = voided. */
  IIS_Invalid_Status: z.coerce.string().optional(),
  IIS_Remain_Allowance_Amt: z.coerce.number().optional(),
});
const existence = z.looseObject({ IsExist: z.enum(['Y', 'N']) });

export type EcpayIssued = z.infer<typeof issued>;
export type EcpayVoided = z.infer<typeof voided>;
export type EcpayAllowed = z.infer<typeof allowed>;
export type EcpayFoundInvoice = z.infer<typeof found>;
export type EcpayExistence = z.infer<typeof existence>;

const envelope = z.object({
  TransCode: z.coerce.number(),
  TransMsg: z.string().nullish(),
  Data: z.string().nullish(),
});
const outcome = z.looseObject({ RtnCode: z.coerce.number(), RtnMsg: z.string().nullish() });

export interface EcpayInvoiceClientOptions {
  baseUrl: string;
  merchantId: string;
  hashKey: string;
  hashIv: string;
  fetch?: typeof fetch;
  /** RqHeader.Timestamp comes from it; ECPay refuses one more than 10 minutes off its clock. */
  now?: () => Date;
  timeoutMs?: number;
}

const sumOf = (items: readonly InvoiceItem[]) => items.reduce((total, item) => total + item.ItemAmount, 0);

/** The yyyy-MM-dd that Invalid, Allowance and GetIssue take, from that or Issue's yyyy-MM-dd HH:mm:ss. */
function invoiceDay(date: string): string {
  const day = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[ T+]|$)/.exec(date);
  if (!day) throw new Error(`not an invoice date: ${date}`);
  return `${day[1]}-${day[2]}-${day[3]}`;
}

/** What each call of the API works from: the merchant's keys, the observed fetch and the clock. */
interface InvoiceApi {
  options: EcpayInvoiceClientOptions;
  send: typeof fetch;
  now: () => Date;
}

/** Posts one call's envelope and returns the answer's body, or throws EcpayInvoiceUnavailable. */
async function postEnvelope({ options, send, now }: InvoiceApi, path: string, data: Record<string, unknown>) {
  const body = JSON.stringify({
    MerchantID: options.merchantId,
    RqHeader: { Timestamp: Math.floor(now().getTime() / 1000), Revision: ECPAY_INVOICE_REVISION },
    Data: encryptInvoiceData({ MerchantID: options.merchantId, ...data }, options.hashKey, options.hashIv),
  });
  try {
    const res = await send(new URL(path, options.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    const text = await res.text();
    // ECPay answers 403 to calls too fast (wait 30 minutes) and 500 to Data it cannot read.
    if (!res.ok) throw new EcpayInvoiceUnavailable(`ECPay e-invoice ${path} answered HTTP ${res.status}`);
    return text;
  } catch (error) {
    if (error instanceof EcpayInvoiceUnavailable) throw error;
    throw new EcpayInvoiceUnavailable(`ECPay e-invoice ${path} unreachable: ${(error as Error).message}`);
  }
}

/** The answer's envelope opened: its decrypted Data, or EcpayInvoiceUnavailable. */
function openAnswer({ options }: InvoiceApi, path: string, text: string): z.infer<typeof outcome> {
  const reply = (() => {
    try {
      return envelope.safeParse(JSON.parse(text));
    } catch {
      return null;
    }
  })();
  if (!reply?.success) throw new EcpayInvoiceUnavailable(`ECPay e-invoice ${path} answered outside its protocol`);
  const { TransCode, TransMsg } = reply.data;
  // TransCode ≠ 1: ECPay did not take the envelope (Data it cannot decrypt, a stale Timestamp…), so
  // it did nothing; the caller may retry once the cause (clock, keys) is fixed.
  if (TransCode !== ECPAY_INVOICE_SUCCESS) {
    throw new EcpayInvoiceUnavailable(
      `ECPay e-invoice ${path} refused the request: TransCode ${TransCode} ${TransMsg ?? ''}`.trim(),
      TransCode,
    );
  }
  const decrypted = (() => {
    try {
      return outcome.safeParse(decryptInvoiceData(reply.data.Data ?? '', options.hashKey, options.hashIv));
    } catch {
      return null;
    }
  })();
  if (!decrypted?.success) throw new EcpayInvoiceUnavailable(`ECPay e-invoice ${path} answered Data it cannot read`);
  return decrypted.data;
}

/** One call: its refusal as RtnCode and message, or its answer's fields as `schema` reads them. */
async function call<T>(api: InvoiceApi, path: string, data: Record<string, unknown>, schema: z.ZodType<T>) {
  const answer = openAnswer(api, path, await postEnvelope(api, path, data));
  if (answer.RtnCode !== ECPAY_INVOICE_SUCCESS) {
    return { ok: false as const, code: answer.RtnCode, message: answer.RtnMsg ?? '' };
  }
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new EcpayInvoiceUnavailable(`ECPay e-invoice ${path} answered success without its fields`);
  return { ok: true as const, data: parsed.data };
}

/** 一般開立發票, its Items checked first (the client's `issue`). */
async function issue(api: InvoiceApi, request: EcpayIssueRequest): Promise<EcpayIssueResult> {
  if (!RELATE_NUMBER.test(request.RelateNumber)) {
    throw new Error(`not an ECPay RelateNumber: ${request.RelateNumber}`);
  }
  if (sumOf(request.Items) !== request.SalesAmount || request.Items.length === 0) {
    throw new Error('ECPay invoice Items do not add up to SalesAmount');
  }
  const result = await call(
    api,
    '/B2CInvoice/Issue',
    {
      CustomerID: '',
      CustomerIdentifier: '',
      CustomerName: '',
      CustomerAddr: '',
      CustomerPhone: '',
      CustomerEmail: '',
      ClearanceMark: '',
      LoveCode: '',
      CarrierNum: '',
      InvoiceRemark: '',
      ...request,
      InvType: '07',
      vat: '1',
    },
    issued,
  );
  if (result.ok) return result;
  const duplicateRelateNumber =
    result.code === ECPAY_INVOICE_DUPLICATE_RELATE_NUMBER || DUPLICATE_MESSAGE.test(result.message);
  return { ...result, duplicateRelateNumber };
}

export function createEcpayInvoiceClient(options: EcpayInvoiceClientOptions) {
  const api: InvoiceApi = {
    options,
    send: observedFetch('invoice', options.fetch ?? fetch),
    now: options.now ?? (() => new Date()),
  };

  return {
    /**
     * 一般開立發票. A RelateNumber already used answers `duplicateRelateNumber: true`: after a crash or
     * a timeout the invoice may exist, so look it up with getIssue({ RelateNumber }) instead.
     */
    issue: (request: EcpayIssueRequest) => issue(api, request),

    /**
     * 作廢發票. ECPay refuses once the invoice has an allowance (void the allowance first) and after
     * 23:59:59 on the 13th of the odd month following the invoice's two-month period.
     */
    invalid(request: {
      InvoiceNo: string;
      InvoiceDate: string;
      Reason: string;
    }): Promise<EcpayInvoiceResult<EcpayVoided>> {
      return call(api, '/B2CInvoice/Invalid', { ...request, InvoiceDate: invoiceDay(request.InvoiceDate) }, voided);
    },

    /** 一般開立折讓: gives back part or all of an invoice that can no longer be voided. */
    allowance(request: EcpayAllowanceRequest): Promise<EcpayInvoiceResult<EcpayAllowed>> {
      if (sumOf(request.Items) !== request.AllowanceAmount || request.Items.length === 0) {
        throw new Error('ECPay allowance Items do not add up to AllowanceAmount');
      }
      return call(
        api,
        '/B2CInvoice/Allowance',
        { CustomerName: '', NotifyMail: '', NotifyPhone: '', ...request, InvoiceDate: invoiceDay(request.InvoiceDate) },
        allowed,
      );
    },

    /** 查詢發票明細, by RelateNumber (情境一) or by InvoiceNo and InvoiceDate (情境二). */
    getIssue(
      query: { RelateNumber: string } | { InvoiceNo: string; InvoiceDate: string },
    ): Promise<EcpayInvoiceResult<EcpayFoundInvoice>> {
      const data =
        'RelateNumber' in query
          ? { RelateNumber: query.RelateNumber }
          : { InvoiceNo: query.InvoiceNo, InvoiceDate: invoiceDay(query.InvoiceDate) };
      return call(api, '/B2CInvoice/GetIssue', data, found);
    },

    /** 手機條碼驗證: whether the Ministry of Finance knows the mobile barcode (IsExist Y/N). */
    checkBarcode(barCode: string): Promise<EcpayInvoiceResult<EcpayExistence>> {
      return call(api, '/B2CInvoice/CheckBarcode', { BarCode: barCode }, existence);
    },

    /** 捐贈碼驗證: whether the love code belongs to a registered charity (IsExist Y/N). */
    checkLoveCode(loveCode: string): Promise<EcpayInvoiceResult<EcpayExistence>> {
      return call(api, '/B2CInvoice/CheckLoveCode', { LoveCode: loveCode }, existence);
    },
  };
}

export type EcpayInvoiceClient = ReturnType<typeof createEcpayInvoiceClient>;

// The e-invoice simulator (ECPAY_INVOICE_MODE=simulator, the offline default; docs/decisions/052). It
// plays ECPay's B2C invoice API v3 inside the shop, as the client's fetch: it opens the envelope
// with the merchant's HashKey and HashIV, checks MerchantID, Revision and the Timestamp window, and
// answers Issue, Invalid, Allowance, GetIssue, CheckBarcode and CheckLoveCode as ECPay does — Items
// that must add up, a RelateNumber used once (ECPay's duplicate answer), a void only before the
// deadline and never after an allowance, allowances up to what the invoice has left. Its invoices live
// in this process's memory: after a restart it no longer knows them, and voids or allowances of
// invoices issued before are refused (their jobs wait in the back office's failed list).
import { randomInt } from 'node:crypto';
import { canVoidInvoice, invoiceVoidClosesAt, TAIPEI_OFFSET_MS } from '@shop/domain';
import {
  decryptInvoiceData,
  ECPAY_INVOICE_DUPLICATE_RELATE_NUMBER,
  ECPAY_INVOICE_REVISION,
  ECPAY_INVOICE_SUCCESS,
  encryptInvoiceData,
} from './ecpay-invoice-api.ts';

/** The simulator's API host: never resolved, the client's fetch is the simulator itself. */
export const ECPAY_INVOICE_SIMULATOR_API = 'http://einvoice-simulator.invalid';

/** A mobile barcode ending in these is one the Ministry of Finance does not know (e.g. /ABC0000). */
export const SIMULATOR_UNKNOWN_BARCODE_SUFFIX = '0000';
/** A love code ending in these belongs to no charity (e.g. 1000). */
export const SIMULATOR_UNKNOWN_LOVE_CODE_SUFFIX = '000';

/**
 * RtnCodes of the simulator's refusals. ECPay publishes its own per API; the shop reads only 1 and
 * the duplicate RelateNumber, so these name what went wrong and nothing depends on their values.
 */
export const SIMULATOR_CODE = {
  duplicateRelateNumber: ECPAY_INVOICE_DUPLICATE_RELATE_NUMBER,
  invalidField: 1000001,
  itemsDoNotAddUp: 1000002,
  notFound: 1000003,
  voidedBefore: 1000004,
  voidDeadlinePassed: 1000005,
  hasAllowance: 1000006,
  overAllowance: 1000007,
} as const;

/** ECPay refuses a Timestamp more than 10 minutes off its clock (RqHeader.Timestamp). */
const TIMESTAMP_WINDOW_S = 600;
const MAX_INVOICES = 10_000;

interface SimAllowance {
  no: string;
  amount: number;
}

interface SimInvoice {
  relateNumber: string;
  invoiceNo: string;
  /** yyyy-MM-dd HH:mm:ss, Taipei. */
  invoiceDate: string;
  madeAt: Date;
  randomNumber: string;
  salesAmount: number;
  voided: boolean;
  allowances: SimAllowance[];
}

type Data = Record<string, unknown>;
type Answer = Data & { RtnCode: number; RtnMsg: string };

/** yyyy-MM-dd HH:mm:ss in Taipei, as ECPay writes its dates. */
function ecpayDateTime(at: Date): string {
  return new Date(at.getTime() + TAIPEI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

const refuse = (code: number, message: string): Answer => ({ RtnCode: code, RtnMsg: message });
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** The Items rule of Issue and Allowance: each line is count × price, and the lines add up to the amount. */
function itemsProblem(items: unknown, amount: unknown): string | null {
  if (!Array.isArray(items) || items.length === 0) return 'Items 不可為空';
  if (!isWhole(amount) || amount <= 0) return '金額必須是正整數';
  let sum = 0;
  for (const raw of items as Data[]) {
    const { ItemName, ItemCount, ItemPrice, ItemAmount, ItemWord } = raw ?? {};
    if (!text(ItemName) || !text(ItemWord)) return '商品名稱與單位不可為空';
    if (!isWhole(ItemCount) || !isWhole(ItemPrice) || !isWhole(ItemAmount)) return '商品數量、單價與小計必須是整數';
    if (ItemCount * ItemPrice !== ItemAmount) return `商品「${text(ItemName)}」小計不等於數量乘以單價`;
    sum += ItemAmount;
  }
  return sum === amount ? null : `商品合計 ${sum} 不等於金額 ${amount}`;
}

/** The carrier, donation and print rules of 一般開立發票, as ECPay checks them. */
function issueFieldProblem(d: Data): string | null {
  const identifier = text(d.CustomerIdentifier);
  const carrierType = text(d.CarrierType);
  const carrierNum = text(d.CarrierNum);
  if (!/^[0-9A-Za-z]{1,30}$/.test(text(d.RelateNumber))) return 'RelateNumber 格式錯誤';
  if (d.TaxType !== '1' || d.InvType !== '07' || d.vat !== '1') return '課稅類別、字軌類別或含稅註記錯誤';
  if (!text(d.CustomerPhone) && !text(d.CustomerEmail)) return '客戶手機或電子信箱須擇一填寫';
  if (identifier && !/^\d{8}$/.test(identifier)) return '統一編號格式錯誤';
  if (identifier && d.Print !== '1') return '有統一編號時必須列印';
  if (identifier && d.Donation === '1') return '有統一編號時不可捐贈';
  if (d.Print === '1' && (!text(d.CustomerName) || !text(d.CustomerAddr))) return '列印時客戶名稱與地址不可為空';
  if (d.Donation === '1' && !/^\d{3,7}$/.test(text(d.LoveCode))) return '捐贈時愛心碼不可為空';
  if (d.Donation === '1' && d.Print === '1') return '捐贈發票不可列印';
  if (carrierType && d.Print === '1') return '有載具時不可列印';
  if (!['', '1', '2', '3'].includes(carrierType)) return '載具類別錯誤';
  if ((carrierType === '' || carrierType === '1') && carrierNum) return '載具編號須為空值';
  if (carrierType === '2' && !/^[A-Z]{2}\d{14}$/.test(carrierNum)) return '自然人憑證條碼格式錯誤';
  if (carrierType === '3' && !/^\/[0-9A-Z.+-]{7}$/.test(carrierNum)) return '手機條碼格式錯誤';
  if (!['0', '1'].includes(text(d.Print)) || !['0', '1'].includes(text(d.Donation))) return '列印或捐贈註記錯誤';
  return null;
}

export interface InvoiceSimulatorOptions {
  merchantId: string;
  hashKey: string;
  hashIv: string;
  now?: () => Date;
}

/** The simulator's memory: its options, the invoices it made, and the track and number of the next. */
interface SimBook {
  options: InvoiceSimulatorOptions;
  now: () => Date;
  byRelateNumber: Map<string, SimInvoice>;
  byInvoiceNo: Map<string, SimInvoice>;
  track: string;
  serial: number;
}

function remaining(invoice: SimInvoice): number {
  return invoice.salesAmount - invoice.allowances.reduce((sum, a) => sum + a.amount, 0);
}

/** Invalid and Allowance name the invoice by number and the day it was made. */
function findByNumber({ byInvoiceNo }: SimBook, d: Data): SimInvoice | null {
  const invoice = byInvoiceNo.get(text(d.InvoiceNo));
  return invoice && invoice.invoiceDate.slice(0, 10) === text(d.InvoiceDate) ? invoice : null;
}

function issue(book: SimBook, d: Data): Answer {
  const { byRelateNumber, byInvoiceNo } = book;
  const problem = issueFieldProblem(d);
  if (problem) return refuse(SIMULATOR_CODE.invalidField, problem);
  const sum = itemsProblem(d.Items, d.SalesAmount);
  if (sum) return refuse(SIMULATOR_CODE.itemsDoNotAddUp, sum);
  const relateNumber = text(d.RelateNumber);
  if (byRelateNumber.has(relateNumber)) {
    return refuse(SIMULATOR_CODE.duplicateRelateNumber, 'B2C開立發票 自訂編號重覆，請重新設定');
  }
  if (byRelateNumber.size >= MAX_INVOICES) {
    const oldest = byRelateNumber.values().next().value!;
    byRelateNumber.delete(oldest.relateNumber);
    byInvoiceNo.delete(oldest.invoiceNo);
  }
  const madeAt = book.now();
  const invoice: SimInvoice = {
    relateNumber,
    invoiceNo: `${book.track}${String(book.serial++).padStart(8, '0')}`,
    invoiceDate: ecpayDateTime(madeAt),
    madeAt,
    randomNumber: String(randomInt(0, 10_000)).padStart(4, '0'),
    salesAmount: d.SalesAmount as number,
    voided: false,
    allowances: [],
  };
  byRelateNumber.set(relateNumber, invoice);
  byInvoiceNo.set(invoice.invoiceNo, invoice);
  return {
    RtnCode: ECPAY_INVOICE_SUCCESS,
    RtnMsg: '開立發票成功',
    InvoiceNo: invoice.invoiceNo,
    InvoiceDate: invoice.invoiceDate,
    RandomNumber: invoice.randomNumber,
  };
}

function invalid(book: SimBook, d: Data): Answer {
  const invoice = findByNumber(book, d);
  if (!invoice) return refuse(SIMULATOR_CODE.notFound, '查無發票資料');
  if (!text(d.Reason)) return refuse(SIMULATOR_CODE.invalidField, '作廢原因不可為空');
  if (invoice.voided) return refuse(SIMULATOR_CODE.voidedBefore, '該發票已作廢');
  if (invoice.allowances.length > 0) return refuse(SIMULATOR_CODE.hasAllowance, '該發票已有折讓，請先作廢折讓');
  if (!canVoidInvoice(invoice.madeAt, book.now())) {
    const closed = ecpayDateTime(new Date(invoiceVoidClosesAt(invoice.madeAt).getTime() - 1000));
    return refuse(SIMULATOR_CODE.voidDeadlinePassed, `已超過作廢期限（${closed}）`);
  }
  invoice.voided = true;
  return { RtnCode: ECPAY_INVOICE_SUCCESS, RtnMsg: '作廢發票成功', InvoiceNo: invoice.invoiceNo };
}

function allowance(book: SimBook, d: Data): Answer {
  const invoice = findByNumber(book, d);
  if (!invoice) return refuse(SIMULATOR_CODE.notFound, '查無發票資料');
  if (invoice.voided) return refuse(SIMULATOR_CODE.voidedBefore, '該發票已作廢');
  const notify = text(d.AllowanceNotify);
  if (!['E', 'S', 'A', 'N'].includes(notify)) return refuse(SIMULATOR_CODE.invalidField, '通知類別錯誤');
  if ((notify === 'E' || notify === 'A') && !text(d.NotifyMail)) {
    return refuse(SIMULATOR_CODE.invalidField, '通知電子信箱不可為空');
  }
  if ((notify === 'S' || notify === 'A') && !text(d.NotifyPhone)) {
    return refuse(SIMULATOR_CODE.invalidField, '通知手機號碼不可為空');
  }
  const sum = itemsProblem(d.Items, d.AllowanceAmount);
  if (sum) return refuse(SIMULATOR_CODE.itemsDoNotAddUp, sum);
  const amount = d.AllowanceAmount as number;
  if (amount > remaining(invoice)) {
    return refuse(SIMULATOR_CODE.overAllowance, `折讓金額超過發票可折讓餘額 ${remaining(invoice)}`);
  }
  const no = `${ecpayDateTime(book.now()).replace(/\D/g, '').slice(0, 12)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  invoice.allowances.push({ no, amount });
  return {
    RtnCode: ECPAY_INVOICE_SUCCESS,
    RtnMsg: '開立折讓成功',
    IA_Allow_No: no,
    IA_Invoice_No: invoice.invoiceNo,
    IA_Date: ecpayDateTime(book.now()),
    IA_Remain_Allowance_Amt: remaining(invoice),
  };
}

function getIssue(book: SimBook, d: Data): Answer {
  const invoice = d.RelateNumber !== undefined ? book.byRelateNumber.get(text(d.RelateNumber)) : findByNumber(book, d);
  if (!invoice) return refuse(SIMULATOR_CODE.notFound, '查無發票資料');
  return {
    RtnCode: ECPAY_INVOICE_SUCCESS,
    RtnMsg: '查詢成功',
    IIS_Number: invoice.invoiceNo,
    IIS_Relate_Number: invoice.relateNumber,
    IIS_Create_Date: invoice.invoiceDate,
    IIS_Random_Number: invoice.randomNumber,
    IIS_Sales_Amount: invoice.salesAmount,
    IIS_Invalid_Status: invoice.voided ? '1' : '0',
    IIS_Remain_Allowance_Amt: remaining(invoice),
  };
}

function checkBarcode(d: Data): Answer {
  const code = text(d.BarCode);
  if (!/^\/[0-9A-Z.+-]{7}$/.test(code)) return refuse(SIMULATOR_CODE.invalidField, '手機條碼格式錯誤');
  return { RtnCode: 1, RtnMsg: '執行成功', IsExist: code.endsWith(SIMULATOR_UNKNOWN_BARCODE_SUFFIX) ? 'N' : 'Y' };
}

function checkLoveCode(d: Data): Answer {
  const code = text(d.LoveCode);
  if (!/^\d{3,7}$/.test(code)) return refuse(SIMULATOR_CODE.invalidField, '愛心碼格式錯誤');
  return { RtnCode: 1, RtnMsg: '執行成功', IsExist: code.endsWith(SIMULATOR_UNKNOWN_LOVE_CODE_SUFFIX) ? 'N' : 'Y' };
}

const operations: Record<string, (book: SimBook, d: Data) => Answer> = {
  '/B2CInvoice/Issue': issue,
  '/B2CInvoice/Invalid': invalid,
  '/B2CInvoice/Allowance': allowance,
  '/B2CInvoice/GetIssue': getIssue,
  '/B2CInvoice/CheckBarcode': (_book, d) => checkBarcode(d),
  '/B2CInvoice/CheckLoveCode': (_book, d) => checkLoveCode(d),
};

function reply(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' },
  });
}

/** One call of the API: the envelope opened and its header checked, then the operation its path names. */
function callApi(book: SimBook, input: Parameters<typeof fetch>[0], init: RequestInit | undefined): Response {
  const { options } = book;
  const url = new URL(input instanceof Request ? input.url : String(input));
  const route = operations[url.pathname];
  if (!route) return reply(404, 'Not Found');
  let envelope: Data;
  let data: Data;
  try {
    if (init?.method !== 'POST' || typeof init.body !== 'string') throw new Error('not a POST');
    envelope = JSON.parse(init.body) as Data;
    // ECPay answers HTTP 500 to Data it cannot read, or a merchant whose keys do not open it.
    if (envelope.MerchantID !== options.merchantId) throw new Error('unknown merchant');
    data = decryptInvoiceData(text(envelope.Data), options.hashKey, options.hashIv) as Data;
  } catch {
    return reply(500, 'Internal Server Error');
  }
  const header = (envelope.RqHeader ?? {}) as Data;
  const drift = isWhole(header.Timestamp) ? Math.abs(header.Timestamp - book.now().getTime() / 1000) : Infinity;
  const transError =
    data.MerchantID !== options.merchantId
      ? 'MerchantID 不一致'
      : header.Revision !== ECPAY_INVOICE_REVISION
        ? 'Revision 錯誤'
        : drift > TIMESTAMP_WINDOW_S
          ? 'Timestamp 已逾時'
          : null;
  const answer = transError ? null : route(book, data);
  return reply(200, {
    MerchantID: options.merchantId,
    RpHeader: { Timestamp: Math.floor(book.now().getTime() / 1000) },
    TransCode: transError ? 999 : ECPAY_INVOICE_SUCCESS,
    TransMsg: transError ?? 'Success',
    Data: answer ? encryptInvoiceData(answer, options.hashKey, options.hashIv) : '',
  });
}

export function createInvoiceSimulator(options: InvoiceSimulatorOptions) {
  const book: SimBook = {
    options,
    now: options.now ?? (() => new Date()),
    byRelateNumber: new Map(),
    byInvoiceNo: new Map(),
    // A track (字軌) of two letters for this process, and numbers counting up from a random start.
    track: String.fromCharCode(65 + randomInt(26), 65 + randomInt(26)),
    serial: randomInt(10_000_000, 90_000_000),
  };
  /** ECPay's B2C invoice API, for the shop's e-invoice client: no network, the same protocol. */
  const api: typeof fetch = async (input, init) => callApi(book, input, init);
  return {
    api,
    /** What the simulator holds of an invoice (tests look). */
    find: (relateNumber: string) => book.byRelateNumber.get(relateNumber),
  };
}

export type InvoiceSimulator = ReturnType<typeof createInvoiceSimulator>;

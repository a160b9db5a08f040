// ECPay AIO (全方位金流) request fields and the formats ECPay uses. Pure: no I/O, no clock.
import { PaymentMethod, TAIPEI_OFFSET_MS } from '@shop/domain';
import type { EcpayFields } from './check-mac-value.ts';

export type EcpayMode = 'simulator' | 'stage' | 'production';

/** AioCheckOut/V5 endpoints; in simulator mode the shop's own page plays ECPay (docs/decisions/039). */
export const ECPAY_CHECKOUT_URL = {
  stage: 'https://payment-stage.ecpay.com.tw/Cashier/AioCheckOut/V5',
  production: 'https://payment.ecpay.com.tw/Cashier/AioCheckOut/V5',
} as const;

export const SIMULATOR_PATH = '/payment-simulator';

/** Paths of the shop that ECPay calls (ReturnURL, PaymentInfoURL) and the storefront's result page. */
export const NOTIFY_PATH = '/api/v1/ecpay-payment/notify';
export const PAYMENT_INFO_PATH = '/api/v1/ecpay-payment/info';
/** The address forms named before issue 40: ECPay still posts there for orders placed then. */
export const EARLIER_PAYMENT_INFO_PATH = '/api/v1/ecpay-payment/payment-info';
export const resultPagePath = (orderId: number) => `/payment/result?order=${orderId}`;

/** ItemName: at most 400 characters (ECPay cuts longer names, and then the CheckMacValue fails). */
export const ITEM_NAME_MAX = 400;
/** TradeDesc: at most 200 characters. */
export const TRADE_DESC_MAX = 200;

/** ChoosePayment for the payment types that go through ECPay; the others have no ECPay step. */
export const ECPAY_CHOOSE_PAYMENT: Partial<Record<number, 'Credit' | 'ATM' | 'CVS' | 'BARCODE' | 'ApplePay' | 'TWQR'>> =
  {
    [PaymentMethod.Credit]: 'Credit',
    [PaymentMethod.VirtualAccount]: 'ATM',
    [PaymentMethod.CvsCode]: 'CVS',
    [PaymentMethod.CvsBarcode]: 'BARCODE',
    [PaymentMethod.ApplePay]: 'ApplePay',
    [PaymentMethod.Twqr]: 'TWQR',
  };

/**
 * RtnCode values: 1 = paid (ReturnURL); 2 = ATM account issued, 10100073 = CVS code (or BARCODE)
 * issued (PaymentInfoURL).
 */
export const RTN_PAID = '1';
export const RTN_ATM_ISSUED = '2';
export const RTN_CODE_ISSUED = '10100073';

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy/MM/dd HH:mm:ss` in Taipei time, the format of MerchantTradeDate, PaymentDate and TradeDate. */
export function formatEcpayDateTime(at: Date): string {
  const t = new Date(at.getTime() + TAIPEI_OFFSET_MS);
  return (
    `${t.getUTCFullYear()}/${pad(t.getUTCMonth() + 1)}/${pad(t.getUTCDate())} ` +
    `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
  );
}

/** `yyyy/MM/dd` in Taipei time (ATM ExpireDate). */
export function formatEcpayDate(at: Date): string {
  return formatEcpayDateTime(at).slice(0, 10);
}

function taipeiMoment(y: number, mo: number, d: number, h: number, mi: number, s: number): Date | null {
  const utc = Date.UTC(y, mo - 1, d, h, mi, s) - TAIPEI_OFFSET_MS;
  const check = new Date(utc + TAIPEI_OFFSET_MS);
  // Reject 2025/02/30 and 25:00 instead of letting Date roll them over.
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  if (h > 23 || mi > 59 || s > 59) return null;
  return new Date(utc);
}

/** Parses ECPay's `yyyy/MM/dd HH:mm:ss` (Taipei time); null when it is not one. */
export function parseEcpayDateTime(text: string | undefined): Date | null {
  const m = /^(\d{4})\/(\d{1,2})\/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})$/.exec(text?.trim() ?? '');
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return taipeiMoment(y, mo, d, h, mi, s);
}

/**
 * An ATM ExpireDate: `yyyy/MM/dd` means the account takes money until the end of that Taipei day;
 * a date with a time (CVS/BARCODE style) is taken as is.
 */
export function parseEcpayExpireDate(text: string | undefined): Date | null {
  const value = text?.trim() ?? '';
  const m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(value);
  if (!m) return parseEcpayDateTime(value);
  const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
  return taipeiMoment(y, mo, d, 23, 59, 59);
}

interface SnapshotLine {
  name?: unknown;
  product_specs_name?: unknown;
  qty?: unknown;
}

function parseLines(json: string): SnapshotLine[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((l): l is SnapshotLine => !!l && typeof l === 'object') : [];
  } catch {
    return []; // spec §8: malformed order info is ignored
  }
}

/** One item as ECPay lists it: no `#` (the separator) and no control characters. */
function itemText(line: SnapshotLine): string | null {
  const clean = (v: unknown) =>
    typeof v === 'string'
      ? v
          .replace(/\p{Cc}/gu, ' ')
          .replace(/#/g, '＃')
          .replace(/\s+/g, ' ')
          .trim()
      : '';
  const name = clean(line.name);
  if (!name) return null;
  const spec = clean(line.product_specs_name);
  const qty = Number.isSafeInteger(line.qty) && (line.qty as number) > 0 ? (line.qty as number) : 1;
  return `${name}${spec && spec !== name ? `（${spec}）` : ''} x ${qty}`;
}

/**
 * ItemName from the order's frozen snapshots (products, then packages), `#` between items, within
 * ECPay's 400 characters: items that do not fit are summed up as 「等共 N 項商品」.
 */
export function itemNameOf(productInfo: string, packageInfo: string, fallback: string): string {
  const items = [...parseLines(productInfo), ...parseLines(packageInfo)]
    .map(itemText)
    .filter((t): t is string => t !== null);
  if (items.length === 0) return fallback.slice(0, ITEM_NAME_MAX);
  const all = items.join('#');
  if (all.length <= ITEM_NAME_MAX) return all;

  const more = `#等共 ${items.length} 項商品`;
  const kept: string[] = [];
  let length = 0;
  for (const item of items) {
    const next = length + (kept.length ? 1 : 0) + item.length;
    if (next + more.length > ITEM_NAME_MAX) break;
    kept.push(item);
    length = next;
  }
  if (kept.length === 0) return `${items[0]!.slice(0, ITEM_NAME_MAX - more.length - 1)}…${more}`;
  return kept.join('#') + more;
}

export interface CheckoutOrder {
  id: number;
  orderNumber: string;
  paymentType: number;
  payAmount: number;
  productInfo: string;
  packageInfo: string;
  /** Card installments chosen at checkout (decision 082); null = paid at once. */
  installments?: number | null;
}

export interface CheckoutSettings {
  merchantId: string;
  /** Public origin of the shop, no trailing slash. */
  publicUrl: string;
  /** Days an ATM account takes money (ExpireDate, 1–60); ECPay's 3 when absent. */
  atmExpireDays?: number;
  /** Minutes a CVS code stays payable (StoreExpireDate); ECPay's 10080 when absent. */
  cvsExpireMinutes?: number;
  /** Days BARCODE barcodes stay payable (StoreExpireDate, in days for BARCODE); ECPay's 7 when absent. */
  barcodeExpireDays?: number;
}

/** The AioCheckOut/V5 fields of an order, before signing. Amount and items come from the stored order only. */
export function checkoutFields(order: CheckoutOrder, settings: CheckoutSettings, now: Date): Record<string, string> {
  const choosePayment = ECPAY_CHOOSE_PAYMENT[order.paymentType];
  if (!choosePayment) throw new Error(`payment type ${order.paymentType} has no ECPay step`);
  const resultUrl = settings.publicUrl + resultPagePath(order.id);
  const fields: Record<string, string> = {
    MerchantID: settings.merchantId,
    MerchantTradeNo: order.orderNumber,
    MerchantTradeDate: formatEcpayDateTime(now),
    PaymentType: 'aio',
    TotalAmount: String(order.payAmount),
    TradeDesc: `訂單 ${order.orderNumber}`.slice(0, TRADE_DESC_MAX),
    ItemName: itemNameOf(order.productInfo, order.packageInfo, `訂單 ${order.orderNumber}`),
    ReturnURL: settings.publicUrl + NOTIFY_PATH,
    // The browser comes back here after paying (ECPay POSTs the result; the page reads the order instead).
    OrderResultURL: resultUrl,
    // The 「返回商店」 link on ECPay's pages (e.g. after an ATM account is issued).
    ClientBackURL: resultUrl,
    ChoosePayment: choosePayment,
    EncryptType: '1',
  };
  if (choosePayment === 'ATM') {
    fields.PaymentInfoURL = settings.publicUrl + PAYMENT_INFO_PATH;
    // The shop's own deadline (issue 21 item 4); the account's expiry comes back in the PaymentInfoURL call.
    if (settings.atmExpireDays !== undefined) fields.ExpireDate = String(settings.atmExpireDays);
  }
  if (choosePayment === 'CVS') {
    // Same PaymentInfoURL as ATM: the code and its deadline come back there (RtnCode 10100073).
    fields.PaymentInfoURL = settings.publicUrl + PAYMENT_INFO_PATH;
    if (settings.cvsExpireMinutes !== undefined) fields.StoreExpireDate = String(settings.cvsExpireMinutes);
  }
  if (choosePayment === 'BARCODE') {
    // The three barcodes come back at the same PaymentInfoURL; StoreExpireDate counts days here.
    fields.PaymentInfoURL = settings.publicUrl + PAYMENT_INFO_PATH;
    if (settings.barcodeExpireDays !== undefined) fields.StoreExpireDate = String(settings.barcodeExpireDays);
  }
  // The card's gwsr comes back in the notification only when asked for; a refund reads the trade by it
  // (decision 051). Apple Pay through ECPay is a card trade, refunded the same way.
  if (choosePayment === 'Credit' || choosePayment === 'ApplePay') fields.NeedExtraPaidInfo = 'Y';
  // Installments: ECPay splits TotalAmount into this many (decision 082).
  if (choosePayment === 'Credit' && order.installments) fields.CreditInstallment = String(order.installments);
  return fields;
}

/** Reads a form body into fields; only string values count (a repeated name keeps its last value). */
export function formFields(body: unknown): EcpayFields {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (typeof v === 'string') out[k] = v;
  }
  return out;
}

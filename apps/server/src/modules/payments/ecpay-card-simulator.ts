// ECPay's card trades as the payment simulator keeps them (ECPAY_MODE=simulator; decisions 039, 051):
// the simulator's card page records each authorisation here, and the shop's refund client talks to
// this in-process stand-in for 查詢信用卡單筆明細 (/CreditDetail/QueryTrade/V2) and 信用卡請退款功能
// (/CreditDetail/DoAction). It checks the CheckMacValue and the merchant's CreditCheckCode as ECPay
// does, and closes a trade at the first 20:15 Taipei after its authorisation like ECPay's daily
// auto-close, so both a 放棄 (N) and a 退刷 (R) happen offline. Kept in memory, like the LINE Pay one.
import { randomInt } from 'node:crypto';
import { TAIPEI_OFFSET_MS } from '@shop/domain';
import { verifyCheckMacValue } from './check-mac-value.ts';
import { DO_ACTION_PATH, QUERY_CARD_TRADE_PATH } from './ecpay-card-refund.ts';
import { formatEcpayDateTime } from './ecpay-aio.ts';

/** The simulator's API host: never resolved, the refund client's fetch is the simulator itself. */
export const ECPAY_CARD_SIMULATOR_API = 'http://ecpay-card-simulator.invalid';

interface SimTrade {
  gwsr: string;
  merchantTradeNo: string;
  tradeNo: string;
  amount: number;
  authorisedAt: Date;
  /** N (放棄) done. */
  cancelled: boolean;
  /** C asked before the auto-close; E takes it back. */
  closing: boolean;
  refunded: number;
}

export interface EcpayCardSimulatorOptions {
  merchantId: string;
  hashKey: string;
  hashIv: string;
  creditCheckCode: string;
  now: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const AUTO_CLOSE_MINUTE = 20 * 60 + 15;

/** The first 20:15 Taipei after `at`: when ECPay's daily auto-close captures the trade. */
export function autoCloseAfter(at: Date): Date {
  const taipei = new Date(at.getTime() + TAIPEI_OFFSET_MS);
  const midnight = Date.UTC(taipei.getUTCFullYear(), taipei.getUTCMonth(), taipei.getUTCDate());
  let close = midnight + AUTO_CLOSE_MINUTE * 60_000 - TAIPEI_OFFSET_MS;
  if (close <= at.getTime()) close += DAY_MS;
  return new Date(close);
}

/** The simulator's memory: its options and the card trades it authorised, by gwsr. */
interface CardBook {
  options: EcpayCardSimulatorOptions;
  trades: Map<string, SimTrade>;
}

function statusOf({ options }: CardBook, t: SimTrade) {
  const closed = !t.cancelled && options.now().getTime() >= autoCloseAfter(t.authorisedAt).getTime();
  return t.cancelled ? '已取消' : closed ? '已關帳' : t.closing ? '要關帳' : '已授權';
}

/** A card payment the simulator's page took: answers the gwsr its notification carries. */
function authorise(
  { options, trades }: CardBook,
  trade: { merchantTradeNo: string; tradeNo: string; amount: number },
): string {
  let gwsr: string;
  do gwsr = String(randomInt(10_000_000, 99_999_999));
  while (trades.has(gwsr));
  trades.set(gwsr, { ...trade, gwsr, authorisedAt: options.now(), cancelled: false, closing: false, refunded: 0 });
  return gwsr;
}

const json = (value: unknown) =>
  new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
const form = (fields: Record<string, string>) =>
  new Response(new URLSearchParams(fields).toString(), { status: 200, headers: { 'content-type': 'text/html' } });

/** 查詢信用卡單筆明細 of a genuine request. */
function query(book: CardBook, fields: Record<string, string>): Response {
  if (fields.CreditCheckCode !== book.options.creditCheckCode) return json({ RtnMsg: 'error', RtnValue: '' });
  const t = book.trades.get(fields.CreditRefundId ?? '');
  if (!t || String(t.amount) !== fields.CreditAmount) return json({ RtnMsg: 'error_nopay', RtnValue: '' });
  const status = statusOf(book, t);
  const closedAmount = status === '已關帳' ? t.amount - t.refunded : 0;
  return json({
    RtnMsg: '',
    RtnValue: {
      TradeID: Number(t.gwsr),
      amount: t.amount,
      clsamt: closedAmount,
      authtime: formatEcpayDateTime(t.authorisedAt),
      status,
      close_data: t.refunded > 0 ? [{ status: '已退刷', amount: t.refunded }] : [],
    },
  });
}

/** 信用卡請退款功能 of a genuine request: N 放棄, C 關帳, E 取消關帳, R 退刷, each where the trade's status allows. */
function act(book: CardBook, fields: Record<string, string>): Response {
  const t = [...book.trades.values()].find(
    (x) => x.merchantTradeNo === fields.MerchantTradeNo && x.tradeNo === fields.TradeNo,
  );
  const base = {
    MerchantID: book.options.merchantId,
    MerchantTradeNo: fields.MerchantTradeNo ?? '',
    TradeNo: fields.TradeNo ?? '',
  };
  const refuse = (msg: string) => form({ ...base, RtnCode: '0', RtnMsg: msg });
  const ok = () => form({ ...base, RtnCode: '1', RtnMsg: '成功' });
  if (!t) return refuse('查無此交易');
  const amount = Number(fields.TotalAmount);
  const status = statusOf(book, t);
  switch (fields.Action) {
    case 'N':
      if (status !== '已授權' || amount !== t.amount) return refuse('此狀態無法放棄');
      t.cancelled = true;
      return ok();
    case 'C':
      if (status !== '已授權' || amount !== t.amount) return refuse('此狀態無法關帳');
      t.closing = true;
      return ok();
    case 'E':
      if (status !== '要關帳') return refuse('此狀態無法取消關帳');
      t.closing = false;
      return ok();
    case 'R':
      if (status !== '已關帳' && status !== '要關帳') return refuse('尚未關帳，無法退刷');
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > t.amount - t.refunded) {
        return refuse('退刷金額超過可退金額');
      }
      t.refunded += amount;
      return ok();
    default:
      return refuse('Action 錯誤');
  }
}

/** One call of ECPay's two card APIs: the merchant and CheckMacValue checked, then the operation. */
function callApi(book: CardBook, input: Parameters<typeof fetch>[0], init: RequestInit | undefined): Response {
  const { options } = book;
  const url = new URL(input instanceof Request ? input.url : String(input));
  const fields = Object.fromEntries(new URLSearchParams(init?.body instanceof URLSearchParams ? init.body : ''));
  const genuine =
    fields.MerchantID === options.merchantId && verifyCheckMacValue(fields, options.hashKey, options.hashIv);
  if (url.pathname === QUERY_CARD_TRADE_PATH)
    return genuine ? query(book, fields) : json({ RtnMsg: 'error', RtnValue: '' });
  if (url.pathname === DO_ACTION_PATH) {
    return genuine
      ? act(book, fields)
      : form({ MerchantID: options.merchantId, RtnCode: '0', RtnMsg: 'CheckMacValue Error' });
  }
  return new Response('Not Found', { status: 404 });
}

export function createEcpayCardSimulator(options: EcpayCardSimulatorOptions) {
  const book: CardBook = { options, trades: new Map() };
  /** ECPay's two card APIs, for the shop's refund client: no network, the same protocol. */
  const api: typeof fetch = async (input, init) => callApi(book, input, init);
  return {
    api,
    authorise: (trade: { merchantTradeNo: string; tradeNo: string; amount: number }) => authorise(book, trade),
    find: (gwsr: string) => book.trades.get(gwsr),
  };
}

export type EcpayCardSimulator = ReturnType<typeof createEcpayCardSimulator>;

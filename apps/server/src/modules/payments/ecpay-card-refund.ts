// ECPay AIO card refunds (全方位金流 API 技術文件 › 信用卡請款與退款): the card trade's state from
// 查詢信用卡單筆明細 (/CreditDetail/QueryTrade/V2), then 信用卡請退款功能 (/CreditDetail/DoAction) with the
// action that state allows. ECPay's stage host answers neither ("測試環境：因無法提供實際授權，故無法使用
// 此API"), so the client takes its base URL and fetch like the LINE Pay one and tests answer it with a
// stand-in server. Decision record: docs/decisions/051-ecpay-card-refunds.md.
import { TAIPEI_OFFSET_MS } from '@shop/domain';
import { z } from 'zod';
import { signEcpayFields, verifyCheckMacValue, type EcpayFields } from './check-mac-value.ts';
import { observedFetch } from '../../metrics/index.ts';

/** Hosts of both APIs; the paths below are the same on each. */
export const ECPAY_CARD_API_URL = {
  stage: 'https://payment-stage.ecpay.com.tw',
  production: 'https://payment.ecpay.com.tw',
} as const;

export const QUERY_CARD_TRADE_PATH = '/CreditDetail/QueryTrade/V2';
export const DO_ACTION_PATH = '/CreditDetail/DoAction';

/** 信用卡請退款功能 › Action: C 關帳 (capture), R 退刷 (refund), E 取消 (undo a 關帳), N 放棄 (void). */
export type EcpayCardAction = 'C' | 'R' | 'E' | 'N';

/** DoAction's RtnCode when ECPay did what it was asked. */
export const DO_ACTION_SUCCESS = '1';

/**
 * Where a card trade stands, from 查詢信用卡單筆明細 › RtnValue.status. `authorised` holds the money on the
 * card, `closing` is queued for capture (the 20:15 auto-close or an Action=C), `closed` is captured.
 */
export type CardTradeState = 'authorised' | 'closing' | 'closed' | 'cancelled' | 'unauthorised' | 'unknown';

const STATE_OF_STATUS: Readonly<Record<string, CardTradeState>> = {
  已授權: 'authorised',
  // 「取消」可用於取消關帳，訂單將會回復到前一個的狀態: after our E the trade is authorised again.
  操作取消: 'authorised',
  要關帳: 'closing',
  已關帳: 'closed',
  已取消: 'cancelled',
  未授權: 'unauthorised',
};

/** The state of an ECPay status text; anything ECPay has not documented is `unknown` and refunds nothing. */
export function cardTradeState(status: string): CardTradeState {
  return STATE_OF_STATUS[status.trim()] ?? 'unknown';
}

export interface PlannedAction {
  action: EcpayCardAction;
  /** DoAction's TotalAmount: the authorised amount for C, E and N, the amount given back for R. */
  amount: number;
}

export type RefundRefusal = 'invalid_amount' | 'already_cancelled' | 'not_authorised' | 'unknown_state';

export type RefundPlan = { ok: true; actions: PlannedAction[] } | { ok: false; code: RefundRefusal; message: string };

const isAmount = (n: number) => Number.isSafeInteger(n) && n > 0;

/** NT$ are whole; 退刷's 「修改上限為訂單金額」 caps a refund at what was paid. */
function amountRefusal(paidAmount: number, refundAmount: number): RefundPlan | null {
  return isAmount(paidAmount) && isAmount(refundAmount) && refundAmount <= paidAmount
    ? null
    : { ok: false, code: 'invalid_amount', message: `退款金額須為 1 至 ${paidAmount} 元的整數` };
}

/**
 * The DoAction calls that give `refundAmount` of `paidAmount` back, as 信用卡請退款功能 › 退款使用方式 lays
 * them out (developers.ecpay.com.tw, 全方位金流 › 信用卡請退款功能):
 * - 已授權: 放棄 (N) releases the whole hold. A part cannot be released, and 「退刷」 only works after
 *   關帳, so a partial refund first closes (C: 已授權 → 要關帳, 請款使用說明 step 2) and then refunds (R).
 * - 要關帳: all of it → 取消 (E) then 放棄 (N); a part → 退刷 (R).
 * - 已關帳: 退刷 (R) for the amount, at most the trade's amount (「修改上限為訂單金額」).
 * - 已取消: the hold is already gone, so a full refund has nothing left to do.
 * The shop sends no CreditInstallment or Redeem, so the rule 「分期／紅利折抵交易須全額退刷」 never applies.
 */
export function refundPlan(state: CardTradeState, paidAmount: number, refundAmount: number): RefundPlan {
  const invalid = amountRefusal(paidAmount, refundAmount);
  if (invalid) return invalid;
  const full = refundAmount === paidAmount;
  switch (state) {
    case 'authorised':
      return {
        ok: true,
        actions: full
          ? [{ action: 'N', amount: paidAmount }]
          : [
              { action: 'C', amount: paidAmount },
              { action: 'R', amount: refundAmount },
            ],
      };
    case 'closing':
      return {
        ok: true,
        actions: full
          ? [
              { action: 'E', amount: paidAmount },
              { action: 'N', amount: paidAmount },
            ]
          : [{ action: 'R', amount: refundAmount }],
      };
    case 'closed':
      return { ok: true, actions: [{ action: 'R', amount: refundAmount }] };
    case 'cancelled':
      return full
        ? { ok: true, actions: [] }
        : { ok: false, code: 'already_cancelled', message: '此筆刷卡已整筆取消，無法再部分退款' };
    case 'unauthorised':
      return { ok: false, code: 'not_authorised', message: '銀行未授權此筆刷卡，沒有可退的款項' };
    default:
      return { ok: false, code: 'unknown_state', message: '無法判斷此筆刷卡的狀態，請至綠界廠商後台處理' };
  }
}

/**
 * 信用卡請退款功能: 「若『每日自動關帳』開啟時，每天 20:15 ~ 20:30 請勿執行此API」 — ECPay is closing the
 * day's trades then, so a state read a moment earlier may already be stale.
 */
export function inAutoCloseWindow(now: Date): boolean {
  const t = new Date(now.getTime() + TAIPEI_OFFSET_MS);
  const minute = t.getUTCHours() * 60 + t.getUTCMinutes();
  return minute >= 20 * 60 + 15 && minute < 20 * 60 + 30;
}

/**
 * ECPay could not be reached or answered outside its protocol. `retrySafe` says whether running the
 * refund again is harmless: true unless an R (退刷) was sent and its answer lost, because a new query
 * shows what a lost C, E or N did but not whether a 退刷 went through — that one is checked by hand
 * (廠商後台 › 信用卡收單 › 交易明細查詢) before anything is sent again.
 */
export class EcpayCardUnavailable extends Error {
  readonly retrySafe: boolean;
  /** Actions ECPay confirmed before this failure (set by refundCardPayment). */
  readonly done: DoneAction[];

  constructor(message: string, options: { retrySafe?: boolean; done?: DoneAction[] } = {}) {
    super(message);
    this.name = 'EcpayCardUnavailable';
    this.retrySafe = options.retrySafe ?? true;
    this.done = options.done ?? [];
  }
}

/** Documented as Int; digit strings are taken too, as ECPay's form answers carry every number as text. */
const integer = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

const closeRow = z.object({
  status: z.string(),
  amount: integer,
  sno: z.union([z.string(), z.number()]).transform(String).optional(),
  datetime: z.string().optional(),
});

const tradeValue = z.object({
  TradeID: z.union([z.string().regex(/^\d+$/), z.number().int()]).transform(String),
  amount: integer,
  clsamt: integer,
  authtime: z.string().optional(),
  status: z.string(),
  close_data: z
    .union([z.array(closeRow), z.literal(''), z.null()])
    .optional()
    .transform((rows) => (Array.isArray(rows) ? rows : [])),
});

// 查詢信用卡單筆明細 › 綠界回傳參數: RtnMsg is empty on success, else error_Stop / error_nopay / error,
// and then RtnValue is empty.
const queryAnswer = z.object({
  RtnMsg: z.string().nullish(),
  RtnValue: z.union([tradeValue, z.literal(''), z.null()]).optional(),
});

// 信用卡請退款功能 › 綠界回傳參數: MerchantID, MerchantTradeNo, TradeNo, RtnCode (1 = 成功), RtnMsg.
const actionAnswer = z.object({
  MerchantID: z.string().optional(),
  MerchantTradeNo: z.string().optional(),
  TradeNo: z.string().optional(),
  RtnCode: z.string().regex(/^-?\d+$/),
  RtnMsg: z.string().default(''),
});

export interface CardTrade {
  /** 授權單號: the gwsr of the payment notification. */
  tradeId: string;
  amount: number;
  /** clsamt, 已關帳金額. */
  closedAmount: number;
  authTime: string;
  /** RtnValue.status as ECPay wrote it, and what it means. */
  status: string;
  state: CardTradeState;
  /** close_data, 關帳明細: one row per 關帳 or 退刷 and its own status. */
  closeData: { status: string; amount: number; sno?: string; datetime?: string }[];
}

export type CardTradeAnswer = { found: true; trade: CardTrade } | { found: false; message: string };

export interface DoActionInput {
  merchantTradeNo: string;
  tradeNo: string;
  action: EcpayCardAction;
  totalAmount: number;
}

export interface DoActionAnswer {
  rtnCode: string;
  rtnMsg: string;
}

export interface EcpayCardClientOptions {
  baseUrl: string;
  merchantId: string;
  hashKey: string;
  hashIv: string;
  /** 商家檢查碼 of 查詢信用卡單筆明細: one per merchant, shown at 廠商後台 › 信用卡收單 › 信用卡授權資訊. */
  creditCheckCode: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const DIGITS = /^\d{1,20}$/;
const TRADE_NO = /^[0-9A-Za-z]{1,20}$/;

/** Two digit strings name the same number (TradeID may come zero-padded; gwsr is an Int). */
const sameNumber = (a: string, b: string) => a.replace(/^0+(?=\d)/, '') === b.replace(/^0+(?=\d)/, '');

function assertInput(ok: boolean, what: string): void {
  if (!ok) throw new Error(`not a valid ECPay ${what}`);
}

/** What each call of the card APIs works from: the merchant's keys and the observed fetch. */
interface CardApi {
  options: EcpayCardClientOptions;
  send: typeof fetch;
}

/** POSTs the signed form and returns the body; errors never carry the form (it holds the signature). */
async function post(api: CardApi, path: string, fields: EcpayFields, retrySafe: boolean): Promise<string> {
  const { options, send } = api;
  const body = new URLSearchParams(signEcpayFields(fields, options.hashKey, options.hashIv));
  try {
    const res = await send(new URL(path, options.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    const text = await res.text();
    // 403 is ECPay's "too many calls": it asks for a 30-minute pause (查詢信用卡單筆明細 › 注意事項).
    if (!res.ok) throw new EcpayCardUnavailable(`ECPay ${path} answered HTTP ${res.status}`, { retrySafe });
    return text;
  } catch (error) {
    if (error instanceof EcpayCardUnavailable) throw error;
    throw new EcpayCardUnavailable(`ECPay ${path} unreachable: ${(error as Error).message}`, { retrySafe });
  }
}

const offProtocol = (path: string, retrySafe = true) =>
  new EcpayCardUnavailable(`ECPay ${path} answered outside its protocol`, { retrySafe });

/** 查詢信用卡單筆明細's answer, TradeID read as text so a long one is not rounded by JSON.parse; null if not JSON. */
function parseQueryAnswer(text: string) {
  try {
    return queryAnswer.safeParse(JSON.parse(text.replace(/"TradeID"\s*:\s*(\d+)/g, '"TradeID":"$1"')));
  } catch {
    return null;
  }
}

/** 查詢信用卡單筆明細 of the payment whose notification carried `gwsr`, for `amount` (its TradeAmt). */
async function queryCardTrade(api: CardApi, input: { gwsr: string; amount: number }): Promise<CardTradeAnswer> {
  assertInput(DIGITS.test(input.gwsr), 'gwsr');
  assertInput(isAmount(input.amount), 'amount');
  const text = await post(
    api,
    QUERY_CARD_TRADE_PATH,
    {
      MerchantID: api.options.merchantId,
      CreditRefundId: input.gwsr,
      CreditAmount: String(input.amount),
      CreditCheckCode: api.options.creditCheckCode,
    },
    true,
  );
  const parsed = parseQueryAnswer(text);
  if (!parsed?.success) throw offProtocol(QUERY_CARD_TRADE_PATH);
  const { RtnMsg, RtnValue } = parsed.data;
  if (!RtnValue) {
    if (!RtnMsg) throw offProtocol(QUERY_CARD_TRADE_PATH);
    return { found: false, message: RtnMsg };
  }
  // The answer is not signed (ECPay's SDKs read it as plain JSON), so it must at least be about the
  // trade that was asked for.
  if (!sameNumber(RtnValue.TradeID, input.gwsr) || RtnValue.amount !== input.amount) {
    throw offProtocol(QUERY_CARD_TRADE_PATH);
  }
  return {
    found: true,
    trade: {
      tradeId: RtnValue.TradeID,
      amount: RtnValue.amount,
      closedAmount: RtnValue.clsamt,
      authTime: RtnValue.authtime ?? '',
      status: RtnValue.status,
      state: cardTradeState(RtnValue.status),
      closeData: RtnValue.close_data,
    },
  };
}

/** 信用卡請退款功能. A refusal comes back as its RtnCode; only RtnCode 1 did what was asked. */
async function doAction(api: CardApi, input: DoActionInput): Promise<DoActionAnswer> {
  const { options } = api;
  assertInput(TRADE_NO.test(input.merchantTradeNo), 'MerchantTradeNo');
  assertInput(TRADE_NO.test(input.tradeNo), 'TradeNo');
  assertInput(['C', 'R', 'E', 'N'].includes(input.action), 'Action');
  assertInput(isAmount(input.totalAmount), 'TotalAmount');
  const retrySafe = input.action !== 'R';
  const text = await post(
    api,
    DO_ACTION_PATH,
    {
      MerchantID: options.merchantId,
      MerchantTradeNo: input.merchantTradeNo,
      TradeNo: input.tradeNo,
      Action: input.action,
      TotalAmount: String(input.totalAmount),
    },
    retrySafe,
  );
  const fields = Object.fromEntries(new URLSearchParams(text.trim()));
  const parsed = actionAnswer.safeParse(fields);
  if (!parsed.success) throw offProtocol(DO_ACTION_PATH, retrySafe);
  // ECPay's SDKs do not check a CheckMacValue here (the reply normally has none); one that is
  // there must be right, or the answer is not trusted.
  if ('CheckMacValue' in fields && !verifyCheckMacValue(fields, options.hashKey, options.hashIv)) {
    throw offProtocol(DO_ACTION_PATH, retrySafe);
  }
  const answer = parsed.data;
  if (
    answer.RtnCode === DO_ACTION_SUCCESS &&
    (answer.MerchantID !== options.merchantId ||
      answer.MerchantTradeNo !== input.merchantTradeNo ||
      answer.TradeNo !== input.tradeNo)
  ) {
    throw offProtocol(DO_ACTION_PATH, retrySafe);
  }
  return { rtnCode: answer.RtnCode, rtnMsg: answer.RtnMsg };
}

export function createEcpayCardClient(options: EcpayCardClientOptions) {
  const api: CardApi = { options, send: observedFetch('ecpay', options.fetch ?? fetch) };
  assertInput(DIGITS.test(options.creditCheckCode), 'CreditCheckCode');
  return {
    queryCardTrade: (input: { gwsr: string; amount: number }) => queryCardTrade(api, input),
    doAction: (input: DoActionInput) => doAction(api, input),
  };
}

export type EcpayCardClient = ReturnType<typeof createEcpayCardClient>;

export interface DoneAction extends PlannedAction {
  rtnMsg: string;
}

export interface CardRefundInput {
  /** Our order number, sent to ECPay as MerchantTradeNo. */
  merchantTradeNo: string;
  /** ECPay's TradeNo of the payment (the order's trade_no). */
  tradeNo: string;
  /** gwsr of the payment notification (NeedExtraPaidInfo=Y), 查詢信用卡單筆明細's CreditRefundId. */
  gwsr: string;
  /** What the card paid (TradeAmt), in NT$. */
  paidAmount: number;
  refundAmount: number;
}

export type CardRefundFailure =
  RefundRefusal | 'auto_close_window' | 'trade_not_found' | 'query_refused' | 'action_refused';

export type CardRefundResult =
  | { ok: true; state: CardTradeState; actions: DoneAction[] }
  | { ok: false; code: CardRefundFailure; message: string; rtnCode?: string; actions: DoneAction[] };

/**
 * Gives a card payment back: reads the trade's state, plans the actions (refundPlan) and sends them in
 * order, stopping at the first refusal. Call it once per refund and keep its result: a 退刷 on a closed
 * trade leaves it 已關帳, so a second call would refund again.
 * EcpayCardUnavailable means try later; see its `retrySafe` and `done`.
 */
export async function refundCardPayment(
  client: EcpayCardClient,
  input: CardRefundInput,
  now: Date = new Date(),
): Promise<CardRefundResult> {
  const done: DoneAction[] = [];
  const invalid = amountRefusal(input.paidAmount, input.refundAmount);
  if (invalid && !invalid.ok) return { ...invalid, actions: done };
  if (inAutoCloseWindow(now)) {
    return {
      ok: false,
      code: 'auto_close_window',
      message: '綠界每日 20:15–20:30 自動關帳，請稍後再退款',
      actions: done,
    };
  }
  const answer = await client.queryCardTrade({ gwsr: input.gwsr, amount: input.paidAmount });
  if (!answer.found) {
    // error_nopay: 查無該筆交易授權單號; error_Stop (merchant stopped) and error (檢核失敗) are refusals.
    return answer.message === 'error_nopay'
      ? { ok: false, code: 'trade_not_found', message: '綠界查無此筆刷卡授權', actions: done }
      : { ok: false, code: 'query_refused', message: `綠界拒絕查詢：${answer.message}`, actions: done };
  }
  const { trade } = answer;
  const plan = refundPlan(trade.state, input.paidAmount, input.refundAmount);
  if (!plan.ok) return { ...plan, actions: done };

  for (const step of plan.actions) {
    let reply: DoActionAnswer;
    try {
      reply = await client.doAction({
        merchantTradeNo: input.merchantTradeNo,
        tradeNo: input.tradeNo,
        action: step.action,
        totalAmount: step.amount,
      });
    } catch (error) {
      if (error instanceof EcpayCardUnavailable) {
        throw new EcpayCardUnavailable(error.message, { retrySafe: error.retrySafe, done: [...done] });
      }
      throw error;
    }
    if (reply.rtnCode !== DO_ACTION_SUCCESS) {
      return {
        ok: false,
        code: 'action_refused',
        message: `綠界拒絕 ${step.action}：${reply.rtnMsg || reply.rtnCode}`,
        rtnCode: reply.rtnCode,
        actions: done,
      };
    }
    done.push({ ...step, rtnMsg: reply.rtnMsg });
  }
  return { ok: true, state: trade.state, actions: done };
}

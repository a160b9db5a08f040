import { beforeEach, describe, expect, it } from 'vitest';
import { useStandIn } from '../../test/stand-in-server.ts';
import { signEcpayFields, verifyCheckMacValue } from './check-mac-value.ts';
import {
  cardTradeState,
  createEcpayCardClient,
  DO_ACTION_PATH,
  EcpayCardUnavailable,
  inAutoCloseWindow,
  QUERY_CARD_TRADE_PATH,
  refundCardPayment,
  refundPlan,
  type CardTradeState,
  type EcpayCardAction,
} from './ecpay-card-refund.ts';

// ECPay's public staging merchant (the documentation's examples); the check code is made up.
const MERCHANT = '3002607';
const KEY = 'pwFHCqoQZGmho4w6';
const IV = 'EkRm7iFT261dpevs';
const CHECK_CODE = '62861749';
/** 11:00 in Taipei, far from the 20:15 auto-close. */
const MORNING = new Date('2026-11-26T03:00:00Z');

describe('refundPlan: 信用卡請退款功能 › 退款使用方式', () => {
  const cases: [CardTradeState, number, { action: EcpayCardAction; amount: number }[]][] = [
    ['authorised', 1760, [{ action: 'N', amount: 1760 }]],
    [
      'authorised',
      300,
      [
        { action: 'C', amount: 1760 },
        { action: 'R', amount: 300 },
      ],
    ],
    [
      'closing',
      1760,
      [
        { action: 'E', amount: 1760 },
        { action: 'N', amount: 1760 },
      ],
    ],
    ['closing', 300, [{ action: 'R', amount: 300 }]],
    ['closed', 1760, [{ action: 'R', amount: 1760 }]],
    ['closed', 300, [{ action: 'R', amount: 300 }]],
    ['closed', 1, [{ action: 'R', amount: 1 }]],
    ['cancelled', 1760, []],
  ];
  it.each(cases)('%s, refund %i of 1760 → %j', (state, refund, actions) => {
    expect(refundPlan(state, 1760, refund)).toEqual({ ok: true, actions });
  });

  const refusals: [CardTradeState, number, number, string][] = [
    ['cancelled', 1760, 300, 'already_cancelled'],
    ['unauthorised', 1760, 1760, 'not_authorised'],
    ['unknown', 1760, 1760, 'unknown_state'],
    ['closed', 1760, 1761, 'invalid_amount'],
    ['closed', 1760, 0, 'invalid_amount'],
    ['closed', 1760, -5, 'invalid_amount'],
    ['closed', 1760, 10.5, 'invalid_amount'],
    ['closed', 0, 0, 'invalid_amount'],
  ];
  it.each(refusals)('%s, paid %i, refund %i → %s', (state, paid, refund, code) => {
    expect(refundPlan(state, paid, refund)).toMatchObject({ ok: false, code });
  });
});

describe('cardTradeState: 查詢信用卡單筆明細 › status', () => {
  it.each([
    ['已授權', 'authorised'],
    ['操作取消', 'authorised'],
    ['要關帳', 'closing'],
    ['已關帳', 'closed'],
    ['已取消', 'cancelled'],
    ['未授權', 'unauthorised'],
    ['Authorized', 'unknown'],
    ['', 'unknown'],
  ])('%s → %s', (status, state) => {
    expect(cardTradeState(status)).toBe(state);
  });
});

describe('inAutoCloseWindow: no DoAction 20:15–20:30 Taipei time', () => {
  it.each([
    ['2026-11-26T12:14:59Z', false],
    ['2026-11-26T12:15:00Z', true],
    ['2026-11-26T12:29:59Z', true],
    ['2026-11-26T12:30:00Z', false],
    ['2026-11-26T20:15:00Z', false],
  ])('%s → %s', (at, inside) => {
    expect(inAutoCloseWindow(new Date(at))).toBe(inside);
  });
});

/** A card trade as the stand-in ECPay keeps it. */
interface Trade {
  merchantTradeNo: string;
  tradeNo: string;
  gwsr: string;
  amount: number;
  status: string;
  closeData: { status: string; amount: number; sno: string; datetime: string }[];
}

interface Received {
  path: string;
  contentType: string | undefined;
  fields: Record<string, string>;
  signed: boolean;
}

type Reply = { status: number; text: string } | 'hang';

let trades: Trade[] = [];
let received: Received[] = [];
/** Lets a test answer a call its own way (HTTP error, garbage, silence, a refusal). */
let override: ((path: string, fields: Record<string, string>) => Reply | undefined) | undefined;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function queryReply(fields: Record<string, string>, signed: boolean): Reply {
  const fail = (msg: string) => ({ status: 200, text: JSON.stringify({ RtnMsg: msg, RtnValue: '' }) });
  if (!signed || fields.MerchantID !== MERCHANT || fields.CreditCheckCode !== CHECK_CODE) return fail('error');
  const trade = trades.find((t) => t.gwsr === fields.CreditRefundId && String(t.amount) === fields.CreditAmount);
  if (!trade) return fail('error_nopay');
  const closed = trade.closeData.filter((row) => row.status === '已關帳').reduce((sum, row) => sum + row.amount, 0);
  // Documented as Int: TradeID goes out as a JSON number and the amounts as digit strings, to cover both.
  const value = `{"TradeID":${trade.gwsr},"amount":"${trade.amount}","clsamt":"${closed}","authtime":"2026/11/26 10:02:11","status":"${trade.status}","close_data":${JSON.stringify(trade.closeData)}}`;
  return { status: 200, text: `{"RtnMsg":"","RtnValue":${value}}` };
}

/** 信用卡請退款功能 as ECPay applies it: each action only from the states the documentation names. */
function actionReply(fields: Record<string, string>, signed: boolean): Reply {
  const answer = (code: string, msg: string) => ({
    status: 200,
    text: form({
      MerchantID: fields.MerchantID ?? '',
      MerchantTradeNo: fields.MerchantTradeNo ?? '',
      TradeNo: fields.TradeNo ?? '',
      RtnCode: code,
      RtnMsg: msg,
    }),
  });
  if (!signed) return answer('10200073', 'CheckMacValue Error');
  const trade = trades.find((t) => t.merchantTradeNo === fields.MerchantTradeNo && t.tradeNo === fields.TradeNo);
  if (!trade || fields.MerchantID !== MERCHANT) return answer('10200047', '查無此交易');
  const amount = Number(fields.TotalAmount);
  const row = (status: string, sum: number) => ({
    status,
    amount: sum,
    sno: String(trade.closeData.length + 1),
    datetime: '2026/11/26 11:00:00',
  });
  switch (fields.Action) {
    case 'N':
      if (trade.status !== '已授權' && trade.status !== '操作取消') break;
      trade.status = '已取消';
      return answer('1', '成功');
    case 'E':
      if (trade.status !== '要關帳') break;
      trade.status = '操作取消';
      trade.closeData = trade.closeData.map((r) => ({ ...r, status: '操作取消' }));
      return answer('1', '成功');
    case 'C':
      if (trade.status !== '已授權' && trade.status !== '操作取消') break;
      trade.status = '要關帳';
      trade.closeData.push(row('要關帳', amount));
      return answer('1', '成功');
    case 'R':
      if (trade.status !== '要關帳' && trade.status !== '已關帳') break;
      if (amount > trade.amount) return answer('10200050', '退刷金額超過訂單金額');
      trade.closeData.push(row('要關帳', -amount));
      return answer('1', '成功');
  }
  return answer('10200163', '交易狀態不符');
}

const ecpay = useStandIn((request) => {
  const fields = Object.fromEntries(new URLSearchParams(request.body));
  const signed = verifyCheckMacValue(fields, KEY, IV);
  received.push({ path: request.path, contentType: request.headers['content-type'], fields, signed });
  const reply =
    override?.(request.path, fields) ??
    (request.path === QUERY_CARD_TRADE_PATH
      ? queryReply(fields, signed)
      : request.path === DO_ACTION_PATH
        ? actionReply(fields, signed)
        : { status: 404, text: 'Not Found' });
  return reply === 'hang' ? 'silence' : { status: reply.status, type: 'text/html; charset=utf-8', body: reply.text };
});
beforeEach(() => {
  trades = [];
  received = [];
  override = undefined;
});

/** The shop's card client of the ECPay at `baseUrl`, giving up after `timeoutMs`. */
const clientAt = (baseUrl: string, timeoutMs = 2_000) =>
  createEcpayCardClient({
    baseUrl,
    merchantId: MERCHANT,
    hashKey: KEY,
    hashIv: IV,
    creditCheckCode: CHECK_CODE,
    timeoutMs,
  });
const client = (timeoutMs?: number) => clientAt(ecpay.url, timeoutMs);
/** Nothing listens on port 9 (discard): the connection is refused at once. */
const unreachableClient = () => clientAt('http://127.0.0.1:9');

/** A paid order's card trade, in the state the test needs. */
function paidTrade(status: string, amount = 1760): Trade {
  const n = trades.length + 1;
  const trade: Trade = {
    merchantTradeNo: `GD261126010${n}`,
    tradeNo: `261126100211${String(n).padStart(4, '0')}`,
    gwsr: String(13475884 + n),
    amount,
    status,
    closeData:
      status === '已關帳' || status === '要關帳' ? [{ status, amount, sno: '1', datetime: '2026/11/26 20:15:03' }] : [],
  };
  trades.push(trade);
  return trade;
}

const refundOf = (trade: Trade, refundAmount = trade.amount) => ({
  merchantTradeNo: trade.merchantTradeNo,
  tradeNo: trade.tradeNo,
  gwsr: trade.gwsr,
  paidAmount: trade.amount,
  refundAmount,
});

const actionsSent = () =>
  received.filter((r) => r.path === DO_ACTION_PATH).map((r) => `${r.fields.Action} ${r.fields.TotalAmount}`);

describe('ECPay card refunds against a stand-in ECPay', () => {
  it('refunds a closed trade with R: the query and the action signed with the merchant’s CheckMacValue', async () => {
    const trade = paidTrade('已關帳');

    const result = await refundCardPayment(client(), refundOf(trade), MORNING);

    expect(result).toEqual({ ok: true, state: 'closed', actions: [{ action: 'R', amount: 1760, rtnMsg: '成功' }] });
    const [query, action] = received;
    expect(query).toMatchObject({
      path: QUERY_CARD_TRADE_PATH,
      signed: true,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(Object.keys(query!.fields).sort()).toEqual([
      'CheckMacValue',
      'CreditAmount',
      'CreditCheckCode',
      'CreditRefundId',
      'MerchantID',
    ]);
    expect(query!.fields).toMatchObject({
      MerchantID: MERCHANT,
      CreditRefundId: trade.gwsr,
      CreditAmount: '1760',
      CreditCheckCode: CHECK_CODE,
    });
    expect(action).toMatchObject({
      path: DO_ACTION_PATH,
      signed: true,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(action!.fields).toEqual(
      signEcpayFields(
        {
          MerchantID: MERCHANT,
          MerchantTradeNo: trade.merchantTradeNo,
          TradeNo: trade.tradeNo,
          Action: 'R',
          TotalAmount: '1760',
        },
        KEY,
        IV,
      ),
    );
  });

  it('voids an authorised trade with N, and a second full refund then has nothing left to do', async () => {
    const trade = paidTrade('已授權');

    expect(await refundCardPayment(client(), refundOf(trade), MORNING)).toEqual({
      ok: true,
      state: 'authorised',
      actions: [{ action: 'N', amount: 1760, rtnMsg: '成功' }],
    });
    expect(trade.status).toBe('已取消');

    expect(await refundCardPayment(client(), refundOf(trade), MORNING)).toEqual({
      ok: true,
      state: 'cancelled',
      actions: [],
    });
    expect(actionsSent()).toEqual(['N 1760']);
  });

  it('undoes the 關帳 (E) and then voids (N) when all of a closing trade goes back', async () => {
    const trade = paidTrade('要關帳');
    const result = await refundCardPayment(client(), refundOf(trade), MORNING);
    expect(result).toMatchObject({ ok: true, state: 'closing' });
    expect(actionsSent()).toEqual(['E 1760', 'N 1760']);
    expect(trade.status).toBe('已取消');
  });

  it('refunds part of a closing trade with R, and part of an authorised one by closing it first (C, R)', async () => {
    const closing = paidTrade('要關帳');
    expect(await refundCardPayment(client(), refundOf(closing, 300), MORNING)).toMatchObject({ ok: true });
    expect(actionsSent()).toEqual(['R 300']);

    received = [];
    const authorised = paidTrade('已授權');
    expect(await refundCardPayment(client(), refundOf(authorised, 300), MORNING)).toMatchObject({
      ok: true,
      state: 'authorised',
    });
    expect(actionsSent()).toEqual(['C 1760', 'R 300']);
  });

  it("hands ECPay's refusal (RtnCode) back with what was already done, and a retry finishes from the new state", async () => {
    const trade = paidTrade('要關帳');
    override = (path, fields) =>
      path === DO_ACTION_PATH && fields.Action === 'N'
        ? { status: 200, text: 'RtnCode=10200115&RtnMsg=系統忙碌中' }
        : undefined;

    expect(await refundCardPayment(client(), refundOf(trade), MORNING)).toEqual({
      ok: false,
      code: 'action_refused',
      message: '綠界拒絕 N：系統忙碌中',
      rtnCode: '10200115',
      actions: [{ action: 'E', amount: 1760, rtnMsg: '成功' }],
    });

    // The E left the trade 操作取消 (back to authorised): the retry voids it.
    override = undefined;
    received = [];
    expect(await refundCardPayment(client(), refundOf(trade), MORNING)).toMatchObject({
      ok: true,
      state: 'authorised',
      actions: [{ action: 'N' }],
    });
    expect(trade.status).toBe('已取消');
  });

  it('refuses without an action when ECPay does not know the trade or the state rules the refund out', async () => {
    const trade = paidTrade('已取消');
    expect(await refundCardPayment(client(), { ...refundOf(trade), gwsr: '99999999' }, MORNING)).toMatchObject({
      ok: false,
      code: 'trade_not_found',
    });
    expect(await refundCardPayment(client(), refundOf(trade, 300), MORNING)).toMatchObject({
      ok: false,
      code: 'already_cancelled',
    });
    expect(await refundCardPayment(client(), refundOf(paidTrade('未授權')), MORNING)).toMatchObject({
      ok: false,
      code: 'not_authorised',
    });
    expect(await refundCardPayment(client(), refundOf(paidTrade('處理中')), MORNING)).toMatchObject({
      ok: false,
      code: 'unknown_state',
    });
    const wrongCode = createEcpayCardClient({
      baseUrl: ecpay.url,
      merchantId: MERCHANT,
      hashKey: KEY,
      hashIv: IV,
      creditCheckCode: '1',
    });
    expect(await refundCardPayment(wrongCode, refundOf(trade), MORNING)).toMatchObject({
      ok: false,
      code: 'query_refused',
      message: '綠界拒絕查詢：error',
    });
    expect(actionsSent()).toEqual([]);

    received = [];
    expect(await refundCardPayment(client(), refundOf(trade, 0), MORNING)).toMatchObject({ code: 'invalid_amount' });
    expect(received).toHaveLength(0);
  });

  it('calls nothing between 20:15 and 20:30 Taipei time, when ECPay closes the day', async () => {
    const trade = paidTrade('已關帳');
    const result = await refundCardPayment(client(), refundOf(trade), new Date('2026-11-26T12:20:00Z'));
    expect(result).toMatchObject({ ok: false, code: 'auto_close_window' });
    expect(received).toHaveLength(0);
  });

  it('never sends what is not an ECPay id or amount', async () => {
    const trade = paidTrade('已關帳');
    await expect(client().queryCardTrade({ gwsr: '123&CreditAmount=1', amount: 1760 })).rejects.toThrow(
      'not a valid ECPay gwsr',
    );
    await expect(
      client().doAction({
        merchantTradeNo: trade.merchantTradeNo,
        tradeNo: trade.tradeNo,
        action: 'R',
        totalAmount: 0,
      }),
    ).rejects.toThrow('not a valid ECPay TotalAmount');
    expect(received).toHaveLength(0);
  });
});

describe('ECPay card API unavailable', () => {
  const caught = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EcpayCardUnavailable);
    return error as EcpayCardUnavailable;
  };

  it('throws EcpayCardUnavailable on HTTP 500, safe to retry when it was the query', async () => {
    const trade = paidTrade('已關帳');
    override = (path) => (path === QUERY_CARD_TRADE_PATH ? { status: 500, text: 'Server Error' } : undefined);
    const error = await caught(refundCardPayment(client(), refundOf(trade), MORNING));
    expect(error.message).toBe(`ECPay ${QUERY_CARD_TRADE_PATH} answered HTTP 500`);
    expect(error.retrySafe).toBe(true);
    expect(actionsSent()).toEqual([]);
  });

  it('marks a lost 退刷 answer as not safe to resend, and a lost N as safe (the next query shows it)', async () => {
    override = (path) => (path === DO_ACTION_PATH ? { status: 500, text: 'Server Error' } : undefined);
    const closed = await caught(refundCardPayment(client(), refundOf(paidTrade('已關帳')), MORNING));
    expect(closed).toMatchObject({ retrySafe: false, done: [] });
    const authorised = await caught(refundCardPayment(client(), refundOf(paidTrade('已授權')), MORNING));
    expect(authorised).toMatchObject({ retrySafe: true, done: [] });
  });

  it('keeps the actions ECPay confirmed before the failure', async () => {
    const trade = paidTrade('已授權');
    override = (path, fields) => (path === DO_ACTION_PATH && fields.Action === 'R' ? 'hang' : undefined);
    const error = await caught(refundCardPayment(client(200), refundOf(trade, 300), MORNING));
    expect(error.message).toContain('unreachable');
    expect(error).toMatchObject({ retrySafe: false, done: [{ action: 'C', amount: 1760, rtnMsg: '成功' }] });
  });

  it('throws on garbage, on an answer about another trade and on a wrong CheckMacValue', async () => {
    const trade = paidTrade('已關帳');
    override = (path) =>
      path === QUERY_CARD_TRADE_PATH ? { status: 200, text: '<html>系統維護中</html>' } : undefined;
    await caught(refundCardPayment(client(), refundOf(trade), MORNING));

    override = (path) => (path === QUERY_CARD_TRADE_PATH ? { status: 200, text: '{}' } : undefined);
    await caught(client().queryCardTrade({ gwsr: trade.gwsr, amount: 1760 }));

    override = (path) =>
      path === QUERY_CARD_TRADE_PATH
        ? { status: 200, text: '{"RtnMsg":"","RtnValue":{"TradeID":1,"amount":1760,"clsamt":0,"status":"已關帳"}}' }
        : undefined;
    await caught(client().queryCardTrade({ gwsr: trade.gwsr, amount: 1760 }));

    const action = {
      merchantTradeNo: trade.merchantTradeNo,
      tradeNo: trade.tradeNo,
      action: 'N' as const,
      totalAmount: 1760,
    };
    override = () => ({ status: 200, text: 'garbage' });
    await caught(client().doAction(action));

    const success = {
      MerchantID: MERCHANT,
      MerchantTradeNo: trade.merchantTradeNo,
      TradeNo: trade.tradeNo,
      RtnCode: '1',
      RtnMsg: '成功',
    };
    override = () => ({ status: 200, text: form({ ...success, TradeNo: '2611261002119999' }) });
    await caught(client().doAction(action));

    override = () => ({ status: 200, text: form({ ...success, CheckMacValue: 'A'.repeat(64) }) });
    await caught(client().doAction(action));

    // A reply that does carry a CheckMacValue is taken when it is the right one.
    override = () => ({ status: 200, text: form(signEcpayFields(success, KEY, IV)) });
    expect(await client().doAction(action)).toEqual({ rtnCode: '1', rtnMsg: '成功' });
  });

  it('throws when ECPay does not answer in time or cannot be reached', async () => {
    const trade = paidTrade('已關帳');
    override = () => 'hang';
    const slow = await caught(client(100).queryCardTrade({ gwsr: trade.gwsr, amount: 1760 }));
    expect(slow.message).toContain(`ECPay ${QUERY_CARD_TRADE_PATH} unreachable`);

    await caught(unreachableClient().queryCardTrade({ gwsr: trade.gwsr, amount: 1760 }));
  });

  it('never puts the HashKey or HashIV into an error', async () => {
    const trade = paidTrade('已關帳');
    const errors: EcpayCardUnavailable[] = [];
    for (const reply of [
      { status: 500, text: KEY },
      { status: 200, text: `RtnCode=1&HashIV=${IV}` },
      'hang',
    ] as const) {
      override = () => reply;
      errors.push(await caught(refundCardPayment(client(100), refundOf(trade), MORNING)));
    }
    errors.push(await caught(refundCardPayment(unreachableClient(), refundOf(trade), MORNING)));
    for (const error of errors) {
      const text = `${error.message} ${error.stack ?? ''} ${JSON.stringify(error)}`;
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(IV);
    }
  });
});

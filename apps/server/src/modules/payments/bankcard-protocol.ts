// Card payment through a bank acquirer (payment method 4, 信用卡（銀行）; issue 23 item 1, decision 060).
// Taiwan's bank acquiring gateways give their merchant interface to contracted shops only, so this is
// the shop's side of one: a signed form the shopper's browser posts to the acquirer's payment page, a
// signed server-to-server result (NotifyURL), and a signed refund call. The fields follow what those
// gateways share (merchant id, order number, whole-NT$ amount, result status and authorisation code)
// and the signature is an HMAC-SHA256 over the sorted fields; an acquirer's real names and signature
// are one adapter away. The offline simulator plays the acquirer.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { observedFetch } from '../../metrics/index.ts';

export type BankcardMode = 'off' | 'simulator';

export interface BankcardSettings {
  mode: BankcardMode;
  merchantId: string;
  hashKey: string;
  /** Public origin of the shop, no trailing slash. */
  publicUrl: string;
  /** The acquirer's host (BANKCARD_API_URL); the simulator is the shop itself. */
  apiUrl: string;
}

/** Where the acquirer posts the result (server to server) and where the shopper comes back. */
export const BANKCARD_NOTIFY_PATH = '/api/v1/bankcard/notify';
/** The acquirer's payment page and refund API, relative to its host. */
export const BANKCARD_PAY_PATH = '/bankcard-simulator/pay';
export const BANKCARD_REFUND_PATH = '/bankcard-simulator/refund';
/** The acquirer's approval code; any other status is a refusal. */
export const BANKCARD_APPROVED = '0000';

export type BankcardFields = Record<string, string>;

/** `k=v&…` of every field but the signature, names in byte order: both sides compute the same text. */
function signedText(fields: BankcardFields): string {
  return Object.keys(fields)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
}

export function bankcardSignature(fields: BankcardFields, hashKey: string): string {
  return createHmac('sha256', hashKey).update(signedText(fields), 'utf8').digest('hex').toUpperCase();
}

export function signBankcardFields(fields: BankcardFields, hashKey: string): BankcardFields {
  return { ...fields, Signature: bankcardSignature(fields, hashKey) };
}

/** Constant-time check of `fields.Signature`. */
export function verifyBankcardSignature(fields: BankcardFields, hashKey: string): boolean {
  const received = fields.Signature;
  if (typeof received !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(received)) return false;
  return timingSafeEqual(
    Buffer.from(bankcardSignature(fields, hashKey), 'latin1'),
    Buffer.from(received.toUpperCase(), 'latin1'),
  );
}

export interface BankcardOrder {
  id: number;
  orderNumber: string;
  payAmount: number;
}

/** The payment form of an order: amount and number come from the stored order only. */
export function bankcardCheckoutFields(order: BankcardOrder, settings: BankcardSettings, now: Date): BankcardFields {
  return {
    MerchantID: settings.merchantId,
    OrderNo: order.orderNumber,
    Amount: String(order.payAmount),
    Currency: 'TWD',
    NotifyURL: settings.publicUrl + BANKCARD_NOTIFY_PATH,
    ReturnURL: `${settings.publicUrl}/payment/result?order=${order.id}`,
    Timestamp: String(Math.floor(now.getTime() / 1000)),
  };
}

/** The result the acquirer posts, once its signature is good. */
export const bankcardResultSchema = z.looseObject({
  MerchantID: z.string(),
  OrderNo: z.string().regex(/^[0-9A-Za-z]{1,20}$/),
  Amount: z.string().regex(/^\d{1,9}$/),
  Status: z.string().regex(/^[0-9A-Z]{1,8}$/),
  TradeNo: z.string().regex(/^[0-9A-Za-z]{1,40}$/),
  AuthCode: z.string().max(10).default(''),
  CardLast4: z
    .string()
    .regex(/^\d{4}$/)
    .or(z.literal(''))
    .default(''),
  Message: z.string().max(200).default(''),
});
export type BankcardResult = z.infer<typeof bankcardResultSchema>;

export interface BankcardRefund {
  orderNo: string;
  tradeNo: string;
  amount: number;
  /** The shop's refund id: the acquirer answers a repeated one with the first answer. */
  refundNo: string;
}

export type BankcardRefundAnswer = { ok: true; refundTradeNo: string } | { ok: false; status: string; message: string };

/** The acquirer could not be asked (down, timed out): the refund job tries again later. */
export class BankcardUnavailable extends Error {}

/** POST {apiUrl}/bankcard-simulator/refund, signed, as JSON. */
export async function requestBankcardRefund(
  settings: BankcardSettings,
  refund: BankcardRefund,
  now: Date,
  fetchImpl: typeof fetch = fetch,
): Promise<BankcardRefundAnswer> {
  const body = signBankcardFields(
    {
      MerchantID: settings.merchantId,
      OrderNo: refund.orderNo,
      TradeNo: refund.tradeNo,
      Amount: String(refund.amount),
      RefundNo: refund.refundNo,
      Timestamp: String(Math.floor(now.getTime() / 1000)),
    },
    settings.hashKey,
  );
  let answer: BankcardFields;
  try {
    const res = await observedFetch('bankcard', fetchImpl)(settings.apiUrl + BANKCARD_REFUND_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    if (res.status >= 500) throw new BankcardUnavailable(`收單銀行暫時無法回應（HTTP ${res.status}）`);
    answer = (await res.json()) as BankcardFields;
  } catch (error) {
    if (error instanceof BankcardUnavailable) throw error;
    throw new BankcardUnavailable(`無法連線收單銀行：${(error as Error).message}`);
  }
  if (!verifyBankcardSignature(answer, settings.hashKey)) {
    throw new BankcardUnavailable('收單銀行的退款回覆簽章不符');
  }
  return answer.Status === BANKCARD_APPROVED
    ? { ok: true, refundTradeNo: answer.RefundTradeNo ?? '' }
    : { ok: false, status: answer.Status ?? '', message: answer.Message ?? '' };
}

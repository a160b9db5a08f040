// LINE Pay Online API v3 (issue 16 item 1): request, confirm and refund, each signed as LINE Pay
// specifies. The client takes its base URL and fetch, so the sandbox, production, the offline
// simulator or a test's stand-in server answer it alike (LINEPAY_API_URL overrides the mode's URL).
import { createHmac, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { observedFetch } from '../../metrics/index.ts';

export type LinePayMode = 'simulator' | 'sandbox' | 'production';

/** The API hosts of the real modes; the simulator is a path of the shop itself. */
export const LINEPAY_API_URL = {
  sandbox: 'https://sandbox-api-pay.line.me',
  production: 'https://api-pay.line.me',
} as const;

/** The returnCode of a call that did what it was asked. */
export const LINEPAY_SUCCESS = '0000';

/**
 * X-LINE-Authorization: Base64 of HMAC-SHA256 keyed by the channel secret over secret + path + body +
 * nonce; a GET signs its query string (without `?`) where a POST signs its body.
 */
export function linePaySignature(secret: string, path: string, body: string, nonce: string): string {
  return createHmac('sha256', secret)
    .update(secret + path + body + nonce)
    .digest('base64');
}

/**
 * LINE Pay's answers as JSON, with its 19-digit transaction ids read as text: they are past
 * JavaScript's safe integers, and a rounded id would confirm or refund another payment.
 */
export function parseLinePayJson(text: string): unknown {
  return JSON.parse(text.replace(/"(transactionId|refundTransactionId)"\s*:\s*(\d+)/g, '"$1":"$2"'));
}

export interface LinePayProduct {
  name: string;
  quantity: number;
  price: number;
  imageUrl?: string;
}

export interface LinePayPackage {
  id: string;
  amount: number;
  name: string;
  products: LinePayProduct[];
}

export interface LinePayRequestBody {
  amount: number;
  currency: 'TWD';
  orderId: string;
  packages: LinePayPackage[];
  redirectUrls: { confirmUrl: string; cancelUrl: string; confirmUrlType?: 'CLIENT' | 'SERVER' };
}

/** LINE Pay refuses a request (1124) unless products sum to their package and packages to the amount. */
export function linePayAmountsAgree(body: LinePayRequestBody): boolean {
  const packages = body.packages.reduce((sum, p) => sum + p.amount, 0);
  return (
    packages === body.amount &&
    body.packages.every((p) => p.products.reduce((sum, item) => sum + item.price * item.quantity, 0) === p.amount)
  );
}

const answer = <T extends z.ZodTypeAny>(info: T) =>
  z.object({ returnCode: z.string(), returnMessage: z.string(), info: info.optional() });

const requestAnswer = answer(
  z.object({
    transactionId: z.string(),
    paymentAccessToken: z.string().optional(),
    paymentUrl: z.object({ web: z.string().url(), app: z.string() }),
  }),
);
const confirmAnswer = answer(
  z.object({
    orderId: z.string(),
    transactionId: z.string(),
    payInfo: z.array(z.object({ method: z.string(), amount: z.number() })).optional(),
  }),
);
const refundAnswer = answer(z.object({ refundTransactionId: z.string(), refundTransactionDate: z.string() }));

/** Payment Details (`GET /v3/payments`): the payment and the refunds LINE Pay made of it (amounts negative). */
const detailsAnswer = answer(
  z.array(
    z.object({
      transactionId: z.string(),
      refundList: z
        .array(
          z.object({
            refundTransactionId: z.string(),
            refundAmount: z.number(),
            refundTransactionDate: z.string().optional(),
          }),
        )
        .optional(),
    }),
  ),
);

export type LinePayRequestAnswer = z.infer<typeof requestAnswer>;
export type LinePayDetailsAnswer = z.infer<typeof detailsAnswer>;
export type LinePayConfirmAnswer = z.infer<typeof confirmAnswer>;
export type LinePayRefundAnswer = z.infer<typeof refundAnswer>;

/** LINE Pay could not be reached or answered outside its protocol: the caller retries later. */
export class LinePayUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LinePayUnavailable';
  }
}

export interface LinePayClientOptions {
  baseUrl: string;
  channelId: string;
  channelSecret: string;
  fetch?: typeof fetch;
  nonce?: () => string;
  timeoutMs?: number;
}

const TRANSACTION_ID = /^\d{1,25}$/;

export function createLinePayClient(options: LinePayClientOptions) {
  const send = observedFetch('linepay', options.fetch ?? fetch);

  /** A POST with `body` as JSON, or a GET with `query` when `body` is null. */
  async function call<T>(path: string, body: unknown, schema: z.ZodType<T>, query = ''): Promise<T> {
    const json = body === null ? '' : JSON.stringify(body);
    const nonce = (options.nonce ?? randomUUID)();
    let text: string;
    try {
      const res = await send(new URL(query ? `${path}?${query}` : path, options.baseUrl), {
        method: body === null ? 'GET' : 'POST',
        headers: {
          'content-type': 'application/json',
          'X-LINE-ChannelId': options.channelId,
          'X-LINE-Authorization-Nonce': nonce,
          'X-LINE-Authorization': linePaySignature(options.channelSecret, path, body === null ? query : json, nonce),
        },
        ...(body === null ? {} : { body: json }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      });
      text = await res.text();
      if (!res.ok) throw new LinePayUnavailable(`LINE Pay ${path} answered HTTP ${res.status}`);
    } catch (error) {
      if (error instanceof LinePayUnavailable) throw error;
      throw new LinePayUnavailable(`LINE Pay ${path} unreachable: ${(error as Error).message}`);
    }
    const parsed = (() => {
      try {
        return schema.safeParse(parseLinePayJson(text));
      } catch {
        return null;
      }
    })();
    if (!parsed?.success) throw new LinePayUnavailable(`LINE Pay ${path} answered outside its protocol`);
    return parsed.data;
  }

  const transactionPath = (transactionId: string, action: 'confirm' | 'refund') => {
    if (!TRANSACTION_ID.test(transactionId)) throw new Error(`not a LINE Pay transaction id: ${transactionId}`);
    return `/v3/payments/${transactionId}/${action}`;
  };

  return {
    /** Reserves the payment; the shopper is then sent to `info.paymentUrl` (web, or app on a phone). */
    request(body: LinePayRequestBody): Promise<LinePayRequestAnswer> {
      if (!linePayAmountsAgree(body)) throw new Error('LINE Pay packages do not add up to the amount');
      return call('/v3/payments/request', body, requestAnswer);
    },
    /** Captures it when the shopper comes back, with the same amount as requested. */
    confirm(transactionId: string, body: { amount: number; currency: 'TWD' }): Promise<LinePayConfirmAnswer> {
      return call(transactionPath(transactionId, 'confirm'), body, confirmAnswer);
    },
    /** Gives the money back, all of it without `refundAmount`. */
    refund(transactionId: string, body: { refundAmount?: number } = {}): Promise<LinePayRefundAnswer> {
      return call(transactionPath(transactionId, 'refund'), body, refundAnswer);
    },
    /**
     * The payment as LINE Pay has it, with its refunds: a refund call has no key of the shop's, so
     * after a lost answer this is how the shop learns whether the refund was made.
     */
    details(transactionId: string): Promise<LinePayDetailsAnswer> {
      if (!TRANSACTION_ID.test(transactionId)) throw new Error(`not a LINE Pay transaction id: ${transactionId}`);
      return call('/v3/payments', null, detailsAnswer, `transactionId=${transactionId}`);
    },
  };
}

export type LinePayClient = ReturnType<typeof createLinePayClient>;

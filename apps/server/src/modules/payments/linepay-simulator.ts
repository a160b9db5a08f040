// The LINE Pay simulator (LINEPAY_MODE=simulator, the offline default; docs/decisions/050). It plays
// LINE Pay's side of Online API v3 inside the shop: the API answers the shop's signed request,
// confirm and refund calls (checking the signature, the amounts and the transaction's state as LINE
// Pay does, with LINE Pay's return codes), and a page of the shop stands in for LINE Pay's payment
// page, where the shopper approves or cancels and is sent back to confirmUrl or cancelUrl.
// Reservations live in this process's memory: a restart forgets them, and the shopper pays again.
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { formatNtd } from '@shop/domain';
import { LINEPAY_SUCCESS, linePayAmountsAgree, linePaySignature, type LinePayRequestBody } from './linepay-api.ts';
import { escapeHtml, sendSimulatorPage, simulatorPage } from './simulator-page.ts';

export const LINEPAY_SIMULATOR_PATH = '/linepay-simulator';
/** The simulator's API host: never resolved, the client's fetch is the simulator itself. */
export const LINEPAY_SIMULATOR_API = 'http://linepay-simulator.invalid';

type SimState = 'reserved' | 'authorized' | 'cancelled' | 'captured';

interface SimTransaction {
  transactionId: string;
  request: LinePayRequestBody;
  state: SimState;
  refunded: number;
  refunds: { refundTransactionId: string; amount: number; date: string }[];
}

/** LINE Pay's return codes the simulator answers (LINE Pay Online API v3, error codes). */
const CODE = {
  headerError: '1106',
  amountInfo: '1124',
  notFound: '1150',
  confirmedBefore: '1152',
  amountDiffers: '1153',
  notRefundable: '1155',
  overRefund: '1164',
  refundedBefore: '1165',
  notAuthorized: '1169',
  sameOrderId: '1172',
} as const;

export interface LinePaySimulatorOptions {
  channelId: string;
  channelSecret: string;
  /** The shop's public origin: the payment page's URL is on it. */
  publicUrl: string;
  now?: () => Date;
}

const MAX_TRANSACTIONS = 10_000;

/** The simulator's memory: its options and the transactions it has reserved. */
interface SimBook {
  options: LinePaySimulatorOptions;
  transactions: Map<string, SimTransaction>;
}

/** 19 digits, past JavaScript's safe integers like LINE Pay's own ids: the shop must keep them as text. */
function newTransactionId({ transactions }: SimBook): string {
  let id: string;
  do
    id = `${new Date().getUTCFullYear()}${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
  while (transactions.has(id));
  return id;
}

function signedBy({ options }: SimBook, headers: Headers, path: string, body: string): boolean {
  if (headers.get('X-LINE-ChannelId') !== options.channelId) return false;
  const nonce = headers.get('X-LINE-Authorization-Nonce') ?? '';
  const given = Buffer.from(headers.get('X-LINE-Authorization') ?? '');
  const expected = Buffer.from(linePaySignature(options.channelSecret, path, body, nonce));
  return nonce.length > 0 && given.length === expected.length && timingSafeEqual(given, expected);
}

const answer = (returnCode: string, returnMessage: string, info?: unknown) =>
  // LINE Pay writes transaction ids as bare numbers; so does the simulator (the client must cope).
  new Response(
    JSON.stringify({ returnCode, returnMessage, ...(info ? { info } : {}) }).replace(
      /"(transactionId|refundTransactionId)":"(\d+)"/g,
      '"$1":$2',
    ),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );

function request(book: SimBook, body: LinePayRequestBody): Response {
  const { transactions, options } = book;
  if (
    !Number.isSafeInteger(body.amount) ||
    body.amount <= 0 ||
    body.currency !== 'TWD' ||
    !Array.isArray(body.packages) ||
    !linePayAmountsAgree(body)
  ) {
    return answer(CODE.amountInfo, 'Amount info error.');
  }
  if (typeof body.orderId !== 'string' || !body.orderId || !body.redirectUrls?.confirmUrl) {
    return answer(CODE.headerError, 'Invalid request.');
  }
  for (const t of transactions.values()) {
    if (t.request.orderId === body.orderId) return answer(CODE.sameOrderId, 'Existing same orderId.');
  }
  if (transactions.size >= MAX_TRANSACTIONS) transactions.delete(transactions.keys().next().value!);
  const transactionId = newTransactionId(book);
  transactions.set(transactionId, { transactionId, request: body, state: 'reserved', refunded: 0, refunds: [] });
  const url = `${options.publicUrl}${LINEPAY_SIMULATOR_PATH}/pay?transactionId=${transactionId}`;
  return answer(LINEPAY_SUCCESS, 'Success.', {
    transactionId,
    paymentAccessToken: String(randomInt(100_000_000, 999_999_999)),
    paymentUrl: { web: url, app: url },
  });
}

function confirm(t: SimTransaction | undefined, body: { amount?: unknown; currency?: unknown }): Response {
  if (!t || t.state === 'cancelled') return answer(CODE.notFound, 'Transaction record not found.');
  if (t.state === 'captured') return answer(CODE.confirmedBefore, 'Existing same transactionId.');
  if (t.state === 'reserved') return answer(CODE.notAuthorized, 'User has not approved the payment.');
  if (body.amount !== t.request.amount || body.currency !== 'TWD') {
    return answer(CODE.amountDiffers, 'Amount is different from the requested one.');
  }
  t.state = 'captured';
  return answer(LINEPAY_SUCCESS, 'Success.', {
    orderId: t.request.orderId,
    transactionId: t.transactionId,
    payInfo: [{ method: 'CREDIT_CARD', amount: t.request.amount, maskedCreditCardNumber: '************1111' }],
  });
}

function refund(book: SimBook, t: SimTransaction | undefined, body: { refundAmount?: unknown }): Response {
  if (!t) return answer(CODE.notFound, 'Transaction record not found.');
  if (t.state !== 'captured') return answer(CODE.notRefundable, 'Not a refundable transaction.');
  const left = t.request.amount - t.refunded;
  if (left === 0) return answer(CODE.refundedBefore, 'Already refunded.');
  const amount = body.refundAmount === undefined ? left : body.refundAmount;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0 || amount > left) {
    return answer(CODE.overRefund, 'Exceeded refundable amount.');
  }
  t.refunded += amount;
  const refund = {
    refundTransactionId: newTransactionId(book),
    amount,
    date: (book.options.now?.() ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  t.refunds.push(refund);
  return answer(LINEPAY_SUCCESS, 'Success.', {
    refundTransactionId: refund.refundTransactionId,
    refundTransactionDate: refund.date,
  });
}

/** Payment Details: the captured payment and its refunds, amounts negative as LINE Pay lists them. */
function details({ transactions }: SimBook, query: URLSearchParams): Response {
  const t = transactions.get(query.get('transactionId') ?? '');
  if (!t || t.state !== 'captured') return answer(CODE.notFound, 'Transaction record not found.');
  return answer(LINEPAY_SUCCESS, 'Success.', [
    {
      transactionId: t.transactionId,
      transactionType: 'PAYMENT',
      payInfo: [{ method: 'CREDIT_CARD', amount: t.request.amount }],
      refundList: t.refunds.map((r) => ({
        refundTransactionId: r.refundTransactionId,
        transactionType: r.amount === t.request.amount ? 'PAYMENT_REFUND' : 'PARTIAL_REFUND',
        refundAmount: -r.amount,
        refundTransactionDate: r.date,
      })),
    },
  ]);
}

/** One call of LINE Pay's API: the signature checked, then the operation its path names. */
function callApi(book: SimBook, input: Parameters<typeof fetch>[0], init: RequestInit | undefined): Response {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const headers = new Headers(init?.headers);
  const text = typeof init?.body === 'string' ? init.body : '';
  if (init?.method === 'GET' && url.pathname === '/v3/payments') {
    if (!signedBy(book, headers, url.pathname, url.search.slice(1)))
      return answer(CODE.headerError, 'Header information error.');
    return details(book, url.searchParams);
  }
  if (init?.method !== 'POST' || !signedBy(book, headers, url.pathname, text)) {
    return answer(CODE.headerError, 'Header information error.');
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return answer(CODE.headerError, 'Invalid request.');
  }
  if (url.pathname === '/v3/payments/request') return request(book, body as unknown as LinePayRequestBody);
  const m = /^\/v3\/payments\/(\d{1,25})\/(confirm|refund)$/.exec(url.pathname);
  if (!m) return new Response('Not Found', { status: 404 });
  const t = book.transactions.get(m[1]!);
  return m[2] === 'confirm' ? confirm(t, body) : refund(book, t, body);
}

/** The shopper's choice on the payment page: where LINE Pay sends the browser next, or null. */
function decide({ transactions }: SimBook, transactionId: string, approve: boolean): string | null {
  const t = transactions.get(transactionId);
  if (!t || t.state !== 'reserved') return null;
  t.state = approve ? 'authorized' : 'cancelled';
  const back = new URL(approve ? t.request.redirectUrls.confirmUrl : t.request.redirectUrls.cancelUrl);
  // LINE Pay adds the transaction and the shop's order id to the URL it sends the shopper back to.
  back.searchParams.set('transactionId', t.transactionId);
  back.searchParams.set('orderId', t.request.orderId);
  return back.toString();
}

export function createLinePaySimulator(options: LinePaySimulatorOptions) {
  const book: SimBook = { options, transactions: new Map() };
  /** LINE Pay's API, for the shop's LINE Pay client: no network, the same protocol. */
  const api: typeof fetch = async (input, init) => callApi(book, input, init);
  return {
    api,
    decide: (transactionId: string, approve: boolean) => decide(book, transactionId, approve),
    find: (id: string) => book.transactions.get(id),
  };
}

export type LinePaySimulator = ReturnType<typeof createLinePaySimulator>;

function payPage(nonce: string, t: SimTransaction): string {
  const items = t.request.packages
    .flatMap((p) => p.products)
    .map((p) => `<li>${escapeHtml(p.name)} × ${p.quantity}，${escapeHtml(formatNtd(p.price * p.quantity))}</li>`)
    .join('');
  return simulatorPage(
    nonce,
    'LINE Pay 付款',
    `<p class="brand">LINE Pay 付款模擬</p>
<h1>LINE Pay 付款</h1>
<section class="card" aria-labelledby="order-heading">
<h2 id="order-heading">付款內容</h2>
<dl>
<dt>商店訂單編號</dt><dd>${escapeHtml(t.request.orderId)}</dd>
<dt>商品</dt><dd><ul>${items}</ul></dd>
<dt>付款金額</dt><dd class="amount">${escapeHtml(formatNtd(t.request.amount))}</dd>
</dl>
</section>
<form class="card" method="post" action="${LINEPAY_SIMULATOR_PATH}/pay">
<input type="hidden" name="transactionId" value="${escapeHtml(t.transactionId)}">
<p>以 LINE Pay 帳戶付款（模擬：不會扣款）。</p>
<div class="actions">
<button class="primary" type="submit" name="action" value="approve">確認付款</button>
<button class="secondary" type="submit" name="action" value="cancel">取消付款</button>
</div>
</form>`,
    'LINE Pay',
  );
}

function gonepage(nonce: string): string {
  return simulatorPage(
    nonce,
    '付款已失效',
    `<p class="brand">LINE Pay 付款模擬</p>
<h1>付款已失效</h1>
<div class="alert" role="alert">這筆 LINE Pay 付款已完成、已取消或不存在。請回到商店的訂單頁重新付款。</div>
<a class="back" href="/">返回商店</a>`,
    'LINE Pay',
  );
}

/** LINE Pay's payment page, played by the shop (only in simulator mode). */
export const linePaySimulatorRoutes: FastifyPluginAsync<{ simulator: LinePaySimulator | null }> = async (
  app,
  { simulator },
) => {
  if (!simulator) return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const idOf = (value: unknown) => (typeof value === 'string' && /^\d{1,25}$/.test(value) ? value : '');

  app.get(`${LINEPAY_SIMULATOR_PATH}/pay`, { config: { access: 'exempt' }, schema: { hide: true } }, (req, reply) => {
    const t = simulator.find(idOf((req.query as Record<string, unknown>).transactionId));
    if (!t || t.state !== 'reserved') return sendSimulatorPage(reply, 404, gonepage);
    return sendSimulatorPage(reply, 200, (nonce) => payPage(nonce, t));
  });

  app.post(`${LINEPAY_SIMULATOR_PATH}/pay`, { config: { access: 'exempt' }, schema: { hide: true } }, (req, reply) => {
    const form = (req.body ?? {}) as Record<string, unknown>;
    if (form.action !== 'approve' && form.action !== 'cancel') return sendSimulatorPage(reply, 400, gonepage);
    const next = simulator.decide(idOf(form.transactionId), form.action === 'approve');
    if (!next) return sendSimulatorPage(reply, 404, gonepage);
    // To the path only: the shopper stays on the host name they use (as the ECPay simulator does).
    const url = new URL(next);
    return reply
      .code(303)
      .header('Cache-Control', 'no-store')
      .redirect(url.pathname + url.search, 303);
  });
};

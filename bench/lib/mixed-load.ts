// The flash scenario's load (bench/flash.ts): many connections at once, each a loop of one kind of
// shopper — reading the influencer page, reading product pages, or buying the flash item (add 1 unit
// to the cart, order it). Not autocannon: a buyer's next request depends on the last answer, and the
// scenario needs what autocannon does not tell — whether a 503 carried Retry-After, and what each
// order acknowledged. Requests go over HTTPS through nginx with node:https and one keep-alive agent
// (one socket per loop), each with a 10 s time-out as autocannon's.
import crypto from 'node:crypto';
import https from 'node:https';
import { percentile } from './checkout-load.ts';
import type { Shopper } from './shoppers.ts';

export const KINDS = ['influencer', 'product-page', 'add-to-cart', 'orders'] as const;
export type Kind = (typeof KINDS)[number];

const TIMEOUT_MS = 10_000;
/** Asks of one order (same Idempotency-Key) before the buyer gives up not knowing; each waits as told. */
const MAX_ORDER_ATTEMPTS = 20;

export interface KindTally {
  /** Connections (loops) making this kind of request. */
  connections: number;
  /** Latency of every answered request, ms. */
  latenciesMs: number[];
  statusCodes: Record<string, number>;
  /** Requests given up after TIMEOUT_MS. */
  timeouts: number;
  /** Requests that failed without an answer (reset, refused), time-outs not included. */
  connectionErrors: number;
  /** 503 answers with a Retry-After header (the app turning work away as designed). */
  shedWithRetryAfter: number;
  /** Any other 5xx (a 502 from nginx, a 500, a 503 without Retry-After). */
  otherServerErrors: number;
}

export interface KindSummary {
  kind: Kind;
  connections: number;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  statusCodes: Record<string, number>;
  timeouts: number;
  connectionErrors: number;
  shedWithRetryAfter: number;
  otherServerErrors: number;
  /** 4xx answers: sold out, stock left smaller than asked (expected once the 50 units are gone). */
  clientErrors: number;
}

export interface MixedLoadOptions {
  /** https://127.0.0.1:<nginx https port> */
  origin: string;
  durationSeconds: number;
  influencer: { connections: number; path: string };
  productPages: { connections: number; paths: readonly string[] };
  /** One logged-in member per buying connection. */
  buyers: readonly Shopper[];
  flashItem: { products_id: number; spec_id: number };
  orderBody: unknown;
}

/** Answers of every kind in one window of the run (the kill shows here). */
export interface Window {
  /** Seconds from the start of the run. */
  fromSeconds: number;
  ok: number;
  clientErrors: number;
  shed: number;
  otherServerErrors: number;
  noAnswer: number;
  /** Slowest answer of a page (influencer or product) in the window, ms. */
  slowestPageMs: number;
}

export const WINDOW_SECONDS = 5;

export interface MixedLoadResult {
  durationSeconds: number;
  windows: Window[];
  kinds: KindSummary[];
  /** Orders answered 201. */
  acknowledgedOrders: number;
  /** Units of the flash item in the orders answered 201 (from their answers). */
  acknowledgedUnits: number;
}

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: string;
}

class RequestTimeout extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request over nginx's HTTPS (the bench's self-signed certificate), its answer read in full. */
function sendOver(
  agent: https.Agent,
  origin: URL,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = https.request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method,
        path,
        headers: {
          host: 'shop.example.tw',
          // Uncompressed, as the other bench targets get them.
          'accept-encoding': 'identity',
          ...headers,
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          clearTimeout(timer);
          const retryAfter = res.headers['retry-after'];
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new RequestTimeout()), TIMEOUT_MS);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(payload);
  });
}

const emptyTally = (): KindTally => ({
  connections: 0,
  latenciesMs: [],
  statusCodes: {},
  timeouts: 0,
  connectionErrors: 0,
  shedWithRetryAfter: 0,
  otherServerErrors: 0,
});

/** The windows of WINDOW_SECONDS from `startedAt`, and the one a moment falls in (made as needed). */
function timeWindows(startedAt: number) {
  const windows: Window[] = [];
  const at = (time: number): Window => {
    const i = Math.floor((time - startedAt) / 1000 / WINDOW_SECONDS);
    for (let j = windows.length; j <= i; j++) {
      windows.push({
        fromSeconds: j * WINDOW_SECONDS,
        ok: 0,
        clientErrors: 0,
        shed: 0,
        otherServerErrors: 0,
        noAnswer: 0,
        slowestPageMs: 0,
      });
    }
    return windows[i]!;
  };
  return { windows, at };
}

/** Counts an answer in its kind's tally and its window. */
function countAnswer(kind: Kind, tally: KindTally, window: Window, answer: Answer, latency: number) {
  tally.latenciesMs.push(latency);
  tally.statusCodes[answer.status] = (tally.statusCodes[answer.status] ?? 0) + 1;
  if (kind === 'influencer' || kind === 'product-page') {
    window.slowestPageMs = Math.max(window.slowestPageMs, latency);
  }
  if (answer.status < 400) window.ok++;
  else if (answer.status < 500) window.clientErrors++;
  else if (answer.status === 503 && answer.retryAfter) window.shed++;
  else window.otherServerErrors++;
  if (answer.status === 503 && answer.retryAfter) tally.shedWithRetryAfter++;
  else if (answer.status >= 500) tally.otherServerErrors++;
}

function summarise(kind: Kind, t: KindTally, elapsedSeconds: number): KindSummary {
  const sorted = [...t.latenciesMs].sort((a, b) => a - b);
  return {
    kind,
    connections: t.connections,
    requests: sorted.length + t.timeouts + t.connectionErrors,
    reqPerSec: sorted.length / elapsedSeconds,
    p50Ms: Math.ceil(percentile(sorted, 50)),
    p99Ms: Math.ceil(percentile(sorted, 99)),
    statusCodes: t.statusCodes,
    timeouts: t.timeouts,
    connectionErrors: t.connectionErrors,
    shedWithRetryAfter: t.shedWithRetryAfter,
    otherServerErrors: t.otherServerErrors,
    clientErrors: Object.entries(t.statusCodes)
      .filter(([code]) => Number(code) >= 400 && Number(code) < 500)
      .reduce((n, [, count]) => n + count, 0),
  };
}

type Timed = (
  kind: Kind,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) => Promise<Answer | undefined>;

/**
 * A buyer until the deadline: adds the flash item, and after a 201 orders it. Returns the orders and
 * units acknowledged with 201.
 */
async function buyUntil(deadline: number, buyer: Shopper, timed: Timed, opts: MixedLoadOptions) {
  const acknowledged = { orders: 0, units: 0 };
  const auth = { authorization: buyer.authorization, accept: 'application/json' };
  while (performance.now() < deadline) {
    const added = await timed('add-to-cart', 'POST', '/api/v1/shopping-carts', auth, {
      ...opts.flashItem,
      qty: 1,
    });
    // Sold out (409) or turned away: nothing to order; try again, as a shopper in a flash sale does.
    if (added?.status !== 201 || performance.now() >= deadline) continue;
    // A lost answer (no answer, 502 from a process that died, 503) leaves the outcome unknown: the
    // buyer asks again with the same Idempotency-Key, as the storefront does, until a definite answer
    // tells of the order the first request made, if it made one (a request that timed out may still
    // make it after a retry was turned away). Also past the deadline: every outcome is learnt.
    const key = { 'idempotency-key': crypto.randomUUID() };
    let ordered: Answer | undefined;
    for (let attempt = 0; attempt < MAX_ORDER_ATTEMPTS; attempt++) {
      ordered = await timed('orders', 'POST', '/api/v1/orders', { ...auth, ...key }, opts.orderBody);
      if (ordered && ordered.status !== 502 && ordered.status !== 503) break;
    }
    if (ordered?.status === 201) {
      acknowledged.orders++;
      acknowledged.units += unitsOf(ordered.body, opts.flashItem.spec_id);
    }
  }
  return acknowledged;
}

export async function runMixedLoad(opts: MixedLoadOptions): Promise<MixedLoadResult> {
  const origin = new URL(opts.origin);
  if (origin.hostname !== '127.0.0.1')
    throw new Error(`refusing to load ${opts.origin}: the bench only targets 127.0.0.1`);
  // nginx has the bench's self-signed certificate.
  const agent = new https.Agent({ keepAlive: true, maxSockets: Infinity, rejectUnauthorized: false });
  const tallies = new Map<Kind, KindTally>(KINDS.map((k) => [k, emptyTally()]));
  const startedAt = performance.now();
  const deadline = startedAt + opts.durationSeconds * 1000;
  const { windows, at: windowAt } = timeWindows(startedAt);

  /** Sends one request of `kind` and tallies it; answers undefined when no answer came. */
  const timed: Timed = async (kind, method, path, headers, body) => {
    const tally = tallies.get(kind)!;
    const started = performance.now();
    try {
      const answer = await sendOver(agent, origin, method, path, headers, body);
      countAnswer(kind, tally, windowAt(started), answer, performance.now() - started);
      if (answer.status === 503 && answer.retryAfter) {
        // A client told to come back later does, after at most 2 s (it would not hammer a busy shop).
        await sleep(Math.min(2, Math.max(0, Number(answer.retryAfter) || 1)) * 1000);
      }
      return answer;
    } catch (err) {
      windowAt(started).noAnswer++;
      if (err instanceof RequestTimeout) tally.timeouts++;
      else tally.connectionErrors++;
      await sleep(100); // not a tight loop against a refused connection
      return undefined;
    }
  };

  const pageLoop = async (kind: Kind, paths: readonly string[], offset: number) => {
    tallies.get(kind)!.connections++;
    for (let i = offset; performance.now() < deadline; i++) {
      await timed(kind, 'GET', paths[i % paths.length]!, { accept: 'text/html' });
    }
  };
  const buyerLoop = (buyer: Shopper) => {
    tallies.get('add-to-cart')!.connections++;
    return buyUntil(deadline, buyer, timed, opts);
  };
  tallies.get('orders')!.connections = opts.buyers.length;

  const [, , bought] = await Promise.all([
    Promise.all(
      Array.from({ length: opts.influencer.connections }, () => pageLoop('influencer', [opts.influencer.path], 0)),
    ),
    Promise.all(
      Array.from({ length: opts.productPages.connections }, (_, i) =>
        pageLoop('product-page', opts.productPages.paths, i),
      ),
    ),
    Promise.all(opts.buyers.map(buyerLoop)),
  ]);
  agent.destroy();
  // Answers that came after the deadline count, as autocannon counts in-flight answers.
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  const kinds = KINDS.map((kind) => summarise(kind, tallies.get(kind)!, elapsedSeconds));
  return {
    durationSeconds: elapsedSeconds,
    windows,
    kinds,
    acknowledgedOrders: bought.reduce((n, b) => n + b.orders, 0),
    acknowledgedUnits: bought.reduce((n, b) => n + b.units, 0),
  };
}

/** Units of `specId` in an order's 201 answer (`data.product_info[]`); 1 when the answer does not say. */
function unitsOf(body: string, specId: number): number {
  try {
    const parsed = JSON.parse(body) as { data?: { product_info?: Array<{ spec_id?: number; qty?: number }> } };
    const lines = parsed.data?.product_info;
    if (!Array.isArray(lines)) return 1;
    return lines.filter((l) => l.spec_id === specId).reduce((n, l) => n + (l.qty ?? 0), 0);
  } catch {
    return 1;
  }
}

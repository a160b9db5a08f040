// Load for POST /orders. An order empties the member's cart, so the same request cannot simply be
// repeated (autocannon's model): each connection is one logged-in member who, in a loop, puts one
// unit in the cart (POST /shopping-carts, not timed) and orders it (POST /orders, timed). With
// `connections` members looping, the server always has that many requests in flight, as with
// autocannon -c; only the order requests are counted and timed.
import type { LoadResult } from './http-load.ts';
import type { BenchProduct, Shopper } from './shoppers.ts';

export interface CheckoutLoadOptions {
  shopUrl: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  buyers: readonly Shopper[];
  product: BenchProduct;
  orderBody: unknown;
}

interface Tally {
  latenciesMs: number[];
  statusCodes: Record<string, number>;
  errors: number;
  non2xx: number;
}

async function send(url: string, authorization: string, body: unknown): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    // Uncompressed answers, as the autocannon targets get (they send no Accept-Encoding).
    headers: { authorization, 'content-type': 'application/json', 'accept-encoding': 'identity' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return res.status;
}

async function runFor(seconds: number, opts: CheckoutLoadOptions): Promise<Tally> {
  const tally: Tally = { latenciesMs: [], statusCodes: {}, errors: 0, non2xx: 0 };
  const deadline = performance.now() + seconds * 1000;
  const cartUrl = `${opts.shopUrl}/api/v1/shopping-carts`;
  const orderUrl = `${opts.shopUrl}/api/v1/orders`;
  const loop = async (buyer: Shopper) => {
    while (performance.now() < deadline) {
      try {
        await send(cartUrl, buyer.authorization, { ...opts.product, qty: 1 });
        const started = performance.now();
        const status = await send(orderUrl, buyer.authorization, opts.orderBody);
        // An order answered after the deadline still counts, as autocannon counts in-flight answers.
        tally.latenciesMs.push(performance.now() - started);
        tally.statusCodes[status] = (tally.statusCodes[status] ?? 0) + 1;
        if (status < 200 || status > 299) tally.non2xx++;
      } catch {
        tally.errors++;
      }
    }
  };
  await Promise.all(opts.buyers.slice(0, opts.connections).map(loop));
  return tally;
}

/** One cart add and one order by `buyer`; throws unless the order answers 201 (the target's check). */
export async function placeOneOrder(
  opts: Pick<CheckoutLoadOptions, 'shopUrl' | 'product' | 'orderBody'>,
  buyer: Shopper,
) {
  const added = await send(`${opts.shopUrl}/api/v1/shopping-carts`, buyer.authorization, { ...opts.product, qty: 1 });
  if (added !== 201) throw new Error(`POST /shopping-carts answered ${added}`);
  const ordered = await send(`${opts.shopUrl}/api/v1/orders`, buyer.authorization, opts.orderBody);
  if (ordered !== 201) throw new Error(`POST /orders answered ${ordered}`);
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function measureCheckout(opts: CheckoutLoadOptions): Promise<LoadResult> {
  if (opts.buyers.length < opts.connections) {
    throw new Error(`${opts.connections} connections need ${opts.connections} buyers, got ${opts.buyers.length}`);
  }
  if (opts.warmupSeconds > 0) await runFor(opts.warmupSeconds, opts);
  const tally = await runFor(opts.durationSeconds, opts);
  const sorted = [...tally.latenciesMs].sort((a, b) => a - b);
  return {
    connections: opts.connections,
    reqPerSec: sorted.length / opts.durationSeconds,
    // Whole milliseconds like autocannon; rounded up so that a budget is never passed by rounding.
    p50Ms: Math.ceil(percentile(sorted, 50)),
    p99Ms: Math.ceil(percentile(sorted, 99)),
    errors: tally.errors,
    non2xx: tally.non2xx,
    totalRequests: sorted.length,
    statusCodes: tally.statusCodes,
  };
}

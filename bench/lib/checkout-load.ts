// Load for POST /orders. An order empties the member's cart, so the same request cannot simply be
// repeated (autocannon's model): each connection is one logged-in member who, in a loop, puts one
// unit in the cart (POST /shopping-carts, not timed) and orders it (POST /orders, timed). With
// `connections` members looping, the server always has that many requests in flight, as with
// autocannon -c; only the order requests are counted and timed.
import type { LoadResult } from './http-load.ts';
import { countAnswer, emptyTally, type Tally, warmUpAndMeasure } from './looped-load.ts';
import type { BenchProduct, Shopper } from './shoppers.ts';

// The flash scenario's loops (mixed-load.ts) read the percentiles from here.
export { percentile } from './looped-load.ts';

export interface CheckoutLoadOptions {
  shopUrl: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  buyers: readonly Shopper[];
  product: BenchProduct;
  orderBody: unknown;
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
  const tally = emptyTally();
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
        countAnswer(tally, status, performance.now() - started);
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

export async function measureCheckout(opts: CheckoutLoadOptions): Promise<LoadResult> {
  if (opts.buyers.length < opts.connections) {
    throw new Error(`${opts.connections} connections need ${opts.connections} buyers, got ${opts.buyers.length}`);
  }
  const { result } = await warmUpAndMeasure(opts, (seconds) => runFor(seconds, opts));
  return result;
}

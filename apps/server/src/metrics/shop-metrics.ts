// The shop's own Prometheus series (issue 39 item 2, docs/decisions/080-metrics.md), one set per
// process. Counting costs an addition whether or not anyone scrapes; the listener that publishes them
// (metrics-listener.ts) runs only with METRICS_PORT, and only then are the per-request timings and
// Node's own series collected.
import { Counter, Histogram, Registry } from 'prom-client';

/** Everything this process publishes; the primary of several asks each worker for it (cluster-metrics.ts). */
export const shopRegistry = new Registry();

/** Seconds: from a cached page (~1 ms) to a render or database wait past the 5 s timeouts. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a provider's API answers in 100 ms–2 s; timeouts are 10–20 s. */
const PROVIDER_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];

export const httpRequestDuration = new Histogram({
  name: 'shop_http_request_duration_seconds',
  help: 'Time to answer a request, by route pattern (never the raw address), method and status class.',
  labelNames: ['route', 'method', 'status_class'] as const,
  buckets: HTTP_BUCKETS,
  registers: [shopRegistry],
});

const pageCacheRequests = new Counter({
  name: 'shop_page_cache_requests_total',
  help: "Guest pages asked of the page cache: result 'hit' (kept page served) or 'miss' (rendered).",
  labelNames: ['result'] as const,
  registers: [shopRegistry],
});

const requestsShed = new Counter({
  name: 'shop_requests_shed_total',
  help: 'Requests turned away with 503 and Retry-After because the process was overloaded.',
  registers: [shopRegistry],
});

const ordersPlaced = new Counter({
  name: 'shop_orders_placed_total',
  help: 'Orders placed.',
  registers: [shopRegistry],
});

const ordersPaid = new Counter({
  name: 'shop_orders_paid_total',
  help: 'Orders whose payment was confirmed (any payment method).',
  registers: [shopRegistry],
});

export const providerCallDuration = new Histogram({
  name: 'shop_provider_call_duration_seconds',
  help: "Calls to outside services by provider and outcome ('ok', 'error' = refused or HTTP >= 400, 'failed' = no answer).",
  labelNames: ['provider', 'outcome'] as const,
  buckets: PROVIDER_BUCKETS,
  registers: [shopRegistry],
});

export function countPageCache(hit: boolean): void {
  pageCacheRequests.inc({ result: hit ? 'hit' : 'miss' });
}

export function countRequestShed(): void {
  requestsShed.inc();
}

export function countOrderPlaced(): void {
  ordersPlaced.inc();
}

export function countOrderPaid(): void {
  ordersPaid.inc();
}

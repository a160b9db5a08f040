// HTTP load with autocannon: a warm-up run (discarded), then the measured run. The load generator
// runs in a worker thread so that it never shares an event loop with the in-process bare server;
// every target measured this way sees the same client.
import autocannon, { type Options, type Result } from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Per-request hooks (autocannon `requests`), e.g. to chain single-use tokens from answer to request. */
  requests?: Options['requests'];
}

export interface LoadResult {
  connections: number;
  /** Mean of the per-second request counts of the measured run. */
  reqPerSec: number;
  /** 2xx answers per second of the measured run (goodput: what shoppers were served). */
  okPerSec?: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts included. */
  errors: number;
  non2xx: number;
  totalRequests: number;
  statusCodes: Record<string, number>;
}

function assertLocal(url: string) {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1') throw new Error(`refusing to load ${url}: the bench only targets 127.0.0.1`);
}

async function run(opts: Options, durationSeconds: number): Promise<Result> {
  const instance = autocannon(opts);
  // autocannon stops by itself after `duration`; this is the backstop should it ever not.
  const guard = setTimeout(() => instance.stop(), (durationSeconds + 30) * 1_000);
  try {
    return await instance;
  } finally {
    clearTimeout(guard);
  }
}

export async function measureLoad(opts: LoadOptions): Promise<LoadResult> {
  assertLocal(opts.url);
  const base: Options = {
    url: opts.url,
    connections: opts.connections,
    workers: 1,
    timeout: 10,
    method: opts.method ?? 'GET',
    headers: opts.headers ?? {},
    ...(opts.body !== undefined ? { body: opts.body } : {}),
    ...(opts.requests ? { requests: opts.requests } : {}),
  };
  if (opts.warmupSeconds > 0) await run({ ...base, duration: opts.warmupSeconds }, opts.warmupSeconds);
  const r = await run({ ...base, duration: opts.durationSeconds }, opts.durationSeconds);
  return {
    connections: opts.connections,
    reqPerSec: r.requests.average,
    okPerSec: (r['2xx'] ?? 0) / (r.duration || opts.durationSeconds),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    totalRequests: r.totalCompletedRequests,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
  };
}

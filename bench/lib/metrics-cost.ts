// What the metrics cost (issue 39 item 2, docs/decisions/080-metrics.md): the uncached product page
// loaded on two shops at once, one without METRICS_PORT and one with it and scraped every few
// seconds, in alternating rounds, so the machine's other work falls on both figures alike.
import { measureLoad, type LoadOptions, type LoadResult } from './http-load.ts';

/** Seconds between scrapes of the shop with metrics, as Prometheus's usual 15 s but stricter. */
const SCRAPE_EVERY_MS = 5_000;

export interface MetricsCostOptions {
  /** The same page request on each shop. */
  off: Omit<LoadOptions, 'warmupSeconds' | 'durationSeconds'>;
  on: Omit<LoadOptions, 'warmupSeconds' | 'durationSeconds'>;
  /** GET /metrics of the shop with metrics. */
  metricsUrl: string;
  warmupSeconds: number;
  /** Seconds measured on each shop in all, split into `rounds` (at least 2 s each). */
  durationSeconds: number;
  rounds: number;
  log: (msg: string) => void;
}

/**
 * The rounds of one shop as one figure: their medians, their counts added. A median, not a mean: on a
 * shared machine another program's burst can halve one round, and that round says nothing of metrics.
 */
function combine(rounds: LoadResult[]): LoadResult {
  const median = (pick: (r: LoadResult) => number) => {
    const sorted = rounds.map(pick).sort((a, b) => a - b);
    const mid = sorted.length / 2;
    return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const statusCodes: Record<string, number> = {};
  for (const r of rounds) {
    for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  }
  return {
    connections: rounds[0]!.connections,
    reqPerSec: median((r) => r.reqPerSec),
    p50Ms: Math.round(median((r) => r.p50Ms)),
    p99Ms: Math.round(median((r) => r.p99Ms)),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    totalRequests: rounds.reduce((sum, r) => sum + r.totalRequests, 0),
    statusCodes,
  };
}

export async function measureMetricsCost(opts: MetricsCostOptions): Promise<{ off: LoadResult; on: LoadResult }> {
  let scrapes = 0;
  let scrapeError: string | undefined;
  const scrape = async () => {
    try {
      const res = await fetch(opts.metricsUrl, { signal: AbortSignal.timeout(5_000) });
      const text = await res.text();
      if (!res.ok || !text.includes('shop_http_request_duration_seconds')) throw new Error(`answered ${res.status}`);
      scrapes += 1;
    } catch (err) {
      scrapeError = err instanceof Error ? err.message : String(err);
    }
  };
  await scrape();
  if (scrapeError) throw new Error(`GET ${opts.metricsUrl}: ${scrapeError}`);
  const timer = setInterval(() => void scrape(), SCRAPE_EVERY_MS);
  try {
    const seconds = Math.max(2, Math.round(opts.durationSeconds / opts.rounds));
    // Both warmed up before anything counts: each renders with its own JIT-compiled copy of the pages.
    opts.log(`metrics off and on: ${opts.warmupSeconds} s warm-up each`);
    for (const load of [opts.off, opts.on])
      await measureLoad({ ...load, warmupSeconds: opts.warmupSeconds, durationSeconds: 1 });
    const off: LoadResult[] = [];
    const on: LoadResult[] = [];
    for (let round = 0; round < opts.rounds; round++) {
      // Which goes first changes every round, so neither always follows the other's load.
      const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      for (const which of order) {
        const r = await measureLoad({ ...opts[which], warmupSeconds: 0, durationSeconds: seconds });
        (which === 'off' ? off : on).push(r);
      }
      opts.log(
        `  round ${round + 1}/${opts.rounds}: off ${Math.round(off.at(-1)!.reqPerSec)} req/s, on ${Math.round(on.at(-1)!.reqPerSec)} req/s`,
      );
    }
    if (scrapeError) throw new Error(`a scrape of ${opts.metricsUrl} failed: ${scrapeError}`);
    opts.log(`  ${scrapes} scrapes of /metrics meanwhile`);
    return { off: combine(off), on: combine(on) };
  } finally {
    clearInterval(timer);
  }
}

// What the metrics cost (issue 39 item 2, docs/decisions/080-metrics.md): the uncached product page
// loaded on two shops at once, one without METRICS_PORT and one with it and scraped every few
// seconds, in alternating rounds, so the machine's other work falls on both figures alike.
import { measureAlternating, type AlternatingLoad } from './alternating-load.ts';
import type { LoadResult } from './http-load.ts';

/** Seconds between scrapes of the shop with metrics, as Prometheus's usual 15 s but stricter. */
const SCRAPE_EVERY_MS = 5_000;

export interface MetricsCostOptions {
  /** The same page request on each shop. */
  off: AlternatingLoad;
  on: AlternatingLoad;
  /** GET /metrics of the shop with metrics. */
  metricsUrl: string;
  warmupSeconds: number;
  /** Seconds measured on each shop in all, split into `rounds` (at least 2 s each). */
  durationSeconds: number;
  rounds: number;
  log: (msg: string) => void;
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
    const [off, on] = await measureAlternating([opts.off, opts.on], { ...opts, names: ['metrics off', 'on'] });
    if (scrapeError) throw new Error(`a scrape of ${opts.metricsUrl} failed: ${scrapeError}`);
    opts.log(`  ${scrapes} scrapes of /metrics meanwhile`);
    return { off, on };
  } finally {
    clearInterval(timer);
  }
}

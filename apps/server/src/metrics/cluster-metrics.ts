// Several workers (WEB_CONCURRENCY, supervisor.ts) answer as one machine: the primary, which alone
// listens for scrapes, asks every worker for its series over the cluster channel and adds them up
// (prom-client's AggregatorRegistry). Counters and histograms sum; gauges say how (the jobs table's
// take the max, since every worker reads the same table).
import { AggregatorRegistry, type Registry } from 'prom-client';

/** In a worker: answer the primary's requests with `registry`. */
export function answerThePrimary(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one adds the worker's message listener (prom-client's cluster.js).
  new AggregatorRegistry();
}

/** In the primary: the series of every worker, merged. */
export function clusterScrape(): { scrape: () => Promise<string>; contentType: string } {
  const aggregator = new AggregatorRegistry();
  return { scrape: () => aggregator.clusterMetrics(), contentType: aggregator.contentType };
}

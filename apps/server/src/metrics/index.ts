// What the rest of the server uses of the metrics (docs/decisions/080-metrics.md).
import { collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { answerThePrimary, clusterScrape } from './cluster-metrics.ts';
import { watchDatabase } from './database-metrics.ts';
import { listenForScrapes, type MetricsListener } from './metrics-listener.ts';
import { shopRegistry } from './shop-metrics.ts';

export { registerHttpMetrics } from './http-metrics.ts';
export { observedFetch, observeProviderCall, type Provider } from './provider-calls.ts';
export { countOrderPaid, countOrderPlaced, countPageCache, countRequestShed, shopRegistry } from './shop-metrics.ts';
export type { MetricsListener } from './metrics-listener.ts';

type MetricsConfig = Pick<Config, 'METRICS_PORT' | 'METRICS_HOST'>;

let nodeSeries = false;
/** Node's own series (event-loop lag, heap, GC, CPU): collected from the first call, once per process. */
function collectNodeSeries(): void {
  if (nodeSeries) return;
  nodeSeries = true;
  collectDefaultMetrics({ register: shopRegistry });
}

/**
 * A process serving the shop: its figures are kept from now on and, unless `behindPrimary` (a worker
 * of several, whose primary answers for it), published on METRICS_HOST:METRICS_PORT. Nothing when
 * METRICS_PORT is unset or 0.
 */
export async function startProcessMetrics(
  config: MetricsConfig,
  db: Db,
  { behindPrimary }: { behindPrimary: boolean },
): Promise<MetricsListener | undefined> {
  if (!config.METRICS_PORT) return undefined;
  collectNodeSeries();
  watchDatabase(db);
  if (behindPrimary) {
    answerThePrimary(shopRegistry);
    return undefined;
  }
  return listenForScrapes({
    host: config.METRICS_HOST,
    port: config.METRICS_PORT,
    scrape: () => shopRegistry.metrics(),
    contentType: shopRegistry.contentType,
  });
}

/** The primary of several workers: publishes the sum of theirs. Nothing when METRICS_PORT is unset or 0. */
export async function startClusterMetrics(config: MetricsConfig): Promise<MetricsListener | undefined> {
  if (!config.METRICS_PORT) return undefined;
  return listenForScrapes({ host: config.METRICS_HOST, port: config.METRICS_PORT, ...clusterScrape() });
}

// Run by cluster-metrics.test.ts: a primary with two workers, the way main.ts runs several. Each
// worker counts orders and says so; the primary then listens for scrapes and prints its port.
import cluster from 'node:cluster';
import { clusterScrape, answerThePrimary } from './cluster-metrics.ts';
import { listenForScrapes } from './metrics-listener.ts';
import { countOrderPlaced, shopRegistry } from './shop-metrics.ts';

const WORKERS = 2;

if (cluster.isPrimary) {
  const metrics = clusterScrape();
  let ready = 0;
  for (let i = 0; i < WORKERS; i++) {
    cluster.fork().on('message', async (message) => {
      if (message !== 'counted' || ++ready < WORKERS) return;
      const listener = await listenForScrapes({ host: '127.0.0.1', port: 0, ...metrics });
      process.stdout.write(`${listener.port}\n`);
    });
  }
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  answerThePrimary(shopRegistry);
  for (let i = 0; i < 3; i++) countOrderPlaced();
  process.send!('counted');
}

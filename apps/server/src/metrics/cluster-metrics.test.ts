// A real primary with two real workers (node:cluster) and prom-client's AggregatorRegistry between
// them: one scrape of the primary sees the sum of both workers.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AggregatorRegistry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { shopRegistry } from './shop-metrics.ts';
import './database-metrics.ts';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cluster-metrics.fixture.ts');

let primary: ChildProcess | undefined;
afterEach(() => {
  primary?.kill('SIGTERM');
});

function startPrimary(): Promise<number> {
  return new Promise((resolve, reject) => {
    primary = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    primary.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /^(\d+)\n/.exec(out);
      if (port) resolve(Number(port[1]));
    });
    primary.once('exit', (code) => reject(new Error(`the primary exited (${code}) before listening`)));
  });
}

describe('several workers', () => {
  it('answer one scrape of the primary, their counts added up', async () => {
    const port = await startPrimary();
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(text).toMatch(/^shop_orders_placed_total 6$/m);
  }, 30_000);

  it('take the jobs table’s figures once, not once per worker', async () => {
    // Every worker reads the same table: two workers' answers must not double the queue.
    const worker = await shopRegistry.getMetricsAsJSON();
    const queued = worker.find((m) => m.name === 'shop_jobs_queued')!;
    queued.values = [{ labels: { kind: 'notify-order' }, value: 4 }];
    const merged = AggregatorRegistry.aggregate([worker, worker]);
    expect(await merged.getSingleMetricAsString('shop_jobs_queued')).toMatch(
      /shop_jobs_queued\{kind="notify-order"\} 4$/m,
    );
  });
});

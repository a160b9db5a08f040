// The database pool and the jobs table, read when scraped (docs/decisions/080-metrics.md).
import { Gauge } from 'prom-client';
import { poolInUse, poolWaiting, type Db } from '../db/client.ts';
import { jobsRepository } from '../modules/jobs/index.ts';
import { shopRegistry } from './shop-metrics.ts';

/** The database this process reads its figures from; none until watchDatabase. */
let watched: Db | undefined;

new Gauge({
  name: 'shop_db_pool_in_use',
  help: 'PostgreSQL connections of the pool busy now (0 on the embedded database).',
  registers: [shopRegistry],
  collect() {
    this.set(watched ? poolInUse(watched) : 0);
  },
});

new Gauge({
  name: 'shop_db_pool_waiting',
  help: 'Queries waiting for a PostgreSQL connection of the pool now.',
  registers: [shopRegistry],
  collect() {
    this.set(watched ? poolWaiting(watched) : 0);
  },
});

// The jobs table is the whole shop's: every worker reads the same figures, so several workers'
// answers are merged with 'max', not added up.
type JobTotals = Awaited<ReturnType<typeof jobsRepository.jobTotalsByKind>>;

/** One query for the three job gauges of a scrape: each collects on its own, at the same moment. */
let reading: { at: number; totals: Promise<JobTotals> } | undefined;
function jobTotals(db: Db): Promise<JobTotals> {
  const at = Date.now();
  if (!reading || at - reading.at > 1_000) {
    // A database that does not answer leaves the job series out rather than failing the whole scrape.
    reading = { at, totals: jobsRepository.jobTotalsByKind(db, new Date(at)).catch(() => []) };
  }
  return reading.totals;
}

function jobGauge(name: string, help: string, value: (totals: JobTotals[number]) => number): void {
  new Gauge({
    name,
    help,
    labelNames: ['kind'] as const,
    aggregator: 'max',
    registers: [shopRegistry],
    async collect() {
      this.reset();
      if (!watched) return;
      for (const row of await jobTotals(watched)) this.set({ kind: row.kind }, value(row));
    },
  });
}

jobGauge('shop_jobs_queued', 'Background jobs waiting to run, by kind.', (row) => row.queued);
jobGauge(
  'shop_jobs_oldest_due_seconds',
  'Seconds the longest-waiting due job of each kind is past its run time.',
  (row) => row.oldestDueSeconds,
);
jobGauge(
  'shop_jobs_failed',
  'Background jobs parked as failed (they wait for 背景工作 in the back office), by kind.',
  (row) => row.failed,
);

/** Reads the pool and jobs figures of `db` from now on; answers a function that stops it. */
export function watchDatabase(db: Db): () => void {
  watched = db;
  reading = undefined;
  return () => {
    if (watched === db) watched = undefined;
  };
}

// The flash sale's settings (bench/flash.ts): its item, processes and connections, the budgets of
// issue 18, and the records the run keeps of what happened.
import type { LoadResult } from './http-load.ts';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/** The demo seed's influencer (README: demo accounts); the page is /coop/{code}. */
export const INFLUENCER_CODE = 'DEMOKOL';
export const FLASH_STOCK = 50;
/** Processes during the flash sale. */
export const FLASH_PROCESSES = 2;
export const CONNECTIONS = { influencer: 100, productPages: 100, buyers: 100 };
/** Budgets of issue 18 (reported, not asserted). */
export const RATIO_BUDGET = 1.6;
export const PAGE_P99_BUDGET_MS = 1_500;
/** The 1-vs-2-process yardstick: autocannon -c 10 on uncached product pages. */
export const RATIO_CONNECTIONS = 10;
/**
 * The yardstick measures what the processes can render: no page cache, and no overload answers (a
 * process that turns some of the 10 connections away would count its quick 503s as work).
 */
export const YARDSTICK_ENV = {
  PAGE_CACHE_SECONDS: '0',
  SHED_IN_FLIGHT: '0',
  SHED_EVENT_LOOP_DELAY_MS: '0',
  SHED_POOL_WAITING: '0',
};

/** Pages answered 200 per second: what a process served, whatever else it answered. */
export const servedPerSec = (r: LoadResult, seconds: number) => (r.statusCodes['200'] ?? 0) / seconds;

/** The run with the median pages per second (the lower middle of an even count). */
export function medianRun(runs: readonly LoadResult[]): LoadResult | undefined {
  const sorted = [...runs].sort((a, b) => a.reqPerSec - b.reqPerSec);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export interface Timings {
  flashSeconds: number;
  killAtSeconds: number;
  /** When the primary gets SIGHUP: every worker replaced one by one, as a deploy does. */
  deployAtSeconds: number;
  warmupSeconds: number;
  ratioSeconds: number;
  /** Alternating rounds of one and two processes; the ratio compares the medians. */
  ratioRounds: number;
}

export interface KillRecord {
  victim: number;
  atSeconds: number;
  /** ms from the SIGKILL until the primary had forked a replacement (undefined: none seen within 15 s). */
  replacementMs?: number;
  replacement?: number;
}

export interface DeployRecord {
  atSeconds: number;
  /** The workers when the primary got SIGHUP. */
  replaced: number[];
  /** ms from the SIGHUP until none of them was left and as many new ones ran (undefined: not within 60 s). */
  doneMs?: number;
}

export interface SoldRecord {
  ordersInDatabase: number;
  unitsSold: number;
  stockLeft: number | null;
}

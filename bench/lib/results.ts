// Everything one bench run measured; budgets and the report read it.
import type { LoadResult } from './http-load.ts';
import type { LighthouseResult } from './lighthouse.ts';

export interface RunResults {
  startup: {
    /** First start on the fresh database: migrations and demo seed included. */
    freshMs?: number;
    /** Starts on the same, now existing, database, in order; the budget reads their median. */
    existingRuns?: number[];
  };
  /** target name → connections → result */
  http: Map<string, Map<number, LoadResult>>;
  /** page name → result */
  lighthouse: Map<string, LighthouseResult>;
  /** What could not be measured, by target or section name. */
  failures: Map<string, string>;
}

/** The median of the starts on the existing database: one start moves with whatever else the machine does. */
export function existingStartupMs(results: RunResults): number | undefined {
  const runs = [...(results.startup.existingRuns ?? [])].sort((a, b) => a - b);
  return runs.length === 0 ? undefined : runs[Math.floor((runs.length - 1) / 2)];
}

/** The starts in the order they ran, in seconds: "4.80, 5.03, 5.31 s". */
export const startsText = (runs: number[]) => `${runs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s`;

export function loadResult(results: RunResults, name: string, connections: number): LoadResult | undefined {
  return results.http.get(name)?.get(connections);
}

/** A target's req/s divided by a yardstick target's req/s at the same concurrency, in the same run. */
export function ratioTo(results: RunResults, name: string, yardstick: string, connections: number): number | undefined {
  const target = loadResult(results, name, connections);
  const base = loadResult(results, yardstick, connections);
  if (!target || !base || base.reqPerSec <= 0) return undefined;
  return target.reqPerSec / base.reqPerSec;
}

/** A target's req/s divided by the bare route's req/s at the same concurrency, in the same run. */
export function ratioToBare(results: RunResults, name: string, connections: number): number | undefined {
  return ratioTo(results, name, 'bare', connections);
}

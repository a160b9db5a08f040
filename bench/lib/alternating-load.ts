// Two servers loaded in turn, a few seconds each, their order swapped every round, so that the
// machine's other work falls on both figures alike. On this shared machine two 10 s runs of the same
// build minutes apart differed by up to 1.5×: a ratio of one run after the other said more about the
// machine than about the change (docs/decisions/091).
import { measureLoad, type LoadOptions, type LoadResult } from './http-load.ts';

export type AlternatingLoad = Omit<LoadOptions, 'warmupSeconds' | 'durationSeconds'>;

export interface AlternatingOptions {
  /** Names in the log, e.g. `off` and `on`. */
  names: readonly [string, string];
  warmupSeconds: number;
  /** Seconds measured on each server in all, split into `rounds` (at least 2 s each). */
  durationSeconds: number;
  rounds: number;
  log: (msg: string) => void;
}

/**
 * The rounds of one server as one figure: their medians, their counts added. A median, not a mean: on
 * a shared machine another program's burst can halve one round, and that round says nothing of the shop.
 */
export function combineRounds(rounds: LoadResult[]): LoadResult {
  const median = (pick: (r: LoadResult) => number) => {
    const sorted = rounds.map(pick).sort((a, b) => a - b);
    const mid = sorted.length / 2;
    return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const statusCodes: Record<string, number> = {};
  for (const r of rounds) {
    for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  }
  const withCpu = rounds.every((r) => r.cpuMsPerRequest !== undefined);
  return {
    connections: rounds[0]!.connections,
    reqPerSec: median((r) => r.reqPerSec),
    p50Ms: Math.round(median((r) => r.p50Ms)),
    p99Ms: Math.round(median((r) => r.p99Ms)),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    totalRequests: rounds.reduce((sum, r) => sum + r.totalRequests, 0),
    statusCodes,
    ...(withCpu ? { cpuMsPerRequest: median((r) => r.cpuMsPerRequest!) } : {}),
  };
}

export async function measureAlternating(
  loads: readonly [AlternatingLoad, AlternatingLoad],
  opts: AlternatingOptions,
): Promise<[LoadResult, LoadResult]> {
  const seconds = Math.max(2, Math.round(opts.durationSeconds / opts.rounds));
  // Both warmed up before anything counts: each renders with its own JIT-compiled copy of the pages.
  opts.log(
    `${opts.names.join(' and ')}: ${opts.warmupSeconds} s warm-up each, then ${opts.rounds} rounds of ${seconds} s`,
  );
  for (const load of loads) await measureLoad({ ...load, warmupSeconds: opts.warmupSeconds, durationSeconds: 1 });
  const results: [LoadResult[], LoadResult[]] = [[], []];
  for (let round = 0; round < opts.rounds; round++) {
    // Which goes first changes every round, so neither always follows the other's load.
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) {
      results[which]!.push(await measureLoad({ ...loads[which]!, warmupSeconds: 0, durationSeconds: seconds }));
    }
    const figures = results.map((r, i) => {
      const last = r.at(-1)!;
      const cpu = last.cpuMsPerRequest === undefined ? '' : `, ${last.cpuMsPerRequest.toFixed(2)} ms CPU`;
      return `${opts.names[i]} ${Math.round(last.reqPerSec)} req/s, p99 ${last.p99Ms} ms${cpu}`;
    });
    opts.log(`  round ${round + 1}/${opts.rounds}: ${figures.join('; ')}`);
  }
  return [combineRounds(results[0]), combineRounds(results[1])];
}

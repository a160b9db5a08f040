// What the bench's own request loops (checkout-load.ts, polite-load.ts) share with autocannon's report:
// a warm-up run that is thrown away, then a measured run summarised as autocannon summarises one.
import type { LoadResult } from './http-load.ts';

export interface Tally {
  latenciesMs: number[];
  statusCodes: Record<string, number>;
  errors: number;
  /** 2xx answers. */
  ok: number;
}

export const emptyTally = (): Tally => ({ latenciesMs: [], statusCodes: {}, errors: 0, ok: 0 });

/** Counts one answer with its latency. */
export function countAnswer(tally: Tally, status: number, latencyMs: number) {
  tally.latenciesMs.push(latencyMs);
  tally.statusCodes[status] = (tally.statusCodes[status] ?? 0) + 1;
  if (status >= 200 && status <= 299) tally.ok++;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `runFor` for the warm-up, then for the measured run, and summarises the measured one. */
export async function warmUpAndMeasure(
  opts: { connections: number; warmupSeconds: number; durationSeconds: number },
  runFor: (seconds: number) => Promise<Tally>,
): Promise<{ result: LoadResult; tally: Tally }> {
  if (opts.warmupSeconds > 0) await runFor(opts.warmupSeconds);
  const tally = await runFor(opts.durationSeconds);
  const sorted = [...tally.latenciesMs].sort((a, b) => a - b);
  const result = {
    connections: opts.connections,
    reqPerSec: sorted.length / opts.durationSeconds,
    // Whole milliseconds like autocannon; rounded up so that a budget is never passed by rounding.
    p50Ms: Math.ceil(percentile(sorted, 50)),
    p99Ms: Math.ceil(percentile(sorted, 99)),
    errors: tally.errors,
    non2xx: sorted.length - tally.ok,
    totalRequests: sorted.length,
    statusCodes: tally.statusCodes,
  };
  return { result, tally };
}

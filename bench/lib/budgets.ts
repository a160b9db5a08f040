// Budgets: named limits checked against one run's results. A budget whose figure was not measured
// (excluded by --only, or the measurement failed) reports `not measured` instead of PASS or FAIL.
import type { LighthouseResult } from './lighthouse.ts';
import { existingStartupMs, loadResult, ratioTo, startsText, type RunResults } from './results.ts';

export type Verdict = 'PASS' | 'FAIL' | 'not measured';

export interface BudgetOutcome {
  budget: string;
  limit: string;
  value: string;
  verdict: Verdict;
  note?: string;
}

export interface Budget {
  /** The --only names this budget depends on. */
  needs: string[];
  evaluate(results: RunResults): BudgetOutcome;
}

const notMeasured = (budget: string, limit: string, note?: string): BudgetOutcome => ({
  budget,
  limit,
  value: '—',
  verdict: 'not measured',
  ...(note ? { note } : {}),
});

function failedRequests(results: RunResults, name: string, connections: number): string | undefined {
  const r = loadResult(results, name, connections);
  if (r && r.errors + r.non2xx > 0) return `${r.errors} errors, ${r.non2xx} non-2xx during the run`;
  return undefined;
}

export function ratioAtLeast(name: string, min: number, connections: number): Budget {
  return ratioToTargetAtLeast(name, 'bare', min, connections);
}

/** `name`'s req/s over `yardstick`'s (the bare route, or an earlier build's figure) at one concurrency. */
export function ratioToTargetAtLeast(name: string, yardstick: string, min: number, connections: number): Budget {
  const budget = `${name} req/s ÷ ${yardstick} req/s at -c ${connections}`;
  const limit = `≥ ${min}×`;
  return {
    needs: [name, yardstick],
    evaluate(results) {
      const ratio = ratioTo(results, name, yardstick, connections);
      if (ratio === undefined)
        return notMeasured(budget, limit, results.failures.get(name) ?? results.failures.get(yardstick));
      const broken = failedRequests(results, name, connections) ?? failedRequests(results, yardstick, connections);
      return {
        budget,
        limit,
        // Truncated, not rounded: a shown 0.50× never hides a measured 0.497× that fails ≥ 0.5×.
        value: `${(Math.floor(ratio * 100) / 100).toFixed(2)}×`,
        verdict: ratio >= min && !broken ? 'PASS' : 'FAIL',
        ...(broken ? { note: broken } : {}),
      };
    },
  };
}

export function p99AtMost(name: string, maxMs: number, connections: number): Budget {
  const budget = `${name} p99 latency at -c ${connections}`;
  const limit = `≤ ${maxMs} ms`;
  return {
    needs: [name],
    evaluate(results) {
      const r = loadResult(results, name, connections);
      if (!r) return notMeasured(budget, limit, results.failures.get(name));
      const broken = failedRequests(results, name, connections);
      return {
        budget,
        limit,
        value: `${r.p99Ms} ms`,
        verdict: r.p99Ms <= maxMs && !broken ? 'PASS' : 'FAIL',
        ...(broken ? { note: broken } : {}),
      };
    },
  };
}

/**
 * `name`'s p99 over `yardstick`'s (an earlier build's) at one concurrency, in the same run: a latency
 * budget that holds on a slower or faster machine as a ratio of requests per second does.
 */
export function p99RatioToTargetAtMost(name: string, yardstick: string, max: number, connections: number): Budget {
  const budget = `${name} p99 ÷ ${yardstick} p99 at -c ${connections}`;
  const limit = `≤ ${max.toFixed(2)}×`;
  return {
    needs: [name, yardstick],
    evaluate(results) {
      const r = loadResult(results, name, connections);
      const base = loadResult(results, yardstick, connections);
      if (!r || !base || base.p99Ms <= 0)
        return notMeasured(budget, limit, results.failures.get(name) ?? results.failures.get(yardstick));
      const ratio = r.p99Ms / base.p99Ms;
      const broken = failedRequests(results, name, connections) ?? failedRequests(results, yardstick, connections);
      return {
        budget,
        limit,
        // Rounded up: a shown 0.71× never hides a measured 0.713× that fails ≤ 0.71×.
        value: `${(Math.ceil(ratio * 100) / 100).toFixed(2)}× (${r.p99Ms} ms ÷ ${base.p99Ms} ms)`,
        verdict: ratio <= max && !broken ? 'PASS' : 'FAIL',
        ...(broken ? { note: broken } : {}),
      };
    },
  };
}

/**
 * `name`'s server CPU per request over `yardstick`'s (an earlier build's) at one concurrency, in the
 * same run: the work a request costs, whatever else the machine is doing at the time.
 */
export function cpuRatioToTargetAtMost(name: string, yardstick: string, max: number, connections: number): Budget {
  const budget = `${name} server CPU per request ÷ ${yardstick}'s at -c ${connections}`;
  const limit = `≤ ${max.toFixed(2)}×`;
  return {
    needs: [name, yardstick],
    evaluate(results) {
      const mine = loadResult(results, name, connections)?.cpuMsPerRequest;
      const base = loadResult(results, yardstick, connections)?.cpuMsPerRequest;
      if (mine === undefined || base === undefined || base <= 0)
        return notMeasured(budget, limit, results.failures.get(name) ?? results.failures.get(yardstick));
      const ratio = mine / base;
      return {
        budget,
        limit,
        value: `${(Math.ceil(ratio * 100) / 100).toFixed(2)}× (${mine.toFixed(2)} ms ÷ ${base.toFixed(2)} ms)`,
        verdict: ratio <= max ? 'PASS' : 'FAIL',
      };
    },
  };
}

/** Errors plus non-2xx answers over every measured concurrency. */
export function errorsAtMost(name: string, max: number): Budget {
  const budget = `${name} errors + non-2xx`;
  const limit = `≤ ${max}`;
  return {
    needs: [name],
    evaluate(results) {
      const runs = results.http.get(name);
      if (!runs || runs.size === 0) return notMeasured(budget, limit, results.failures.get(name));
      const count = [...runs.values()].reduce((sum, r) => sum + r.errors + r.non2xx, 0);
      return { budget, limit, value: String(count), verdict: count <= max ? 'PASS' : 'FAIL' };
    },
  };
}

type LighthouseMetric = 'performance' | 'lcpMs' | 'tbtMs' | 'cls' | 'jsKb';

const METRIC_LABEL: Record<LighthouseMetric, string> = {
  performance: 'Lighthouse performance',
  lcpMs: 'Largest Contentful Paint',
  tbtMs: 'Total Blocking Time',
  cls: 'Cumulative Layout Shift',
  jsKb: 'JavaScript on first load (compressed)',
};

export function formatMetric(metric: LighthouseMetric, value: number): string {
  switch (metric) {
    case 'performance':
      return String(Math.round(value));
    case 'lcpMs':
      return `${(value / 1000).toFixed(2)} s`;
    case 'tbtMs':
      return `${Math.round(value)} ms`;
    case 'cls':
      return value.toFixed(3);
    case 'jsKb':
      return `${value.toFixed(1)} KB`;
  }
}

function lighthouseBudget(page: string, metric: LighthouseMetric, limitValue: number, atLeast: boolean): Budget {
  const budget = `${page}: ${METRIC_LABEL[metric]}`;
  const limit = `${atLeast ? '≥' : '≤'} ${formatMetric(metric, limitValue)}`;
  return {
    needs: [page],
    evaluate(results) {
      const r: LighthouseResult | undefined = results.lighthouse.get(page);
      if (!r) return notMeasured(budget, limit, results.failures.get(page));
      const value = r[metric];
      const pass = atLeast ? value >= limitValue : value <= limitValue;
      return { budget, limit, value: formatMetric(metric, value), verdict: pass ? 'PASS' : 'FAIL' };
    },
  };
}

export const lighthouseAtLeast = (page: string, metric: LighthouseMetric, min: number) =>
  lighthouseBudget(page, metric, min, true);
export const lighthouseAtMost = (page: string, metric: LighthouseMetric, max: number) =>
  lighthouseBudget(page, metric, max, false);

export function startupAtMost(maxMs: number): Budget {
  const budget = 'start-up on an existing database (spawn → first 200 from /healthz)';
  const limit = `≤ ${(maxMs / 1000).toFixed(1)} s`;
  return {
    needs: ['startup'],
    evaluate(results) {
      const ms = existingStartupMs(results);
      if (ms === undefined) return notMeasured(budget, limit, results.failures.get('startup'));
      const runs = results.startup.existingRuns ?? [];
      return {
        budget,
        limit,
        value: `${(ms / 1000).toFixed(2)} s`,
        verdict: ms <= maxMs ? 'PASS' : 'FAIL',
        ...(runs.length > 1 ? { note: `median of ${runs.length} starts: ${startsText(runs)}` } : {}),
      };
    },
  };
}

/**
 * Goodput under a crowd (issue 37 item 5): `name`'s 2xx answers per second at -c `crowd` over those
 * at -c `calm`, in the same run. Turning requests away must never cost more than it saves.
 */
export function goodputHeldAtLeast(name: string, min: number, calm: number, crowd: number): Budget {
  const budget = `${name} 2xx/s at -c ${crowd} ÷ 2xx/s at -c ${calm}`;
  const limit = `≥ ${min}×`;
  return {
    needs: [name],
    evaluate(results) {
      const atCalm = loadResult(results, name, calm)?.okPerSec;
      const atCrowd = loadResult(results, name, crowd)?.okPerSec;
      if (atCalm === undefined || atCrowd === undefined || atCalm <= 0)
        return notMeasured(budget, limit, results.failures.get(name));
      const ratio = atCrowd / atCalm;
      return {
        budget,
        limit,
        value: `${(Math.floor(ratio * 100) / 100).toFixed(2)}× (${Math.round(atCrowd)} ÷ ${Math.round(atCalm)})`,
        verdict: ratio >= min ? 'PASS' : 'FAIL',
      };
    },
  };
}

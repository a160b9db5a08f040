// Loading the HTTP targets (run.ts): each is checked once, then loaded with autocannon at every
// concurrency; and the shop restarted with other settings for the targets that measure those.
import type { BenchRun } from './bench-run.ts';
import { errorText } from './bench-run.ts';
import { measureLoad } from './http-load.ts';
import { writeRotationHook } from './rotating-paths.ts';
import type { ServerHandle } from './server.ts';
import { CONNECTIONS, type HttpTarget, type RequestSpec, type TargetContext } from './target-types.ts';

interface ReadyTarget {
  name: string;
  url: string;
  spec: RequestSpec;
  hook?: string;
  server: HttpTarget['server'];
}

/** Asks the first paths once: a 401 or 404 measured at full speed would be meaningless. */
async function probe(origin: string, paths: string[], spec: RequestSpec) {
  if (spec.probe) return spec.probe();
  for (const p of paths.slice(0, 3)) {
    const res = await fetch(`${origin}${p}`, {
      method: spec.method ?? 'GET',
      headers: spec.headers ?? {},
      ...(spec.body !== undefined ? { body: spec.body } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${spec.method ?? 'GET'} ${p} answered ${res.status}: ${text.slice(0, 200)}`);
  }
}

/** The selected targets that answer, with their request and (rotating paths) their autocannon hook. */
async function readyTargets(run: BenchRun, targets: HttpTarget[], shopUrl: string): Promise<ReadyTarget[]> {
  const targetCtx: TargetContext = { ...run.ctx, shopUrl };
  const ready: ReadyTarget[] = [];
  for (const target of targets.filter((t) => run.selected.has(t.name) && !run.results.failures.has(t.name))) {
    const origin = target.server === 'bare' ? run.bareUrl : shopUrl;
    if (!origin) continue;
    try {
      const spec = await target.request(targetCtx);
      const paths = target.rotatePaths ? await target.rotatePaths(targetCtx) : [target.path];
      await probe(origin, paths, spec);
      let hook: string | undefined;
      if (target.rotatePaths) {
        const written = writeRotationHook(paths);
        run.addCleanup(`hook ${target.name}`, written.remove);
        hook = written.file;
      }
      ready.push({ name: target.name, url: `${origin}${paths[0]}`, spec, hook, server: target.server });
    } catch (err) {
      run.results.failures.set(target.name, errorText(err));
    }
  }
  return ready;
}

/** Checks each target once, then loads it at every concurrency. */
export async function measureTargets(
  run: BenchRun,
  targets: HttpTarget[],
  shop: Pick<ServerHandle, 'url' | 'pid'>,
  byTarget = false,
) {
  const { args, results, log } = run;
  const ready = await readyTargets(run, targets, shop.url);
  // Each concurrency for every target in turn, or (`byTarget`, for ratios between concurrencies)
  // each target at every concurrency in turn, so that the two figures of a ratio are taken close together.
  const runs = byTarget
    ? ready.flatMap((target) => CONNECTIONS.map((connections) => ({ ...target, connections })))
    : CONNECTIONS.flatMap((connections) => ready.map((target) => ({ ...target, connections })));
  for (const { name, url, spec, hook, connections, server } of runs) {
    log(`${name} -c ${connections}: ${args.warmupSeconds} s warm-up, ${args.durationSeconds} s measured`);
    try {
      const load = { url, connections, warmupSeconds: args.warmupSeconds, durationSeconds: args.durationSeconds };
      const r = spec.measure
        ? await spec.measure(load)
        : await measureLoad({
            ...load,
            ...spec,
            ...(hook ? { requests: [{ setupRequest: hook }] } : {}),
            // The bare yardstick runs in this process beside autocannon's workers: its CPU is not its own.
            ...(server === 'shop' ? { serverPid: shop.pid } : {}),
          });
      if (!results.http.has(name)) results.http.set(name, new Map());
      results.http.get(name)?.set(connections, r);
      log(
        `  ${Math.round(r.reqPerSec)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.errors} errors, ${r.non2xx} non-2xx` +
          (r.cpuMsPerRequest !== undefined ? `, server CPU ${r.cpuMsPerRequest.toFixed(2)} ms per request` : ''),
      );
    } catch (err) {
      results.failures.set(`${name} -c ${connections}`, errorText(err));
    }
  }
}

export interface Restart {
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
  /** Done while the shop is stopped (a seed that adds products or orders). */
  whileStopped?: () => Promise<void>;
  byTarget?: boolean;
}

/**
 * Stops the shop, starts it again with other settings and measures `targets` on it; a failure is the
 * targets' failure. Returns the shop now running (the old one when the new did not start).
 */
export async function restartAndMeasure(
  run: BenchRun,
  shop: ServerHandle,
  targets: HttpTarget[],
  restart: Restart,
): Promise<ServerHandle> {
  if (targets.length === 0) return shop;
  try {
    await shop.stop();
    await restart.whileStopped?.();
    shop = await run.start(restart.timeoutMs, restart.env);
    await measureTargets(run, targets, shop, restart.byTarget);
  } catch (err) {
    for (const t of targets) run.results.failures.set(t.name, errorText(err));
  }
  return shop;
}

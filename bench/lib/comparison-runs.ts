// Figures taken beside another server in the same run (run.ts): an earlier build the budgets compare
// with, and the shop with its metrics beside the shop without them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchRun } from './bench-run.ts';
import { errorText } from './bench-run.ts';
import { baselineBuild, type BaselineBuild } from './baseline-build.ts';
import { measureAlternating } from './alternating-load.ts';
import type { LoadResult } from './http-load.ts';
import { measureMetricsCost } from './metrics-cost.ts';
import { writeRotationHook } from './rotating-paths.ts';
import { freePort, startServer, type ServerHandle } from './server.ts';
import { productPagePaths } from './target-requests.ts';
import type { HttpTarget, LighthousePage } from './target-types.ts';
import { measureTargets } from './target-runs.ts';

/** Earlier builds a budget compares with, built (once, then kept) before anything is measured. */
export async function buildBaselines(
  run: Pick<BenchRun, 'root' | 'results' | 'log'>,
  /** The targets and Lighthouse pages measured on an earlier build, each with its build's commit. */
  baselineTargets: Array<{ name: string; baseline?: string }>,
  onPostgres: boolean,
): Promise<Map<string, BaselineBuild>> {
  const baselines = new Map<string, BaselineBuild>();
  for (const rev of new Set(baselineTargets.map((t) => t.baseline!))) {
    const forRev = baselineTargets.filter((t) => t.baseline === rev);
    if (onPostgres) {
      // Its own schema would need a database of its own on the server; PGlite gives it a directory.
      for (const t of forRev)
        run.results.failures.set(t.name, `${rev} is measured on PGlite only (run without BENCH_DATABASE_URL)`);
      continue;
    }
    try {
      baselines.set(rev, await baselineBuild(run.root, rev, run.log));
    } catch (err) {
      for (const t of forRev) run.results.failures.set(t.name, errorText(err));
    }
  }
  return baselines;
}

/** A fresh data directory for a second shop, removed at the end. */
async function dataDirectory(run: BenchRun, prefix: string, cleanupName: string): Promise<string> {
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), prefix));
  run.addCleanup(cleanupName, () => fs.promises.rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/**
 * The earlier builds the selected Lighthouse pages name, each running beside the shop on a fresh demo
 * database of its own, so their audits can take turns with the shop's. Answers each one's address.
 */
export async function startLighthouseBaselines(
  run: BenchRun,
  baselines: Map<string, BaselineBuild>,
  pages: LighthousePage[],
): Promise<{ urls: Map<string, string>; stop(): Promise<void> }> {
  const urls = new Map<string, string>();
  const servers: ServerHandle[] = [];
  for (const rev of new Set(pages.flatMap((p) => (p.baseline ? [p.baseline.rev] : [])))) {
    const build = baselines.get(rev);
    if (!build) continue; // its build failed: buildBaselines said so for each page
    try {
      const dataDir = await dataDirectory(run, 'shop-bench-lighthouse-data-', `Lighthouse data of ${rev}`);
      run.log(`starting ${rev} beside the shop for Lighthouse`);
      const server = await startServer({
        cwd: build.dir,
        entry: build.entry,
        env: { ...run.serverEnv, DATA_DIR: dataDir },
        port: await freePort(),
        timeoutMs: 180_000,
      });
      run.addCleanup(`server ${server.pid} (${rev}, Lighthouse)`, () => server.stop());
      servers.push(server);
      urls.set(rev, server.url);
    } catch (err) {
      for (const p of pages.filter((page) => page.baseline?.rev === rev))
        run.results.failures.set(p.name, errorText(err));
    }
  }
  return { urls, stop: async () => void (await Promise.all(servers.map((server) => server.stop()))) };
}

/**
 * A target of the shop and its earlier build's twin (`alternatesWith`), each server on a fresh demo
 * database with its page cache off, loaded at -c 10 in alternating rounds (lib/alternating-load.ts).
 */
async function measureSideBySide(
  run: BenchRun,
  servers: { shop: ServerHandle; before: ServerHandle },
  targets: { shop: HttpTarget; before: HttpTarget },
) {
  const { args, results, log } = run;
  const load = async (server: ServerHandle, target: HttpTarget) => {
    const ctx = { ...run.ctx, shopUrl: server.url };
    const spec = await target.request(ctx);
    const paths = target.rotatePaths ? await target.rotatePaths(ctx) : [target.path];
    const hook = writeRotationHook(paths);
    run.addCleanup(`hook ${target.name}`, hook.remove);
    return {
      url: `${server.url}${paths[0]}`,
      connections: 10,
      headers: spec.headers ?? {},
      requests: [{ setupRequest: hook.file }],
      serverPid: server.pid,
    };
  };
  const loads = [await load(servers.shop, targets.shop), await load(servers.before, targets.before)] as const;
  const [now, before] = await measureAlternating(loads, {
    names: [targets.shop.name, targets.before.name],
    warmupSeconds: args.warmupSeconds,
    durationSeconds: args.durationSeconds * 2,
    rounds: 8,
    log,
  });
  results.http.set(targets.shop.name, new Map([[10, now]]));
  results.http.set(targets.before.name, new Map([[10, before]]));
  const cpu = (r: LoadResult) => r.cpuMsPerRequest?.toFixed(2) ?? '?';
  log(`  medians: ${cpu(now)} ÷ ${cpu(before)} ms CPU per page, p99 ${now.p99Ms} ÷ ${before.p99Ms} ms`);
}

/**
 * The earlier builds' targets, each build on a fresh demo database of its own and with its page cache
 * off too: a target with a twin on the shop (`alternatesWith`) in alternating rounds beside the shop,
 * started again for it; any other after the shop, so that the two figures are minutes apart on the same
 * machine. Returns the shop now running.
 */
export async function measureBaselines(
  run: BenchRun,
  shop: ServerHandle,
  baselines: Map<string, BaselineBuild>,
  baselineTargets: HttpTarget[],
  allTargets: HttpTarget[],
): Promise<ServerHandle> {
  for (const [rev, build] of baselines) {
    const targets = baselineTargets.filter((t) => t.baseline === rev && !run.results.failures.has(t.name));
    // A build only Lighthouse audits (startLighthouseBaselines) has no load to take here.
    if (targets.length === 0) continue;
    try {
      await shop.stop();
      const paired = targets.filter((t) => t.alternatesWith);
      if (paired.length > 0) shop = await run.start(60_000, { PAGE_CACHE_SECONDS: '0' });
      const dataDir = await dataDirectory(run, 'shop-bench-baseline-data-', `data of ${rev}`);
      run.log(`starting ${rev} on a fresh database of its own`);
      const before = await startServer({
        cwd: build.dir,
        entry: build.entry,
        env: { ...run.serverEnv, DATA_DIR: dataDir, PAGE_CACHE_SECONDS: '0' },
        port: paired.length > 0 ? await freePort() : run.port,
        timeoutMs: 180_000,
      });
      run.addCleanup(`server ${before.pid} (${rev})`, () => before.stop());
      await measureTargets(
        run,
        targets.filter((t) => !t.alternatesWith),
        before,
      );
      for (const target of paired) {
        const twin = allTargets.find((t) => t.name === target.alternatesWith);
        if (!twin) throw new Error(`${target.name}: no target ${target.alternatesWith} to alternate with`);
        await measureSideBySide(run, { shop, before }, { shop: twin, before: target });
      }
      await before.stop();
    } catch (err) {
      const twins = targets.flatMap((t) => (t.alternatesWith ? [t.alternatesWith] : []));
      for (const name of [...targets.map((t) => t.name), ...twins]) run.results.failures.set(name, errorText(err));
    }
  }
  return shop;
}

/** A second shop with METRICS_PORT, beside the one without (PGlite: on a fresh demo database of its own). */
async function startShopWithMetrics(run: BenchRun, metricsPort: number): Promise<ServerHandle> {
  const dataDir = await dataDirectory(run, 'shop-bench-metrics-data-', 'data of the shop with metrics');
  run.log('starting a second shop with METRICS_PORT');
  const withMetrics = await startServer({
    cwd: run.root,
    entry: run.serverEntry,
    env: {
      ...run.serverEnv,
      ...(run.database.driver === 'pglite' ? { DATA_DIR: dataDir } : {}),
      PAGE_CACHE_SECONDS: '0',
      METRICS_PORT: String(metricsPort),
    },
    port: await freePort(),
    timeoutMs: 180_000,
  });
  run.addCleanup(`server ${withMetrics.pid} (metrics)`, () => withMetrics.stop());
  return withMetrics;
}

/**
 * Issue 39: the metrics' cost, on the shop without them and a second one with them, side by side.
 * Returns the shop now running.
 */
export async function measureMetricsCostTargets(
  run: BenchRun,
  shop: ServerHandle,
  metricsCost: HttpTarget[],
): Promise<ServerHandle> {
  if (metricsCost.length === 0) return shop;
  const { args, log } = run;
  try {
    await shop.stop();
    shop = await run.start(60_000, { PAGE_CACHE_SECONDS: '0' });
    const metricsPort = await freePort();
    const withMetrics = await startShopWithMetrics(run, metricsPort);
    const paths = await productPagePaths(run.ctx);
    const hook = writeRotationHook(paths);
    run.addCleanup('hook metrics', hook.remove);
    const load = (origin: string) => ({
      url: `${origin}${paths[0]}`,
      connections: 10,
      headers: { accept: 'text/html' },
      requests: [{ setupRequest: hook.file }],
    });
    const { off, on } = await measureMetricsCost({
      off: load(shop.url),
      on: load(withMetrics.url),
      metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
      warmupSeconds: args.warmupSeconds,
      durationSeconds: args.durationSeconds * 2,
      rounds: 8,
      log,
    });
    run.results.http.set('product-page-metrics-off', new Map([[10, off]]));
    run.results.http.set('product-page-metrics', new Map([[10, on]]));
    log(
      `  off ${Math.round(off.reqPerSec)} req/s, on ${Math.round(on.reqPerSec)} req/s: ${(on.reqPerSec / off.reqPerSec).toFixed(3)}×`,
    );
    await withMetrics.stop();
  } catch (err) {
    for (const t of metricsCost) run.results.failures.set(t.name, errorText(err));
  }
  return shop;
}

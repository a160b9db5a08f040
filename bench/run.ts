// npm run bench [-- --quick --no-build --only=a,b --out=FILE --strict]
// npm run bench -- --scenario flash [--quick ...]: the flash sale, see flash.ts.
//
// One run: build; start the built shop on a fresh demo database (timing start-up), restart it on
// the now existing database (timing again); start a bare Fastify route answering the same bytes as
// the products list; load every HTTP target with autocannon at each concurrency; audit the pages
// with Lighthouse; print the figures and the budgets, and write the Markdown report. Servers,
// Chromium and the throw-away database are always cleaned up, also on failure or Ctrl-C.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFlash } from './flash.ts';
import { parseArgs, type BenchArgs } from './lib/args.ts';
import { startBareServer } from './lib/bare-server.ts';
import { baselineBuild, type BaselineBuild } from './lib/baseline-build.ts';
import { runBuild } from './lib/build.ts';
import { createBenchDatabase } from './lib/database.ts';
import { measureLoad } from './lib/http-load.ts';
import { measureMetricsCost } from './lib/metrics-cost.ts';
import { auditPage, killAllChrome } from './lib/lighthouse.ts';
import { printSummary, renderMarkdown, writeReport, type RunInfo } from './lib/report.ts';
import type { RunResults } from './lib/results.ts';
import { freePort, startServer, stopAllServers, type ServerHandle } from './lib/server.ts';
import { writeRotationHook } from './lib/rotating-paths.ts';
import { runOrderSeed, runSeed } from './lib/seed.ts';
import {
  BARE_COPY_OF,
  BUDGETS,
  CONNECTIONS,
  HTTP_TARGETS,
  LARGE_CATALOGUE_PRODUCTS,
  SALES_REPORT_ORDERS,
  LIGHTHOUSE_PAGES,
  productPagePaths,
  type HttpTarget,
  type RequestSpec,
  type TargetContext,
} from './targets.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');
/** NODE_ENV of the measured server: production, so React and React Router run their production builds. */
const SERVER_NODE_ENV = process.env.BENCH_NODE_ENV ?? 'production';

// ---- cleanup: run in reverse order on success, failure and signals --------------------------------

const cleanups: { name: string; run: () => Promise<void> | void }[] = [];
let cleanedUp = false;

async function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const { name, run } of cleanups.reverse()) {
    try {
      await run();
    } catch (err) {
      console.error(`[bench] cleanup ${name} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  killAllChrome();
  await stopAllServers();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n[bench] ${signal}: stopping servers and Chromium`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---- selection ------------------------------------------------------------------------------------

function selectNames(args: BenchArgs): Set<string> {
  const pages = LIGHTHOUSE_PAGES.map((p) => p.name);
  const known = new Set([...HTTP_TARGETS.map((t) => t.name), ...pages, 'lighthouse', 'startup']);
  if (!args.only) return known;
  const unknown = args.only.filter((n) => !known.has(n));
  if (unknown.length) throw new Error(`--only: unknown name(s) ${unknown.join(', ')}; known: ${[...known].join(', ')}`);
  const selected = new Set(args.only.flatMap((n) => (n === 'lighthouse' ? pages : [n])));
  // A budget that needs a yardstick (ratios need `bare`) pulls it in.
  for (const budget of BUDGETS) {
    if (budget.needs.some((n) => selected.has(n))) budget.needs.forEach((n) => selected.add(n));
  }
  return selected;
}

const log = (msg: string) => console.log(`[bench] ${msg}`);
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

// ---- the run ----------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const args = parseArgs(argv);
  if (args.scenario === 'flash') {
    try {
      return await runFlash({
        args,
        argv,
        root,
        serverEntry,
        addCleanup: (name, run) => cleanups.push({ name, run }),
        log,
      });
    } finally {
      await cleanUp();
    }
  }
  const selected = selectNames(args);
  const partial = args.quick || args.only !== undefined;
  const benchDatabaseUrl = process.env.BENCH_DATABASE_URL;
  // A full run writes docs/performance.md on the embedded PGlite (what `npm start` runs) and
  // docs/performance-postgresql.md on PostgreSQL (what the order budgets are stated for).
  const fullReport = benchDatabaseUrl ? 'docs/performance-postgresql.md' : 'docs/performance.md';
  const outFile = path.resolve(root, args.out ?? (partial ? 'bench/out/performance.md' : fullReport));

  // Other work on the machine shows in every latency figure; the report states how busy it was.
  const loadAtStart = os.loadavg()[0]!;
  const results: RunResults = { startup: {}, http: new Map(), lighthouse: new Map(), failures: new Map() };

  if (args.build) {
    log('npm run build');
    const buildMs = await runBuild(root);
    log(`build done in ${(buildMs / 1000).toFixed(1)} s`);
  }
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run npm run build (or drop --no-build)`);

  // Earlier builds a budget compares with, built (once, then kept) before anything is measured.
  const baselineTargets = HTTP_TARGETS.filter((t) => t.baseline && selected.has(t.name));
  const baselines = new Map<string, BaselineBuild>();
  for (const rev of new Set(baselineTargets.map((t) => t.baseline!))) {
    const forRev = baselineTargets.filter((t) => t.baseline === rev);
    if (benchDatabaseUrl) {
      // Its own schema would need a database of its own on the server; PGlite gives it a directory.
      for (const t of forRev)
        results.failures.set(t.name, `${rev} is measured on PGlite only (run without BENCH_DATABASE_URL)`);
      continue;
    }
    try {
      baselines.set(rev, await baselineBuild(root, rev, log));
    } catch (err) {
      for (const t of forRev) results.failures.set(t.name, errorText(err));
    }
  }

  const database = await createBenchDatabase(benchDatabaseUrl);
  cleanups.push({ name: 'database', run: () => database.dispose() });
  log(`database: ${database.driver}`);

  // The caller's own database, port and public URL must not leak into the measured server.
  const serverEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'PUBLIC_URL', 'NODE_ENV']) delete serverEnv[key];
  Object.assign(serverEnv, database.env, {
    NODE_ENV: SERVER_NODE_ENV,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    JWT_SECRET: crypto.randomBytes(36).toString('base64url'), // 48 characters
    // A production build on demo data that takes no real order: the payment simulator and the SMS log.
    ALLOW_TEST_PROVIDERS: 'true',
    // What the shop can serve, not how much it turns away: overload answers (503) are the flash
    // scenario's subject, measured there.
    SHED_IN_FLIGHT: '0',
    SHED_EVENT_LOOP_DELAY_MS: '0',
    SHED_POOL_WAITING: '0',
  });
  const port = await freePort();
  const start = async (timeoutMs: number, env: NodeJS.ProcessEnv = {}): Promise<ServerHandle> => {
    const server = await startServer({ cwd: root, entry: serverEntry, env: { ...serverEnv, ...env }, port, timeoutMs });
    cleanups.push({ name: `server ${server.pid}`, run: () => server.stop() });
    return server;
  };

  log('starting the shop on the fresh database (migrations + demo seed)');
  let shop = await start(180_000);
  results.startup.freshMs = shop.startupMs;
  log(`fresh database: /healthz after ${shop.startupMs.toFixed(0)} ms`);
  if (selected.has('startup')) {
    await shop.stop();
    shop = await start(60_000);
    results.startup.existingMs = shop.startupMs;
    log(`existing database: /healthz after ${shop.startupMs.toFixed(0)} ms`);
  }

  const guestUser = process.env.GUEST_BASIC_USER ?? 'guest';
  const guestPassword = process.env.GUEST_BASIC_PASSWORD ?? 'guest-storefront';
  const ctx: TargetContext = {
    shopUrl: shop.url,
    guestAuthorization: `Basic ${Buffer.from(`${guestUser}:${guestPassword}`).toString('base64')}`,
    databaseUrl: database.env.DATABASE_URL,
  };

  // The yardstick: fetch the shop's answer once, serve the same bytes from a bare Fastify route.
  let bareUrl: string | undefined;
  let bareBytes: number | undefined;
  const wantsBare = HTTP_TARGETS.some((t) => t.server === 'bare' && selected.has(t.name));
  if (wantsBare) {
    try {
      const res = await fetch(`${shop.url}${BARE_COPY_OF}`, {
        headers: { authorization: ctx.guestAuthorization, 'accept-encoding': 'identity' },
      });
      const body = Buffer.from(await res.arrayBuffer());
      if (!res.ok) throw new Error(`GET ${BARE_COPY_OF} answered ${res.status}: ${body.toString('utf8', 0, 200)}`);
      const bare = await startBareServer({
        path: BARE_COPY_OF,
        body,
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
        port: await freePort(),
      });
      cleanups.push({ name: 'bare server', run: () => bare.close() });
      bareUrl = bare.url;
      bareBytes = body.length;
    } catch (err) {
      for (const t of HTTP_TARGETS.filter((t) => t.server === 'bare')) results.failures.set(t.name, errorText(err));
    }
  }

  /** Checks each target once (a 401 or 404 measured at full speed would be meaningless), then loads it. */
  const measureTargets = async (targets: HttpTarget[], shopUrl: string, byTarget = false) => {
    const targetCtx: TargetContext = { ...ctx, shopUrl };
    const ready: { name: string; url: string; spec: RequestSpec; hook?: string }[] = [];
    for (const target of targets.filter((t) => selected.has(t.name) && !results.failures.has(t.name))) {
      const origin = target.server === 'bare' ? bareUrl : shopUrl;
      if (!origin) continue;
      try {
        const spec = await target.request(targetCtx);
        const paths = target.rotatePaths ? await target.rotatePaths(targetCtx) : [target.path];
        if (spec.probe) await spec.probe();
        else {
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
        let hook: string | undefined;
        if (target.rotatePaths) {
          const written = writeRotationHook(paths);
          cleanups.push({ name: `hook ${target.name}`, run: written.remove });
          hook = written.file;
        }
        ready.push({ name: target.name, url: `${origin}${paths[0]}`, spec, hook });
      } catch (err) {
        results.failures.set(target.name, errorText(err));
      }
    }

    // Each concurrency for every target in turn, or (`byTarget`, for ratios between concurrencies)
    // each target at every concurrency in turn, so that the two figures of a ratio are taken close together.
    const runs = byTarget
      ? ready.flatMap((target) => CONNECTIONS.map((connections) => ({ ...target, connections })))
      : CONNECTIONS.flatMap((connections) => ready.map((target) => ({ ...target, connections })));
    for (const { name, url, spec, hook, connections } of runs) {
      log(`${name} -c ${connections}: ${args.warmupSeconds} s warm-up, ${args.durationSeconds} s measured`);
      try {
        const load = { url, connections, warmupSeconds: args.warmupSeconds, durationSeconds: args.durationSeconds };
        const r = spec.measure
          ? await spec.measure(load)
          : await measureLoad({ ...load, ...spec, ...(hook ? { requests: [{ setupRequest: hook }] } : {}) });
        if (!results.http.has(name)) results.http.set(name, new Map());
        results.http.get(name)?.set(connections, r);
        log(
          `  ${Math.round(r.reqPerSec)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.errors} errors, ${r.non2xx} non-2xx`,
        );
      } catch (err) {
        results.failures.set(`${name} -c ${connections}`, errorText(err));
      }
    }
  };

  const demoTargets = HTTP_TARGETS.filter((t) => (t.catalogue ?? 'demo') === 'demo');
  await measureTargets(
    demoTargets.filter((t) => !t.withoutPageCache && !t.withoutApiCache && !t.crowd),
    shop.url,
  );

  const pages = LIGHTHOUSE_PAGES.filter((p) => selected.has(p.name));
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  for (const page of pages) {
    if (!fs.existsSync(chromePath)) {
      results.failures.set(
        page.name,
        `${chromePath} is missing: apt-get update && apt-get install -y chromium (or set CHROME_PATH)`,
      );
      continue;
    }
    try {
      const pagePath = page.resolvePath ? await page.resolvePath(ctx) : page.path;
      log(`Lighthouse ${pagePath} (${args.lighthouseRuns} run(s), mobile)`);
      const res = await fetch(`${shop.url}${pagePath}`, { headers: { accept: 'text/html' } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET ${pagePath} answered ${res.status}`);
      const prepare = page.prepare;
      const r = await auditPage(
        `${shop.url}${pagePath}`,
        args.lighthouseRuns,
        prepare && (() => prepare(ctx)),
        path.join(root, 'bench/out', `${page.name}.json`),
      );
      results.lighthouse.set(page.name, r);
      log(
        `  performance ${r.performance} (runs ${r.allScores.join(', ')}), LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}, JS ${r.jsKb.toFixed(1)} KB`,
      );
    } catch (err) {
      results.failures.set(page.name, errorText(err));
    }
  }

  // The earlier build first, on a fresh demo database of its own and with its page cache off too, so
  // that its figure and today's are taken minutes apart on the same machine.
  for (const [rev, build] of baselines) {
    const targets = baselineTargets.filter((t) => t.baseline === rev && !results.failures.has(t.name));
    try {
      await shop.stop();
      const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'shop-bench-baseline-data-'));
      cleanups.push({ name: `data of ${rev}`, run: () => fs.promises.rm(dataDir, { recursive: true, force: true }) });
      log(`starting ${rev} on a fresh database of its own`);
      const before = await startServer({
        cwd: build.dir,
        entry: build.entry,
        env: { ...serverEnv, DATA_DIR: dataDir, PAGE_CACHE_SECONDS: '0' },
        port,
        timeoutMs: 180_000,
      });
      cleanups.push({ name: `server ${before.pid} (${rev})`, run: () => before.stop() });
      await measureTargets(targets, before.url);
      await before.stop();
    } catch (err) {
      for (const t of targets) results.failures.set(t.name, errorText(err));
    }
  }

  // Renders measured as the first guest to ask gets them (docs/decisions/018): the shop starts again
  // with the page cache off, after the pages Lighthouse audits were measured with it as shoppers get it.
  const renders = demoTargets.filter(
    (t) => t.withoutPageCache && !t.baseline && !t.metricsCost && selected.has(t.name),
  );
  if (renders.length > 0) {
    try {
      await shop.stop();
      shop = await start(60_000, { PAGE_CACHE_SECONDS: '0' });
      await measureTargets(renders, shop.url);
    } catch (err) {
      for (const t of renders) results.failures.set(t.name, errorText(err));
    }
  }

  // Issue 45: the API's answers as the first to ask gets them, with the response cache off.
  const uncached = demoTargets.filter((t) => t.withoutApiCache && selected.has(t.name));
  if (uncached.length > 0) {
    try {
      await shop.stop();
      shop = await start(60_000, { API_CACHE_SECONDS: '0' });
      await measureTargets(uncached, shop.url);
    } catch (err) {
      for (const t of uncached) results.failures.set(t.name, errorText(err));
    }
  }

  // Issue 37 item 5: goodput under a crowd, with the overload shedding production runs with (the
  // settings left unset take their production defaults) and every page rendered.
  const crowd = demoTargets.filter((t) => t.crowd && selected.has(t.name));
  if (crowd.length > 0) {
    try {
      await shop.stop();
      shop = await start(60_000, {
        PAGE_CACHE_SECONDS: '0',
        SHED_IN_FLIGHT: undefined,
        SHED_EVENT_LOOP_DELAY_MS: undefined,
        SHED_POOL_WAITING: undefined,
      });
      await measureTargets(crowd, shop.url, true);
    } catch (err) {
      for (const t of crowd) results.failures.set(t.name, errorText(err));
    }
  }

  // Issue 39: the metrics' cost, on the shop without them and a second one with them, side by side.
  const metricsCost = demoTargets.filter((t) => t.metricsCost && selected.has(t.name));
  if (metricsCost.length > 0) {
    try {
      await shop.stop();
      shop = await start(60_000, { PAGE_CACHE_SECONDS: '0' });
      const metricsPort = await freePort();
      // PGlite is one process's directory: the second shop gets a fresh demo database of its own.
      const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'shop-bench-metrics-data-'));
      cleanups.push({
        name: 'data of the shop with metrics',
        run: () => fs.promises.rm(dataDir, { recursive: true, force: true }),
      });
      log('starting a second shop with METRICS_PORT');
      const withMetrics = await startServer({
        cwd: root,
        entry: serverEntry,
        env: {
          ...serverEnv,
          ...(database.driver === 'pglite' ? { DATA_DIR: dataDir } : {}),
          PAGE_CACHE_SECONDS: '0',
          METRICS_PORT: String(metricsPort),
        },
        port: await freePort(),
        timeoutMs: 180_000,
      });
      cleanups.push({ name: `server ${withMetrics.pid} (metrics)`, run: () => withMetrics.stop() });
      const paths = await productPagePaths(ctx);
      const hook = writeRotationHook(paths);
      cleanups.push({ name: 'hook metrics', run: hook.remove });
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
      results.http.set('product-page-metrics-off', new Map([[10, off]]));
      results.http.set('product-page-metrics', new Map([[10, on]]));
      log(
        `  off ${Math.round(off.reqPerSec)} req/s, on ${Math.round(on.reqPerSec)} req/s: ${(on.reqPerSec / off.reqPerSec).toFixed(3)}×`,
      );
      await withMetrics.stop();
    } catch (err) {
      for (const t of metricsCost) results.failures.set(t.name, errorText(err));
    }
  }

  // Issue 4: the search budget holds on a large catalogue. The demo figures above are taken first, so
  // they do not change with it; then the shop stops, the seed adds the products, and it starts again.
  const large = HTTP_TARGETS.filter((t) => t.catalogue === 'large' && selected.has(t.name));
  if (large.length > 0) {
    try {
      await shop.stop();
      log(
        `adding ${LARGE_CATALOGUE_PRODUCTS.toLocaleString('en-US')} products (npm run seed -- --products ${LARGE_CATALOGUE_PRODUCTS})`,
      );
      const seedMs = await runSeed(root, serverEnv, LARGE_CATALOGUE_PRODUCTS);
      log(`  seeded in ${(seedMs / 1000).toFixed(1)} s`);
      shop = await start(120_000, { API_CACHE_SECONDS: '0' });
      await measureTargets(large, shop.url);
    } catch (err) {
      for (const t of large) results.failures.set(t.name, errorText(err));
    }
  }

  // Issue 42: the sales report over many orders, measured last since the orders change what the
  // storefront targets read (the members' order lists, the dashboard).
  const withOrders = HTTP_TARGETS.filter((t) => t.catalogue === 'orders' && selected.has(t.name));
  if (withOrders.length > 0) {
    try {
      await shop.stop();
      log(
        `adding ${SALES_REPORT_ORDERS.toLocaleString('en-US')} orders (npm run seed -- --orders ${SALES_REPORT_ORDERS})`,
      );
      const seedMs = await runOrderSeed(root, serverEnv, SALES_REPORT_ORDERS);
      log(`  seeded in ${(seedMs / 1000).toFixed(1)} s`);
      shop = await start(120_000);
      await measureTargets(withOrders, shop.url);
    } catch (err) {
      for (const t of withOrders) results.failures.set(t.name, errorText(err));
    }
  }

  await cleanUp();

  const cpus = os.cpus();
  const info: RunInfo = {
    date: new Date(),
    command: `${benchDatabaseUrl ? `BENCH_DATABASE_URL=${redactUrl(benchDatabaseUrl)} ` : ''}npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`,
    machine: `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB memory, ${os.type()} ${os.release()} ${os.arch()}; 1-minute load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`,
    node: process.version,
    driver: database.driver,
    nodeEnv: SERVER_NODE_ENV,
    warmupSeconds: args.warmupSeconds,
    durationSeconds: args.durationSeconds,
    lighthouseRuns: args.lighthouseRuns,
    connections: CONNECTIONS,
    httpTargets: HTTP_TARGETS.filter((t) => selected.has(t.name)).map(({ name, label, note }) => ({
      name,
      label,
      ...(note ? { note } : {}),
    })),
    lighthousePages: pages.map(({ name, label }) => ({ name, label })),
    ...(bareBytes !== undefined ? { bareBytes } : {}),
  };
  const outcomes = BUDGETS.filter((b) => b.needs.every((n) => selected.has(n))).map((b) => b.evaluate(results));
  printSummary(results, info, outcomes);
  await writeReport(outFile, renderMarkdown(results, info, outcomes));
  log(`report written to ${path.relative(process.cwd(), outFile) || outFile}`);

  const budgetFailed = outcomes.some((o) => o.verdict === 'FAIL');
  return results.failures.size > 0 || (args.strict && budgetFailed) ? 1 : 0;
}

main()
  .then(
    (code) => {
      process.exitCode = code;
    },
    async (err: unknown) => {
      console.error(`[bench] failed: ${errorText(err)}`);
      await cleanUp();
      process.exitCode = 1;
    },
  )
  .finally(() => {
    // Nothing of ours should be left; do not wait on stray handles (e.g. a keep-alive socket).
    setTimeout(() => process.exit(), 1_000).unref();
  });

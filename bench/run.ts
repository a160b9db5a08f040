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
import type { BaselineBuild } from './lib/baseline-build.ts';
import type { BenchRun } from './lib/bench-run.ts';
import { runBuild } from './lib/build.ts';
import {
  buildBaselines,
  measureBaselines,
  measureMetricsCostTargets,
  startLighthouseBaselines,
} from './lib/comparison-runs.ts';
import { createBenchDatabase, type BenchDatabase } from './lib/database.ts';
import { killAllChrome } from './lib/lighthouse.ts';
import { auditPages } from './lib/page-audits.ts';
import { printSummary, renderMarkdown, writeReport, type RunInfo } from './lib/report.ts';
import type { RunResults } from './lib/results.ts';
import { freePort, startServer, stopAllServers, type ServerHandle } from './lib/server.ts';
import { runOrderSeed, runSeed } from './lib/seed.ts';
import { measureTargets, restartAndMeasure } from './lib/target-runs.ts';
import {
  BARE_COPY_OF,
  BUDGETS,
  CONNECTIONS,
  HTTP_TARGETS,
  LARGE_CATALOGUE_PRODUCTS,
  SALES_REPORT_ORDERS,
  LIGHTHOUSE_PAGES,
  type HttpTarget,
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

/** The measured server's environment: the caller's database, port and public URL must not leak in. */
function serverEnvironment(database: BenchDatabase): NodeJS.ProcessEnv {
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
  return serverEnv;
}

/** The yardstick: fetch the shop's answer once, serve the same bytes from a bare Fastify route. */
async function startBare(run: BenchRun): Promise<number | undefined> {
  const wantsBare = HTTP_TARGETS.some((t) => t.server === 'bare' && run.selected.has(t.name));
  if (!wantsBare) return undefined;
  try {
    const res = await fetch(`${run.ctx.shopUrl}${BARE_COPY_OF}`, {
      headers: { authorization: run.ctx.guestAuthorization, 'accept-encoding': 'identity' },
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
    run.bareUrl = bare.url;
    return body.length;
  } catch (err) {
    for (const t of HTTP_TARGETS.filter((t) => t.server === 'bare')) run.results.failures.set(t.name, errorText(err));
    return undefined;
  }
}

/** Builds the shop unless --no-build; the built server must be there either way. */
async function buildIfAsked(args: BenchArgs) {
  if (args.build) {
    log('npm run build');
    const buildMs = await runBuild(root);
    log(`build done in ${(buildMs / 1000).toFixed(1)} s`);
  }
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run npm run build (or drop --no-build)`);
}

/** Starts timed on the existing database; the budget takes their median (the machine's noise moves one by a second). */
const EXISTING_DATABASE_STARTS = 3;

/** The shop on the bench's database, with the run's shared state; timing its start-up. */
async function openRun(args: BenchArgs, selected: Set<string>, results: RunResults, database: BenchDatabase) {
  const serverEnv = serverEnvironment(database);
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
    results.startup.existingRuns = [];
    for (let i = 0; i < EXISTING_DATABASE_STARTS; i++) {
      await shop.stop();
      shop = await start(60_000);
      results.startup.existingRuns.push(shop.startupMs);
      log(`existing database: /healthz after ${shop.startupMs.toFixed(0)} ms`);
    }
  }

  const guestUser = process.env.GUEST_BASIC_USER ?? 'guest';
  const guestPassword = process.env.GUEST_BASIC_PASSWORD ?? 'guest-storefront';
  const run: BenchRun = {
    root,
    serverEntry,
    args,
    selected,
    results,
    ctx: {
      shopUrl: shop.url,
      guestAuthorization: `Basic ${Buffer.from(`${guestUser}:${guestPassword}`).toString('base64')}`,
      databaseUrl: database.env.DATABASE_URL,
    },
    database,
    serverEnv,
    port,
    start,
    addCleanup: (name, cleanup) => cleanups.push({ name, run: cleanup }),
    log,
  };
  return { run, shop };
}

/** The seed that adds products or orders while the shop is stopped, timed. */
const seeding = (what: string, seed: () => Promise<number>) => async () => {
  log(what);
  const seedMs = await seed();
  log(`  seeded in ${(seedMs / 1000).toFixed(1)} s`);
};

/**
 * After the demo figures and the audits: the shop restarted with other settings for the targets
 * that measure those, the database grown last.
 */
async function measureRestarts(run: BenchRun, shop: ServerHandle, baselines: Map<string, BaselineBuild>) {
  const chosen = (t: HttpTarget) => run.selected.has(t.name);
  const demoTargets = HTTP_TARGETS.filter((t) => (t.catalogue ?? 'demo') === 'demo');
  const baselineTargets = HTTP_TARGETS.filter((t) => t.baseline && chosen(t));
  shop = await measureBaselines(run, shop, baselines, baselineTargets, HTTP_TARGETS);
  // Renders measured as the first guest to ask gets them (docs/decisions/018): the shop starts again
  // with the page cache off, after the pages Lighthouse audits were measured with it as shoppers get it.
  const renders = demoTargets.filter(
    (t) => t.withoutPageCache && !t.baseline && !t.metricsCost && !t.alternatesWith && chosen(t),
  );
  shop = await restartAndMeasure(run, shop, renders, { timeoutMs: 60_000, env: { PAGE_CACHE_SECONDS: '0' } });
  // Issue 45: the API's answers as the first to ask gets them, with the response cache off.
  const uncached = demoTargets.filter((t) => t.withoutApiCache && chosen(t));
  shop = await restartAndMeasure(run, shop, uncached, { timeoutMs: 60_000, env: { API_CACHE_SECONDS: '0' } });
  // Issue 37 item 5: goodput under a crowd, with the overload shedding production runs with (the
  // settings left unset take their production defaults) and every page rendered.
  const crowd = demoTargets.filter((t) => t.crowd && chosen(t));
  const shedding = { SHED_IN_FLIGHT: undefined, SHED_EVENT_LOOP_DELAY_MS: undefined, SHED_POOL_WAITING: undefined };
  shop = await restartAndMeasure(run, shop, crowd, {
    timeoutMs: 60_000,
    env: { PAGE_CACHE_SECONDS: '0', ...shedding },
    byTarget: true,
  });
  shop = await measureMetricsCostTargets(
    run,
    shop,
    demoTargets.filter((t) => t.metricsCost && chosen(t)),
  );
  // Issue 4: the search budget holds on a large catalogue. The demo figures above are taken first, so
  // they do not change with it; then the shop stops, the seed adds the products, and it starts again.
  const large = HTTP_TARGETS.filter((t) => t.catalogue === 'large' && chosen(t));
  shop = await restartAndMeasure(run, shop, large, {
    timeoutMs: 120_000,
    env: { API_CACHE_SECONDS: '0' },
    whileStopped: seeding(
      `adding ${LARGE_CATALOGUE_PRODUCTS.toLocaleString('en-US')} products (npm run seed -- --products ${LARGE_CATALOGUE_PRODUCTS})`,
      () => runSeed(root, run.serverEnv, LARGE_CATALOGUE_PRODUCTS),
    ),
  });
  // Issue 42: the sales report over many orders, measured last since the orders change what the
  // storefront targets read (the members' order lists, the dashboard).
  const withOrders = HTTP_TARGETS.filter((t) => t.catalogue === 'orders' && chosen(t));
  await restartAndMeasure(run, shop, withOrders, {
    timeoutMs: 120_000,
    whileStopped: seeding(
      `adding ${SALES_REPORT_ORDERS.toLocaleString('en-US')} orders (npm run seed -- --orders ${SALES_REPORT_ORDERS})`,
      () => runOrderSeed(root, run.serverEnv, SALES_REPORT_ORDERS),
    ),
  });
}

/** What the report says of the run: the command, the machine and how busy it was, what was measured. */
function runInfo(run: BenchRun, argv: string[], loadAtStart: number, bareBytes: number | undefined): RunInfo {
  const { args, selected } = run;
  const benchDatabaseUrl = process.env.BENCH_DATABASE_URL;
  const cpus = os.cpus();
  return {
    date: new Date(),
    command: `${benchDatabaseUrl ? `BENCH_DATABASE_URL=${redactUrl(benchDatabaseUrl)} ` : ''}npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`,
    machine: `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB memory, ${os.type()} ${os.release()} ${os.arch()}; 1-minute load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`,
    node: process.version,
    driver: run.database.driver,
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
    lighthousePages: LIGHTHOUSE_PAGES.filter((p) => selected.has(p.name)).map(({ name, label }) => ({ name, label })),
    ...(bareBytes !== undefined ? { bareBytes } : {}),
  };
}

/** Prints the figures and the budgets and writes the Markdown report; the exit code. */
async function report(run: BenchRun, info: RunInfo, outFile: string): Promise<number> {
  const { results, selected, args } = run;
  const outcomes = BUDGETS.filter((b) => b.needs.every((n) => selected.has(n))).map((b) => b.evaluate(results));
  printSummary(results, info, outcomes);
  await writeReport(outFile, renderMarkdown(results, info, outcomes));
  log(`report written to ${path.relative(process.cwd(), outFile) || outFile}`);
  const budgetFailed = outcomes.some((o) => o.verdict === 'FAIL');
  return results.failures.size > 0 || (args.strict && budgetFailed) ? 1 : 0;
}

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
  await buildIfAsked(args);
  const lighthousePages = LIGHTHOUSE_PAGES.filter((p) => selected.has(p.name));
  const baselineTargets = [
    ...HTTP_TARGETS.filter((t) => t.baseline && selected.has(t.name)),
    ...lighthousePages.flatMap((p) => (p.baseline ? [{ name: p.name, baseline: p.baseline.rev }] : [])),
  ];
  const baselines = await buildBaselines({ root, results, log }, baselineTargets, Boolean(benchDatabaseUrl));

  const database = await createBenchDatabase(benchDatabaseUrl);
  cleanups.push({ name: 'database', run: () => database.dispose() });
  log(`database: ${database.driver}`);
  const { run, shop } = await openRun(args, selected, results, database);
  const bareBytes = await startBare(run);

  const demoTargets = HTTP_TARGETS.filter((t) => (t.catalogue ?? 'demo') === 'demo');
  await measureTargets(
    run,
    demoTargets.filter((t) => !t.withoutPageCache && !t.withoutApiCache && !t.crowd),
    shop,
  );
  const lighthouseBaselines = await startLighthouseBaselines(run, baselines, lighthousePages);
  await auditPages(run, shop.url, lighthousePages, lighthouseBaselines.urls);
  await lighthouseBaselines.stop();
  await measureRestarts(run, shop, baselines);
  await cleanUp();
  return report(run, runInfo(run, argv, loadAtStart, bareBytes), outFile);
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

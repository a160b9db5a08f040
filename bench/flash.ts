// npm run bench -- --scenario flash [--quick --no-build --out=FILE --strict]
//
// The flash sale of issue 18: the built shop on PostgreSQL and Redis, several processes (node:cluster,
// WEB_CONCURRENCY) behind the shipped nginx config. First the yardstick: uncached product pages per
// second with one process, then with two (autocannon straight at the app's port, not through nginx).
// Then 300 connections for 60 s through nginx over HTTPS: shoppers reading the influencer page,
// shoppers reading product pages, and buyers adding 1 unit of an item with 50 in stock to their cart
// and ordering it; at 20 s one worker is killed with SIGKILL (the primary starts another), and at 30 s
// the primary gets SIGHUP and replaces every worker in turn, as a deploy does. Afterwards
// the database is asked what was sold: the orders acknowledged with 201 must all be there, and exactly
// 50 units sold. Writes docs/performance-flash.md (bench/out/performance-flash.md with --quick).
import crypto from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  NGINX_BINARY,
  nginxArgs,
  writeNginxConfig,
  writeSelfSignedCertificate,
} from '../apps/server/src/deploy/nginx-config.ts';
import type { BenchArgs } from './lib/args.ts';
import { runBuild } from './lib/build.ts';
import { createBenchDatabase } from './lib/database.ts';
import { childPids, countSold, pickFlashItem, sleep, untilAnswering } from './lib/flash-processes.ts';
import {
  errorText,
  evaluate,
  nginxVersion,
  renderMarkdown,
  renderSummary,
  summariseNginxErrors,
  type FlashReport,
} from './lib/flash-report.ts';
import {
  CONNECTIONS,
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  FLASH_PROCESSES,
  FLASH_STOCK,
  INFLUENCER_CODE,
  RATIO_CONNECTIONS,
  YARDSTICK_ENV,
  medianRun,
  servedPerSec,
  type DeployRecord,
  type KillRecord,
  type Timings,
} from './lib/flash-settings.ts';
import { measureLoad, type LoadResult } from './lib/http-load.ts';
import { runMixedLoad, type MixedLoadResult } from './lib/mixed-load.ts';
import { writeRotationHook } from './lib/rotating-paths.ts';
import { freePort, startServer, type ServerHandle } from './lib/server.ts';
import { benchShoppers } from './lib/shoppers.ts';
import { BENCH_ORDER, productPagePaths } from './targets.ts';

export interface FlashContext {
  args: BenchArgs;
  argv: string[];
  root: string;
  serverEntry: string;
  /** Registers a cleanup that run.ts runs on success, failure and Ctrl-C. */
  addCleanup(name: string, run: () => Promise<void> | void): void;
  log(msg: string): void;
}

/** The shop's processes as the run starts and stops them, on the scenario's database and Redis. */
interface FlashShop {
  database: Awaited<ReturnType<typeof createBenchDatabase>>;
  databaseUrl: string;
  port: number;
  start(env: Record<string, string>, timeoutMs?: number): Promise<ServerHandle>;
}

function flashTimings(quick: boolean): Timings {
  return quick
    ? { flashSeconds: 20, killAtSeconds: 5, deployAtSeconds: 10, warmupSeconds: 2, ratioSeconds: 5, ratioRounds: 1 }
    : // A fresh server each round: 10 s of warm-up lets the JIT finish, which two processes sharing the
      // load take longer to do than one (each compiles its own copy), so a short one favoured one process.
      { flashSeconds: 60, killAtSeconds: 20, deployAtSeconds: 30, warmupSeconds: 10, ratioSeconds: 10, ratioRounds: 3 };
}

/** The build (unless --no-build) and what the scenario needs of it and of the machine. */
async function checkPrerequisites(ctx: FlashContext) {
  const { args, root, log } = ctx;
  if (!fs.existsSync(NGINX_BINARY)) throw new Error(`${NGINX_BINARY} is missing: apt-get install -y nginx`);
  if (args.build) {
    log('npm run build');
    const buildMs = await runBuild(root);
    log(`build done in ${(buildMs / 1000).toFixed(1)} s`);
  }
  if (!fs.existsSync(ctx.serverEntry)) {
    throw new Error(`${ctx.serverEntry} is missing: run npm run build (or drop --no-build)`);
  }
  const clientDir = path.join(root, 'apps/web/build/client');
  if (!fs.existsSync(clientDir)) throw new Error(`${clientDir} is missing: run npm run build`);
}

/** A throw-away database and the server's settings: production, demo data, Redis, behind nginx. */
async function prepareShop(ctx: FlashContext): Promise<FlashShop> {
  const benchDatabaseUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const database = await createBenchDatabase(benchDatabaseUrl);
  ctx.addCleanup('database', () => database.dispose());
  const databaseUrl = database.env.DATABASE_URL!;
  ctx.log(`database: ${database.driver}; Redis ${redisUrl}`);

  const serverEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'PUBLIC_URL', 'NODE_ENV', 'WEB_CONCURRENCY']) {
    delete serverEnv[key];
  }
  Object.assign(serverEnv, database.env, {
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    JWT_SECRET: crypto.randomBytes(36).toString('base64url'),
    ALLOW_TEST_PROVIDERS: 'true',
    REDIS_URL: redisUrl,
    TRUST_PROXY: '127.0.0.1',
  });
  const port = await freePort();
  const start = async (env: Record<string, string>, timeoutMs = 120_000): Promise<ServerHandle> => {
    const server = await startServer({
      cwd: ctx.root,
      entry: ctx.serverEntry,
      env: { ...serverEnv, ...env },
      port,
      timeoutMs,
    });
    ctx.addCleanup(`server ${server.pid}`, () => server.stop());
    return server;
  };
  return { database, databaseUrl, port, start };
}

/**
 * 1. The yardstick: uncached product pages, one process, then two. One, two, one, two…: a neighbour's
 * load on a shared machine drifts over a minute, and alternating rounds with the median of each side
 * keeps that drift out of the ratio. Starts the shop on the fresh database first (migrations, seed).
 */
async function measureYardstick(
  ctx: FlashContext,
  t: Timings,
  shopProcesses: FlashShop,
  failures: Map<string, string>,
) {
  const { log } = ctx;
  const rounds: { one: LoadResult[]; two: LoadResult[] } = { one: [], two: [] };
  log('starting one process on the fresh database (migrations + demo seed), page cache off');
  let shop = await shopProcesses.start({ WEB_CONCURRENCY: '1', ...YARDSTICK_ENV }, 180_000);
  let running = 1;
  const guestAuthorization = `Basic ${Buffer.from(`${process.env.GUEST_BASIC_USER ?? 'guest'}:${process.env.GUEST_BASIC_PASSWORD ?? 'guest-storefront'}`).toString('base64')}`;
  const pagePaths = await productPagePaths({ shopUrl: shop.url, guestAuthorization });
  const hook = writeRotationHook(pagePaths);
  ctx.addCleanup('rotation hook', hook.remove);
  for (let round = 1; round <= t.ratioRounds; round++) {
    for (const processes of [1, 2] as const) {
      try {
        if (processes !== running) {
          await shop.stop();
          shop = await shopProcesses.start({ WEB_CONCURRENCY: String(processes), ...YARDSTICK_ENV });
          running = processes;
        }
        log(
          `round ${round}: product pages, ${processes} process(es), no page cache: autocannon -c ${RATIO_CONNECTIONS}, ${t.warmupSeconds} s warm-up, ${t.ratioSeconds} s measured`,
        );
        const r = await measureLoad({
          url: `${shop.url}${pagePaths[0]}`,
          connections: RATIO_CONNECTIONS,
          warmupSeconds: t.warmupSeconds,
          durationSeconds: t.ratioSeconds,
          headers: { accept: 'text/html' },
          requests: [{ setupRequest: hook.file }],
        });
        rounds[processes === 1 ? 'one' : 'two'].push({ ...r, reqPerSec: servedPerSec(r, t.ratioSeconds) });
        log(
          `  ${servedPerSec(r, t.ratioSeconds).toFixed(1)} pages/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.non2xx} non-2xx`,
        );
      } catch (err) {
        failures.set(`product pages, ${processes} process(es), round ${round}`, errorText(err));
      }
    }
  }
  await shop.stop();
  return { ratio: { one: medianRun(rounds.one), two: medianRun(rounds.two), rounds }, pagePaths };
}

/** The shipped nginx config in front of the shop's port, over HTTPS with a self-signed certificate. */
async function startNginx(ctx: FlashContext, port: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-nginx-'));
  ctx.addCleanup('nginx folder', () => fs.rmSync(dir, { recursive: true, force: true }));
  fs.chmodSync(dir, 0o755);
  writeSelfSignedCertificate(dir, 'shop.example.tw');
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  writeNginxConfig({
    dir,
    httpPort,
    httpsPort,
    // One machine: both shipped upstream lines name its one port (what shop.conf ships).
    upstreamPorts: [port, port, port, port],
    certDir: dir,
    repositoryDir: `${ctx.root}/`,
    workerConnections: 4096,
  });
  execFileSync(NGINX_BINARY, nginxArgs(dir, 'test'), { stdio: 'pipe' });
  const nginx = spawn(NGINX_BINARY, nginxArgs(dir, 'run'), { stdio: 'ignore' });
  const nginxExit = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  ctx.addCleanup(`nginx ${nginx.pid}`, async () => {
    if (nginx.exitCode !== null || nginx.signalCode !== null) return;
    nginx.kill('SIGQUIT'); // graceful: the master stops its workers
    const timer = setTimeout(() => nginx.kill('SIGKILL'), 5_000);
    await nginxExit;
    clearTimeout(timer);
  });
  return { dir, origin: `https://127.0.0.1:${httpsPort}`, pid: nginx.pid };
}

/** At `killAtSeconds`, SIGKILL to one worker; then waits (up to 15 s) for the primary's replacement. */
async function killOneWorker(ctx: FlashContext, t: Timings, primary: number, failures: Map<string, string>) {
  await sleep(t.killAtSeconds * 1000);
  const victim = childPids(primary)[0];
  if (victim === undefined) {
    failures.set('kill', `no worker of primary ${primary} found`);
    return undefined;
  }
  const killedAt = performance.now();
  process.kill(victim, 'SIGKILL');
  const kill: KillRecord = { victim, atSeconds: t.killAtSeconds };
  ctx.log(`  ${t.killAtSeconds} s: SIGKILL to worker ${victim}`);
  const before = new Set(childPids(primary));
  before.add(victim);
  while (performance.now() - killedAt < 15_000) {
    const fresh = childPids(primary).find((pid) => !before.has(pid));
    if (fresh !== undefined) {
      kill.replacement = fresh;
      kill.replacementMs = performance.now() - killedAt;
      ctx.log(`  worker ${fresh} started by the primary ${Math.round(kill.replacementMs)} ms later`);
      return kill;
    }
    await sleep(20);
  }
  return kill;
}

/** At `deployAtSeconds`, SIGHUP to the primary; then waits (up to 60 s) for every worker to be replaced. */
async function deployDuringSale(ctx: FlashContext, t: Timings, primary: number) {
  await sleep(t.deployAtSeconds * 1000);
  const replaced = childPids(primary);
  const sentAt = performance.now();
  process.kill(primary, 'SIGHUP');
  const deploy: DeployRecord = { atSeconds: t.deployAtSeconds, replaced };
  ctx.log(`  ${t.deployAtSeconds} s: SIGHUP to the primary: workers ${replaced.join(', ')} to be replaced one by one`);
  while (performance.now() - sentAt < 60_000) {
    const now = childPids(primary);
    if (now.length === FLASH_PROCESSES && now.every((pid) => !replaced.includes(pid))) {
      deploy.doneMs = performance.now() - sentAt;
      ctx.log(`  every worker replaced ${(deploy.doneMs / 1000).toFixed(1)} s after the SIGHUP: ${now.join(', ')}`);
      return deploy;
    }
    await sleep(100);
  }
  return deploy;
}

/** 2. The flash sale: 300 connections through nginx, a worker killed and every worker replaced meanwhile. */
async function runSale(
  ctx: FlashContext,
  t: Timings,
  shopProcesses: FlashShop,
  pagePaths: string[],
  failures: Map<string, string>,
) {
  const { log } = ctx;
  const { databaseUrl, port } = shopProcesses;
  const item = await pickFlashItem(databaseUrl);
  log(`flash item: spec ${item.spec_id} of product ${item.products_id} (${item.name}), stock ${FLASH_STOCK}`);
  log(`starting ${FLASH_PROCESSES} processes with Redis, page cache on`);
  const shop = await shopProcesses.start({ WEB_CONCURRENCY: String(FLASH_PROCESSES) });
  const nginx = await startNginx(ctx, port);
  const { origin } = nginx;
  await untilAnswering(`${origin}/livez`, 200, 10_000);
  const influencerPath = `/coop/${INFLUENCER_CODE}`;
  await untilAnswering(`${origin}${influencerPath}`, 200, 30_000);
  log(`nginx ${nginx.pid} on ${origin} in front of 127.0.0.1:${port} (primary ${shop.pid})`);

  log(`logging ${CONNECTIONS.buyers} buyers in`);
  const { buyers } = await benchShoppers(shop.url, databaseUrl, { cartMembers: 0, buyers: CONNECTIONS.buyers });
  const workersBefore = childPids(shop.pid);
  log(
    `flash sale: ${CONNECTIONS.influencer + CONNECTIONS.productPages + CONNECTIONS.buyers} connections for ${t.flashSeconds} s; workers ${workersBefore.join(', ')}; SIGKILL of one at ${t.killAtSeconds} s`,
  );
  const killer = killOneWorker(ctx, t, shop.pid, failures);
  const deployer = deployDuringSale(ctx, t, shop.pid);
  let load: MixedLoadResult | undefined;
  try {
    load = await runMixedLoad({
      origin,
      durationSeconds: t.flashSeconds,
      influencer: { connections: CONNECTIONS.influencer, path: influencerPath },
      productPages: { connections: CONNECTIONS.productPages, paths: pagePaths },
      buyers,
      flashItem: { products_id: item.products_id, spec_id: item.spec_id },
      orderBody: BENCH_ORDER,
    });
  } catch (err) {
    failures.set('flash load', errorText(err));
  }
  const kill = await killer;
  const deploy = await deployer;
  const nginxErrors = summariseNginxErrors(
    path.join(nginx.dir, 'error.log'),
    path.join(ctx.root, 'bench/out/flash-nginx-error.log'),
  );
  const sold = await countSold(
    databaseUrl,
    item.spec_id,
    buyers.map((b) => b.id),
  );
  return { item, load, kill, deploy, nginxErrors, sold };
}

export async function runFlash(ctx: FlashContext): Promise<number> {
  const { args, root, log } = ctx;
  const t = flashTimings(args.quick);
  const outFile = path.resolve(
    root,
    args.out ?? (args.quick ? 'bench/out/performance-flash.md' : 'docs/performance-flash.md'),
  );
  const loadAtStart = os.loadavg()[0]!;
  await checkPrerequisites(ctx);
  const shopProcesses = await prepareShop(ctx);
  const failures = new Map<string, string>();
  const { ratio, pagePaths } = await measureYardstick(ctx, t, shopProcesses, failures);
  const sale = await runSale(ctx, t, shopProcesses, pagePaths, failures);

  // ---- 3. Report ----------------------------------------------------------------------------------------
  const cpus = os.cpus();
  const report: FlashReport = {
    date: new Date(),
    command: `npm run bench -- ${ctx.argv.join(' ')}`,
    machine: `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB memory, ${os.type()} ${os.release()}; 1-minute load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`,
    node: process.version,
    driver: shopProcesses.database.driver,
    nginx: nginxVersion(),
    timings: t,
    ratio,
    ...sale,
    failures,
  };
  const outcomes = evaluate(report);
  console.log(`\n${renderSummary(report, outcomes)}`);
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, renderMarkdown(report, outcomes));
  log(`report written to ${path.relative(process.cwd(), outFile) || outFile}`);
  const failed = outcomes.some((o) => !o.pass);
  return failures.size > 0 || (args.strict && failed) ? 1 : 0;
}

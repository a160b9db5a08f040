// The test suites as phases that `npm test` (scripts/test.mjs) and CI (scripts/ci.mjs) put together.
// Each phase runs its tool, reads the tool's JSON report and answers what it counted, how long it
// took and how long each test file took, so the caller can total, guard and rank them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');

/** A test file slower than this fails the run, so the next slow file is seen when it is added. */
export const SLOW_FILE_SECONDS = 60;

/** Browser stories that CI also runs on the embedded database: one of each kind of journey. */
export const SMOKE_TAG = '@smoke';

/** Vitest files whose imports reach the database client: the ones worth a second database. */
export const DATABASE_SOURCE = 'apps/server/src/db/client.ts';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));

/**
 * Runs a command in the repository with the given extra variables and answers its exit status. Its
 * output goes to the terminal, or to the file `output` when it runs beside another phase.
 */
export function run(cmd, args, env = {}, output = null) {
  const fd = output ? fs.openSync(output, 'a') : null;
  const stdio = fd === null ? 'inherit' : ['ignore', fd, fd];
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio, env: { ...process.env, ...env } });
    const done = (status) => {
      if (fd !== null) fs.closeSync(fd);
      resolve(status);
    };
    child.on('error', () => done(1));
    child.on('close', (code) => done(code ?? 1));
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const seconds = (since) => (performance.now() - since) / 1000;
const relative = (file) => path.relative(root, file);

/**
 * Vitest: domain rules, API through app.inject, components. `scope: 'database'` runs only the files
 * that import the database client (directly or through the app), for a second database engine.
 */
export async function runVitest({ scope = 'all', env = {}, workers = 0 } = {}) {
  const started = performance.now();
  const json = path.join(reportDir, `vitest-${Date.now()}.json`);
  const times = path.join(reportDir, `vitest-times-${Date.now()}.json`);
  const reporters = [
    '--reporter=dot',
    '--reporter=json',
    `--outputFile.json=${json}`,
    '--reporter=./scripts/file-times-reporter.mjs',
  ];
  const args = scope === 'database' ? ['vitest', 'related', DATABASE_SOURCE, '--run'] : ['vitest', 'run'];
  if (workers > 0) args.push(`--maxWorkers=${workers}`);
  const status = await run('npx', [...args, ...reporters], { ...env, VITEST_FILE_TIMES: times });
  const report = readJson(json);
  const files = (readJson(times) ?? []).map(({ file, seconds }) => ({ file: relative(file), seconds }));
  const passed = report?.numPassedTests ?? 0;
  const failed = report?.numFailedTests ?? 0;
  const ok = status === 0 && report !== null && report.numTotalTests > 0;
  return { passed, failed, ok, seconds: seconds(started), files };
}

/** The production build the browser suite runs against. */
export async function runBuild(output = null) {
  const started = performance.now();
  const ok = (await run('npm', ['run', 'build'], {}, output)) === 0;
  if (!ok) console.error('建置失敗 · build failed: the browser suite will not run');
  return { passed: 0, failed: ok ? 0 : 1, ok, seconds: seconds(started), files: [] };
}

/**
 * Playwright on the built shop, with system Chromium. On PostgreSQL (databaseUrl) the shop runs on
 * a database made for this run and dropped after it. `smoke` runs only the stories tagged @smoke.
 */
export async function runPlaywright({ databaseUrl = '', smoke = false, env = {} } = {}) {
  const started = performance.now();
  let e2eUrl = '';
  let e2eDb = null;
  if (databaseUrl) {
    e2eDb = `e2e_${Date.now()}`;
    await adminQuery(databaseUrl, `CREATE DATABASE ${e2eDb}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${e2eDb}`;
    e2eUrl = url.toString();
  }
  const json = path.join(reportDir, `playwright-${Date.now()}.json`);
  const args = ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'];
  if (smoke) args.push('--grep', SMOKE_TAG);
  const status = await run('npx', args, { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: json, E2E_DATABASE_URL: e2eUrl });
  if (e2eDb) await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${e2eDb} WITH (FORCE)`).catch(() => {});

  const report = readJson(json);
  const stats = report?.stats;
  let passed = 0;
  let failed = 0;
  if (stats) {
    passed = stats.expected + stats.flaky;
    failed = stats.unexpected;
  }
  let ok = status === 0 && passed > 0;
  if (!stats || passed + failed === 0) {
    console.error('瀏覽器測試沒有執行 · the browser suite ran no test');
    failed += 1;
    ok = false;
  }
  return { passed, failed, ok, seconds: seconds(started), files: playwrightFiles(report) };
}

/** Story time per spec file and project (stories of one file run side by side, so this is work, not wall time). */
function playwrightFiles(report) {
  const totals = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const key = `${path.join('apps/web/e2e', spec.file ?? suite.file)} [${test.projectName}]`;
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        totals.set(key, (totals.get(key) ?? 0) + ms);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  return [...totals].map(([file, ms]) => ({ file, seconds: ms / 1000 }));
}

async function adminQuery(databaseUrl, sql) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Vitest files over the limit; each one fails the run. */
export function slowFiles(phases) {
  return phases
    .filter((phase) => phase.guarded)
    .flatMap((phase) => phase.result.files.map((file) => ({ ...file, phase: phase.name })))
    .filter((file) => file.seconds > SLOW_FILE_SECONDS);
}

/** Prints each phase's time and count, the ten slowest test files and the files over the limit. */
export function printSummary(phases) {
  const pad = (text, width) => String(text).padEnd(width);
  console.log('\n── phases ──');
  for (const { name, result } of phases) {
    const counted = result.passed + result.failed > 0 ? `${result.passed} passed, ${result.failed} failed` : '';
    console.log(`${pad(name, 34)} ${pad(formatDuration(result.seconds), 9)} ${result.ok ? 'ok  ' : 'FAIL'} ${counted}`);
  }
  const all = phases.flatMap(({ name, result }) => result.files.map((file) => ({ ...file, phase: name })));
  if (all.length > 0) {
    console.log('\n── ten slowest test files ──');
    for (const file of all.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
      console.log(`${pad(file.seconds.toFixed(1) + ' s', 9)} ${file.file} (${file.phase})`);
    }
  }
  const slow = slowFiles(phases);
  for (const file of slow) {
    console.error(
      `測試檔太慢 · ${file.file} took ${file.seconds.toFixed(1)} s in ${file.phase}, over the ${SLOW_FILE_SECONDS} s limit: split it or make it faster`,
    );
  }
  return slow.length;
}

export function formatDuration(totalSeconds) {
  const minutes = Math.floor(totalSeconds / 60);
  const rest = Math.round(totalSeconds - minutes * 60);
  return minutes > 0 ? `${minutes}m${String(rest).padStart(2, '0')}s` : `${rest}s`;
}

// `npm test`: unit and API tests (Vitest), then the browser suite (Playwright, system Chromium)
// against the built shop. Ends with one line `N passed, N failed` counting both suites.
// With DATABASE_URL set, the API tests create their own databases on that server and the browser
// suite runs on a fresh database made for this run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

let passed = 0;
let failed = 0;
let ok = true;

// 1. Vitest: domain rules, API through app.inject, components.
const vitestJson = path.join(out, 'vitest.json');
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
if (vitestStatus !== 0 || !vitest || vitest.numTotalTests === 0) ok = false;

// 2. Browser suite on the built shop.
let e2eDb = null;
let e2eUrl = '';
if (process.env.DATABASE_URL) {
  e2eDb = `e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${e2eDb}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${e2eDb}`;
  e2eUrl = url.toString();
}
const buildStatus = process.env.SKIP_BUILD === '1' ? 0 : run('npm', ['run', 'build']);
const playwrightJson = path.join(out, 'playwright.json');
let e2eStatus = 1;
if (buildStatus === 0) {
  e2eStatus = run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    E2E_DATABASE_URL: e2eUrl,
  });
} else {
  console.error('建置失敗 · build failed: the browser suite did not run');
}
const playwright = readJson(playwrightJson);
const stats = playwright?.stats;
if (stats) {
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
}
if (e2eStatus !== 0 || !stats || stats.expected + stats.flaky === 0) {
  if (!stats || stats.expected + stats.flaky + stats.unexpected === 0) {
    console.error('瀏覽器測試沒有執行 · the browser suite ran no test');
    failed += 1;
  }
  ok = false;
}

if (e2eDb) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${e2eDb} WITH (FORCE)`).catch(() => {});
  await admin.end();
}

if (!ok && failed === 0) failed = 1; // a runner that crashed before counting still fails the run
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);

// CI after the install (.ci/run): types, lint, then each test where it proves something (issue 38,
// decision 078). Unit and API tests all run on the embedded PGlite; those that reach SQL run again on
// PostgreSQL. The browser suite runs whole once, on PostgreSQL (the production database), and its
// smoke stories on PGlite (what `npm start` runs). Prints each phase's time, the ten slowest test
// files and, last, `N passed, N failed`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatDuration, printSummary, run, runBuild, runPlaywright, runVitest } from './test-phases.mjs';

const postgresUrl = process.env.CI_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pglite = { DATABASE_URL: '' };
const postgres = { DATABASE_URL: postgresUrl };
const started = performance.now();
const phases = [];
if (process.env.CI_INSTALL_SECONDS) {
  const installSeconds = Number(process.env.CI_INSTALL_SECONDS);
  phases.push({ name: 'install', result: { passed: 0, failed: 0, ok: true, seconds: installSeconds, files: [] } });
}

async function step(cmd, args, output) {
  const since = performance.now();
  const ok = (await run(cmd, args, {}, output)) === 0;
  return { passed: 0, failed: ok ? 0 : 1, ok, seconds: (performance.now() - since) / 1000, files: [] };
}

phases.push({ name: 'unit and API (PGlite)', guarded: true, result: await runVitest({ env: pglite }) });

// The PostgreSQL files mostly wait on the server, so the types, lint and build run beside them and
// take the CPU they leave; their output is printed after. (Four workers instead of two gained
// nothing and made the timing-sensitive files flaky on a busy machine.)
const sideLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-ci-')), 'typecheck-lint-build.log');
const sideSteps = (async () => {
  const typecheck = await step('npm', ['run', 'typecheck'], sideLog);
  const lint = await step('npm', ['run', 'lint'], sideLog);
  // ESLint's no-cycle skips type-only imports; dependency-cruiser reads them too (issue 44 item 3).
  const cycles = await step('npm', ['run', 'check:cycles'], sideLog);
  const build = await runBuild(sideLog);
  return { typecheck, lint, cycles, build };
})();
const postgresUnit = await runVitest({ scope: 'database', env: postgres });
const { typecheck, lint, cycles, build } = await sideSteps;
console.log(`\n=== typecheck, lint, import cycles and build (beside the PostgreSQL unit tests) ===`);
process.stdout.write(fs.readFileSync(sideLog, 'utf8'));
phases.push(
  { name: 'unit and API reaching SQL (PostgreSQL)', guarded: true, result: postgresUnit },
  { name: 'typecheck', result: typecheck },
  { name: 'lint', result: lint },
  { name: 'import cycles', result: cycles },
  { name: 'build', result: build },
);

if (build.ok) {
  phases.push({ name: 'browser (PostgreSQL)', result: await runPlaywright({ databaseUrl: postgresUrl }) });
  phases.push({ name: 'browser smoke (PGlite)', result: await runPlaywright({ smoke: true, env: pglite }) });
}

const slow = printSummary(phases);
const total = (performance.now() - started) / 1000 + Number(process.env.CI_INSTALL_SECONDS ?? 0);
console.log(
  `\nCI took ${formatDuration(total)} (budget 25m00s); typecheck, lint and build ran beside the PostgreSQL unit tests`,
);
const passed = phases.reduce((sum, phase) => sum + phase.result.passed, 0);
let failed = phases.reduce((sum, phase) => sum + phase.result.failed, 0);
const ok = phases.every((phase) => phase.result.ok) && slow === 0;
if (!ok && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);

// CI after the install (.ci/run): types, lint, then each test where it proves something (issue 38,
// decision 078). Unit and API tests all run on the embedded PGlite; those that reach SQL run again on
// PostgreSQL. The browser suite runs whole once, on PostgreSQL (the production database), and its
// smoke stories on PGlite (what `npm start` runs). Prints each phase's time, the ten slowest test
// files and, last, `N passed, N failed`.
import { formatDuration, printSummary, run, runBuild, runPlaywright, runVitest } from './test-phases.mjs';

const postgresUrl = process.env.CI_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const started = performance.now();
const phases = [];
if (process.env.CI_INSTALL_SECONDS) {
  const installSeconds = Number(process.env.CI_INSTALL_SECONDS);
  phases.push({ name: 'install', result: { passed: 0, failed: 0, ok: true, seconds: installSeconds, files: [] } });
}

const step = (name, cmd, args) => {
  const since = performance.now();
  const ok = run(cmd, args) === 0;
  phases.push({
    name,
    result: { passed: 0, failed: ok ? 0 : 1, ok, seconds: (performance.now() - since) / 1000, files: [] },
  });
};
step('typecheck', 'npm', ['run', 'typecheck']);
step('lint', 'npm', ['run', 'lint']);

const pglite = { DATABASE_URL: '' };
const postgres = { DATABASE_URL: postgresUrl };
phases.push({ name: 'unit and API (PGlite)', guarded: true, result: runVitest({ env: pglite }) });
phases.push({
  name: 'unit and API reaching SQL (PostgreSQL)',
  guarded: true,
  result: runVitest({ scope: 'database', env: postgres }),
});

const build = runBuild();
phases.push({ name: 'build', result: build });
if (build.ok) {
  phases.push({ name: 'browser (PostgreSQL)', result: await runPlaywright({ databaseUrl: postgresUrl }) });
  phases.push({ name: 'browser smoke (PGlite)', result: await runPlaywright({ smoke: true, env: pglite }) });
}

const slow = printSummary(phases);
const total = (performance.now() - started) / 1000 + Number(process.env.CI_INSTALL_SECONDS ?? 0);
console.log(`\nCI took ${formatDuration(total)} (budget 25m00s)`);
const passed = phases.reduce((sum, phase) => sum + phase.result.passed, 0);
let failed = phases.reduce((sum, phase) => sum + phase.result.failed, 0);
const ok = phases.every((phase) => phase.result.ok) && slow === 0;
if (!ok && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);

// `npm test`: unit and API tests (Vitest), then the browser suite (Playwright, system Chromium)
// against the built shop. Ends with one line `N passed, N failed` counting both suites.
// With DATABASE_URL set, the API tests create their own databases on that server and the browser
// suite runs on a fresh database made for this run.
//
// Subsets (README, "Tests"): --unit=all|database|none, --e2e=all|smoke|none; SKIP_BUILD=1 reuses
// the last build. CI (scripts/ci.mjs) runs each subset where it proves something.
import { parseArgs } from 'node:util';
import { ensureTestBrowser } from './test-browser.mjs';
import { printSummary, runBuild, runPlaywright, runVitest } from './test-phases.mjs';

const { values } = parseArgs({
  options: {
    unit: { type: 'string', default: 'all' },
    e2e: { type: 'string', default: 'all' },
  },
});
if (!['all', 'database', 'none'].includes(values.unit) || !['all', 'smoke', 'none'].includes(values.e2e)) {
  console.error('usage: npm test -- [--unit=all|database|none] [--e2e=all|smoke|none]');
  process.exit(2);
}

// Before anything runs: a machine without the browser learns at once what to install.
if (values.e2e !== 'none') {
  const lacking = ensureTestBrowser();
  if (lacking) {
    console.error(lacking);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const phases = [];
if (values.unit !== 'none') {
  phases.push({ name: `unit and API (${database})`, guarded: true, result: await runVitest({ scope: values.unit }) });
}
if (values.e2e !== 'none') {
  const build = process.env.SKIP_BUILD === '1' ? null : await runBuild();
  if (build) phases.push({ name: 'build', result: build });
  if (!build || build.ok) {
    const result = await runPlaywright({ databaseUrl: process.env.DATABASE_URL, smoke: values.e2e === 'smoke' });
    phases.push({ name: `browser ${values.e2e === 'smoke' ? 'smoke ' : ''}(${database})`, result });
  }
}

const slow = printSummary(phases);
const passed = phases.reduce((sum, phase) => sum + phase.result.passed, 0);
let failed = phases.reduce((sum, phase) => sum + phase.result.failed, 0);
const ok = phases.every((phase) => phase.result.ok) && slow === 0;
if (!ok && failed === 0) failed = 1; // a runner that crashed before counting, or a slow file, still fails
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);

// The shop as an earlier commit had it, for budgets stated as "before and after in one run" (issue 15):
// the commit is exported with `git archive`, installed with `npm ci` and built once, in the system's
// temporary directory (outside the repository, so no lint, type check or test runner reads it), and kept
// for later runs: a commit builds the same every time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCommand } from './build.ts';

const STEP_TIMEOUT_MS = 15 * 60_000;

export interface BaselineBuild {
  /** The exported repository: the server's working directory. */
  dir: string;
  /** Its built server, `apps/server/dist/main.js`. */
  entry: string;
}

export async function baselineBuild(root: string, rev: string, log: (msg: string) => void): Promise<BaselineBuild> {
  if (!/^[0-9a-f]{7,40}$/.test(rev)) throw new Error(`baseline commit ${rev}: expected an abbreviated or full hash`);
  const dir = path.join(os.tmpdir(), `shop-bench-baseline-${rev}`);
  const entry = path.join(dir, 'apps/server/dist/main.js');
  const done = path.join(dir, '.bench-built');
  if (fs.existsSync(done)) return { dir, entry };

  log(`building ${rev} in ${dir} (git archive, npm ci, npm run build), kept for later runs`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const archive = `${dir}.tar`;
  try {
    await runCommand('git', ['archive', '--format=tar', '-o', archive, rev], root, STEP_TIMEOUT_MS);
    await runCommand('tar', ['-xf', archive, '-C', dir], root, STEP_TIMEOUT_MS);
  } finally {
    fs.rmSync(archive, { force: true });
  }
  await runCommand('npm', ['ci', '--no-audit', '--no-fund'], dir, STEP_TIMEOUT_MS);
  await runCommand('npm', ['run', 'build'], dir, STEP_TIMEOUT_MS);
  if (!fs.existsSync(entry)) throw new Error(`${rev} built without ${path.relative(dir, entry)}`);
  // Written last: a build cut short is redone next time instead of being measured half-made.
  fs.writeFileSync(done, `${new Date().toISOString()}\n`);
  return { dir, entry };
}

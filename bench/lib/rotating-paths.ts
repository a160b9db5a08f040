// Requests that rotate through paths, each made unique (docs/decisions/018), so a load run measures the real work and not
// the API's response cache (a cached answer is a few microseconds whatever the work costs). The guest page cache ignores
// parameters a page does not read (docs/decisions/035): page targets run with it off instead (`withoutPageCache`).
// autocannon runs in a worker thread and `require`s its request hooks by file path, so the hook is
// written as a small CommonJS file with the paths inside.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Name of the query parameter that only makes each URL unique; the shop's pages do not read it. */
export const UNIQUE_PARAM = 'bench';

/**
 * Writes a setupRequest hook that sends `paths[i % n]` with `bench=<run>-<i>` added, and returns its file
 * path (removed by the returned cleanup).
 */
export function writeRotationHook(paths: readonly string[]): { file: string; remove: () => void } {
  if (paths.length === 0) throw new Error('writeRotationHook: no paths');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-hook-'));
  const file = path.join(dir, 'rotate.cjs');
  fs.writeFileSync(
    file,
    `'use strict';
const paths = ${JSON.stringify(paths)};
// Each load run (warm-up, then each measured concurrency) loads this file afresh in its own worker:
// without a run id the measured run would ask again for the URLs the warm-up's answers were kept for.
const run = require('node:crypto').randomBytes(4).toString('hex');
let n = 0;
module.exports = function setupRequest(request) {
  const next = paths[n % paths.length];
  n += 1;
  request.path = next + (next.includes('?') ? '&' : '?') + '${UNIQUE_PARAM}=' + run + '-' + n;
  return request;
};
`,
  );
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

// Refresh tokens are single use, so a refresh load cannot repeat one body: each answer's new token
// is the next request's. The tokens in circulation live here, shared by every connection of the
// load worker; a connection without one claims a fresh login's token from the pool directory that
// the bench prepared (BENCH_REFRESH_POOL_DIR/tokens.json). Claims are files created exclusively, so
// the warm-up and the measured run (separate workers) never take the same token twice.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const dir = process.env.BENCH_REFRESH_POOL_DIR ?? '';
const pool = dir ? JSON.parse(fs.readFileSync(path.join(dir, 'tokens.json'), 'utf8')) : [];
const ready = [];
let next = 0;

function claim() {
  while (next < pool.length) {
    const i = next++;
    try {
      fs.closeSync(fs.openSync(path.join(dir, `claim-${i}`), 'wx'));
      return pool[i];
    } catch {
      // taken by an earlier run
    }
  }
  return 'pool-exhausted';
}

module.exports = {
  take: () => ready.pop() ?? claim(),
  give: (token) => ready.push(token),
};

// autocannon setupRequest (workers mode loads it by path): each add-to-cart is the next member's,
// with the next product, so no cart line nears the 999-unit limit during a run. The members' tokens
// and the cart lines come from BENCH_CART_POOL_DIR/pool.json, written by the bench (bench/targets.ts).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const dir = process.env.BENCH_CART_POOL_DIR ?? '';
const pool = dir ? JSON.parse(fs.readFileSync(path.join(dir, 'pool.json'), 'utf8')) : { authorizations: [], lines: [] };
let n = 0;

module.exports = function setupRequest(request) {
  const members = pool.authorizations.length;
  if (members === 0) return request;
  const i = n++;
  return {
    ...request,
    headers: { ...request.headers, authorization: pool.authorizations[i % members] },
    body: pool.lines[Math.floor(i / members) % pool.lines.length],
  };
};

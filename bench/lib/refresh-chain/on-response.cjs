// autocannon onResponse: the answer's new refresh token goes back into circulation.
'use strict';
const pool = require('./pool.cjs');

module.exports = function onResponse(status, body) {
  if (status !== 200) return;
  try {
    pool.give(JSON.parse(body).data.refresh_token);
  } catch {
    // an unparsable answer is counted by autocannon; the next request claims a fresh token
  }
};

// autocannon setupRequest (workers mode loads it by path): send a token nobody has sent yet.
'use strict';
const pool = require('./pool.cjs');

module.exports = function setupRequest(request) {
  return { ...request, body: JSON.stringify({ refresh_token: pool.take() }) };
};

// Which failures mean "the database cannot serve right now" (issue 22): the request was fine and the
// same request a few seconds later may well succeed, so the answer is 503 with Retry-After, not 500.

/** How long a client is asked to wait: the pool reconnects at once, a lock waits at most 5 s (POSTGRES_TIMEOUTS). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** zh-TW answer for a shopper when the database is unreachable, restarting or too busy. */
export const DATABASE_BUSY_MSG = '系統忙碌中，請稍後再試';

const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout ran out
  '55P03', // lock_not_available: lock_timeout ran out
  '57P01', // admin_shutdown: server stopping, or the backend was terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: server starting or in recovery
  '53300', // too_many_connections
]);

// Class 08 is "connection exception" as a whole (08000, 08001, 08003, 08006, 08P01...).
const CONNECTION_EXCEPTION_CLASS = '08';

/** Socket failures on the way to the server (Node's error codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

// node-postgres and pg-pool raise these without a code.
const DRIVER_MESSAGES = [
  /^Connection terminated/, // unexpectedly, or due to connection timeout
  /^timeout exceeded when trying to connect$/, // pg-pool: no connection free within connectionTimeoutMillis
  /is not queryable$/, // a client whose connection already failed or was closed
  /^Query read timeout$/, // query_timeout: the connection went silent (POSTGRES_TIMEOUTS)
  /^Cannot use a pool after calling end on the pool$/, // a request still running while the server shuts down
];

/**
 * True when `error`, or an error it wraps (`cause`, as Drizzle's DrizzleQueryError does, or the
 * `errors` of an AggregateError, as Node's connect to several addresses does), says the database is
 * unavailable rather than that the request or the code is wrong.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || NETWORK_CODES.has(code)) return true;
      if (code.length === 5 && code.startsWith(CONNECTION_EXCEPTION_CLASS)) return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

// The probes, by Kubernetes' names (issue 39): /livez says the process runs, /readyz that it can serve
// now, /healthz is /readyz under its older name (issues 15, 22). A database outage takes the process
// out of the load balancer (/readyz 503) without a supervisor restarting a process that will recover
// on its own (/livez stays 200), so /livez never touches the database.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { DATABASE_BUSY_MSG, DATABASE_RETRY_AFTER_SECONDS } from '../db/database-unavailable.ts';
import type { LogLevel } from '../logging.ts';

/** A probe gets its answer well before the pool's own 5 s connection timeout. */
export const READINESS_TIMEOUT_MS = 2_000;

export interface ReadinessDeps {
  db: Db;
  /** Answers when Redis does (REDIS_URL); absent when the shop runs without it. */
  pingRedis?: () => Promise<unknown>;
  timeoutMs?: number;
}

type CheckOutcome = 'ok' | 'down';

/** Settles `work` as 'ok' or 'down', 'down' too when it has not answered within `timeoutMs`. */
async function within(
  timeoutMs: number,
  work: () => Promise<unknown>,
): Promise<{ outcome: CheckOutcome; err?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { outcome: 'ok' };
  } catch (err) {
    return { outcome: 'down', err };
  } finally {
    clearTimeout(timer);
  }
}

/** GET /readyz: 200 while the database (and Redis, when configured) answer within the timeout, else 503. */
export function readinessCheck({ db, pingRedis, timeoutMs = READINESS_TIMEOUT_MS }: ReadinessDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const [database, redis] = await Promise.all([
      within(timeoutMs, () => db.execute(sql`select 1`)),
      pingRedis ? within(timeoutMs, pingRedis) : undefined,
    ]);
    const checks = { database: database.outcome, ...(redis ? { redis: redis.outcome } : {}) };
    reply.header('cache-control', 'no-store');
    if (database.outcome === 'ok' && (!redis || redis.outcome === 'ok')) return { status: 'ok', ...checks };
    // warn, not info: a probe's lines are kept out of the info log (route logLevel), its failures are not.
    request.log.warn(
      { checks, databaseError: errorText(database.err), redisError: errorText(redis?.err) },
      'not ready: a dependency does not answer',
    );
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ code: 503, msg: DATABASE_BUSY_MSG, status: 'unavailable', ...checks });
  };
}

function errorText(err: unknown): string | undefined {
  return err === undefined ? undefined : err instanceof Error ? err.message : String(err);
}

/**
 * Registers the three probes. Exempt from access control, hidden from the API document, and logged
 * at warn only: a load balancer asking every few seconds would otherwise fill the info log.
 */
export function registerProbes(app: FastifyInstance, deps: ReadinessDeps & { logLevel?: LogLevel }) {
  const options = { config: { access: 'exempt' as const }, schema: { hide: true }, logLevel: deps.logLevel ?? 'warn' };
  app.get('/livez', options, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  const ready = readinessCheck(deps);
  app.get('/readyz', options, ready);
  app.get('/healthz', options, ready);
}

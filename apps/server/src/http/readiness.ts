import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { DATABASE_BUSY_MSG, DATABASE_RETRY_AFTER_SECONDS } from '../db/database-unavailable.ts';
import { errorBody } from '../plugins/errors.ts';

/** A probe gets its answer well before the pool's own 5 s connection timeout. */
export const READINESS_TIMEOUT_MS = 2_000;

/**
 * GET /healthz (issues 15, 22): whether this process can serve requests now, i.e. the database
 * answers. /livez stays a bare liveness check, so that a database outage takes the instance out of
 * the load balancer without the supervisor restarting a process that will recover on its own.
 */
export function readinessCheck(db: Db, timeoutMs = READINESS_TIMEOUT_MS) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        db.execute(sql`select 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return { status: 'ok', database: 'ok' };
    } catch (err) {
      request.log.warn({ err }, 'not ready: the database does not answer');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorBody(503, DATABASE_BUSY_MSG));
    } finally {
      clearTimeout(timer);
    }
  };
}

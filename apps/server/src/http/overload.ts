// Under a flash crowd a process answers 503 with Retry-After at once instead of queueing requests
// for seconds (issue 18): when it already has its fill of requests in hand, when its event loop lags
// (CPU saturated by renders) or, for API calls, when requests already wait for a database connection.
// A shopper's browser or the load balancer tries again a moment later; a queue of several seconds
// would only time out everyone.
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../plugins/errors.ts';
import { countRequestShed } from '../metrics/index.ts';

export const OVERLOAD_MSG = '目前人潮眾多，請稍候幾秒再試';
export const OVERLOAD_RETRY_AFTER_SECONDS = 2;

export interface OverloadLimits {
  /**
   * Requests this process works on at once, past which it turns the next away; 0 = no limit. Unlike
   * the event-loop delay, which is measured after the fact, this holds from the first request of a
   * burst, and caps how long an accepted request can wait behind the others.
   */
  maxInFlight: number;
  /** Mean event-loop delay (ms) over the last second past which requests are turned away; 0 = never. */
  maxEventLoopDelayMs: number;
  /** API requests turned away while this many queries already wait for a pooled connection; 0 = never. */
  maxPoolWaiting: number;
  /** Requests waiting for a connection now (PostgreSQL's pool; 0 on the embedded database). */
  poolWaiting: () => number;
}

/** Liveness must answer even under load, or a supervisor would restart a busy, healthy process. */
const NEVER_SHED = new Set(['/livez']);
/** Built files cost next to nothing, and nginx serves them itself in front of several processes. */
const isAsset = (url: string) => url.startsWith('/assets/');

/** Readies `reply` as a 503 and answers its body. */
function shed(reply: FastifyReply) {
  countRequestShed();
  reply.code(503).header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
  return errorBody(503, OVERLOAD_MSG);
}

export async function registerOverloadShedding(app: FastifyInstance, limits: OverloadLimits): Promise<void> {
  if (limits.maxInFlight > 0) {
    let inFlight = 0;
    app.addHook('onRequest', async (req, reply) => {
      if (NEVER_SHED.has(req.url) || isAsset(req.url)) return;
      if (inFlight >= limits.maxInFlight) return reply.send(shed(reply));
      inFlight++;
      // 'close' comes once per response, whether it was sent in full or the shopper went away.
      reply.raw.once('close', () => inFlight--);
    });
  }
  if (limits.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
      // An answer other than undefined is sent as the reply; undefined lets the request through.
      pressureHandler: ((req: FastifyRequest, reply: FastifyReply) =>
        NEVER_SHED.has(req.url) ? undefined : shed(reply)) as never,
    });
  }
  if (limits.maxPoolWaiting > 0) {
    app.addHook('onRequest', async (req, reply) => {
      if (!req.url.startsWith('/api/') || limits.poolWaiting() < limits.maxPoolWaiting) return;
      return reply.send(shed(reply));
    });
  }
}

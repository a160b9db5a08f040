// Under a flash crowd a process keeps its own work bounded (issue 18): past its fill of requests in
// hand a request waits a short while for a turn, and past that wait, when its event loop lags (CPU
// saturated by renders) or, for API calls, when requests already wait for a database connection, it
// answers 503 with Retry-After. What the process already keeps in memory (a guest page, a catalogue
// answer) is served before any of that: it costs next to nothing (issue 37 item 5).
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../plugins/errors.ts';
import { refusalPage, TOO_BUSY } from '../web/page-refusal.ts';
import { TurnQueue } from './turn-queue.ts';
import { countRequestShed } from '../metrics/index.ts';

export const OVERLOAD_MSG = '目前人潮眾多，請稍候幾秒再試';
export const OVERLOAD_RETRY_AFTER_SECONDS = 2;

/**
 * Requests that may wait for a turn, per request the process works on at once. A waiting request
 * holds a socket and a few bytes; past this many the wait would outlast the queue wait anyway.
 */
const QUEUE_PER_SLOT = 8;

export interface OverloadLimits {
  /**
   * Requests this process works on at once, past which the next waits for a turn; 0 = no limit.
   * Unlike the event-loop delay, which is measured after the fact, this holds from the first request
   * of a burst, and caps how long an accepted request can wait behind the others.
   */
  maxInFlight: number;
  /**
   * How long a request past `maxInFlight` waits for a turn before it is turned away (ms); 0 = not at
   * all. A client that ignores Retry-After comes straight back, and answering it 503 over and over
   * costs the CPU the requests in hand need (issue 37 item 5: goodput at -c 100 fell to half).
   */
  queueWaitMs: number;
  /** Mean event-loop delay (ms) over the last second past which requests are turned away; 0 = never. */
  maxEventLoopDelayMs: number;
  /** API requests turned away while this many queries already wait for a pooled connection; 0 = never. */
  maxPoolWaiting: number;
  /** Requests waiting for a connection now (PostgreSQL's pool; 0 on the embedded database). */
  poolWaiting: () => number;
}

/** Tells whether a request will be answered from memory (a kept page, a kept catalogue answer). */
export type KeptAnswerCheck = (req: FastifyRequest) => boolean;

export interface Shedding {
  /** Adds a check of answers kept in memory: such requests are never queued or turned away. */
  serveKeptAnswers(check: KeptAnswerCheck): void;
}

/**
 * Liveness must answer even under load, or a supervisor would restart a busy, healthy process; and
 * readiness says whether the database answers, which a shed 503 would misreport (http/probes.ts).
 */
const NEVER_SHED = new Set(['/livez', '/readyz', '/healthz']);
/** Built files cost next to nothing, and nginx serves them itself in front of several processes. */
const isAsset = (url: string) => url.startsWith('/assets/');

/** Readies `reply` as a 503 and answers its body: a page a shopper can read, or the API's envelope. */
function shed(req: FastifyRequest, reply: FastifyReply) {
  countRequestShed();
  reply.code(503).header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
  if (!req.url.startsWith('/api/') && (req.headers.accept ?? '').includes('text/html')) {
    const page = refusalPage(TOO_BUSY, { reloadAfterSeconds: OVERLOAD_RETRY_AFTER_SECONDS });
    reply.headers(page.headers);
    return page.body;
  }
  return errorBody(503, OVERLOAD_MSG);
}

export async function registerOverloadShedding(app: FastifyInstance, limits: OverloadLimits): Promise<Shedding> {
  const keptAnswerChecks: KeptAnswerCheck[] = [];
  const keptAnswer = (req: FastifyRequest) => keptAnswerChecks.some((check) => check(req));
  const exempt = (req: FastifyRequest) => NEVER_SHED.has(req.url) || isAsset(req.url) || keptAnswer(req);

  if (limits.maxInFlight > 0) {
    const turns = new TurnQueue(limits.maxInFlight, limits.queueWaitMs > 0 ? limits.maxInFlight * QUEUE_PER_SLOT : 0);
    app.addHook('onRequest', async (req, reply) => {
      if (NEVER_SHED.has(req.url) || isAsset(req.url)) return;
      // A free turn is taken at once; only a request that finds none is asked whether a kept answer
      // serves it (which needs no turn), so a process with room pays nothing for the look-up.
      let turn = turns.tryTake();
      if (!turn && keptAnswer(req)) return;
      let closed = false;
      const gaveUp = new AbortController();
      // 'close' comes once per response, whether it was sent in full or the shopper went away; one
      // who gives up while waiting leaves the queue, and the turn goes to the next.
      reply.raw.once('close', () => {
        closed = true;
        if (turn) turn.release();
        else gaveUp.abort();
      });
      turn ??= await turns.wait(limits.queueWaitMs, gaveUp.signal);
      if (!turn) return reply.send(shed(req, reply));
      if (closed) turn.release();
    });
  }
  if (limits.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
      // An answer other than undefined is sent as the reply; undefined lets the request through.
      pressureHandler: ((req: FastifyRequest, reply: FastifyReply) =>
        exempt(req) ? undefined : shed(req, reply)) as never,
    });
  }
  if (limits.maxPoolWaiting > 0) {
    app.addHook('onRequest', async (req, reply) => {
      if (!req.url.startsWith('/api/') || limits.poolWaiting() < limits.maxPoolWaiting || exempt(req)) return;
      return reply.send(shed(req, reply));
    });
  }
  return { serveKeptAnswers: (check) => keptAnswerChecks.push(check) };
}

// A worker being replaced (a deploy: the supervisor's SIGHUP) hands its connections back before it
// closes (issue 18). nginx keeps idle connections to the app and may send a request down one at the
// very moment the app closes it; nginx retries that for a GET but never for a POST, which the shopper
// then sees as a 502. So for a while the worker goes on answering, every answer saying
// `Connection: close`, and lets nginx end the connections it is not using (its upstream
// keepalive_timeout, shorter than the drain). After that nothing is left to race with.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * A request that reaches a closing worker on a connection it still holds is answered like any other
 * (with `Connection: close`). Fastify's default answers it 503 without `Retry-After`, which nginx does
 * not retry and the shopper sees (seen once in a flash bench deploy).
 */
export const SERVE_WHILE_CLOSING: Pick<FastifyServerOptions, 'return503OnClosing'> = { return503OnClosing: false };

export interface Draining {
  /** Answers with `Connection: close` from now on, and resolves after `ms`. */
  drain(ms: number): Promise<void>;
}

export function registerDraining(app: FastifyInstance): Draining {
  let draining = false;
  // Every answer passes here: a callback hook, so no promise per request.
  app.addHook('onSend', (_req, reply, payload, done) => {
    // Node ends the connection after an answer that says so.
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  return {
    drain(ms) {
      draining = true;
      return new Promise((resolve) => setTimeout(resolve, ms));
    },
  };
}

import type { FastifyInstance } from 'fastify';
import { TooManyRequests } from '../errors.ts';

/**
 * The shared error handler writes only the envelope; a wait the limiter knows goes out as
 * `Retry-After` (RFC 9110 §10.2.3) for the routes of the plugin that calls this. `onError` runs
 * before the error handler, which keeps headers already set.
 */
export function announceRetryAfter(app: FastifyInstance): void {
  app.addHook('onError', async (_req, reply, err) => {
    if (err instanceof TooManyRequests && err.retryAfterSeconds) {
      reply.header('Retry-After', String(err.retryAfterSeconds));
    }
  });
}

/** A wait in milliseconds as whole seconds, never 0 (0 would invite an immediate retry). */
export function waitSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

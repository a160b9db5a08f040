import type { FastifyInstance } from 'fastify';

/** How often each module tidies its tables (expired sessions, old idempotency keys, unused photos). */
export const HOUSEKEEPING_INTERVAL_MS = 6 * 3_600_000;

/**
 * Runs `task` every `intervalMs` (by default `HOUSEKEEPING_INTERVAL_MS`) while the app lives. A failure is logged and the next
 * round tries again; the timer never keeps the process alive and stops when the app closes.
 */
export function scheduleHousekeeping(
  app: FastifyInstance,
  what: string,
  task: () => Promise<unknown>,
  intervalMs = HOUSEKEEPING_INTERVAL_MS,
): void {
  const timer = setInterval(() => {
    task().catch((err: unknown) => app.log.warn({ err }, `${what} failed`));
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

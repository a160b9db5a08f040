import type { FastifyInstance } from 'fastify';

/**
 * ECPay posts `application/x-www-form-urlencoded` (UTF-8). Parsed into a plain object; a repeated
 * name keeps its last value. Only for the plugin it is added to.
 */
export function acceptFormBodies(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

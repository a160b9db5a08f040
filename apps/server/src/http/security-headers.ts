import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { API_CSP_DIRECTIVES } from '../web/content-security-policy.ts';

/**
 * helmet's headers on every answer (docs/decisions/032), its middleware built once at start.
 * @fastify/helmet built it anew for every request, parsing the policy's directives each time: 13 %
 * of what the main thread allocated per page, and 5 % of its time (decision 091).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const setSecurityHeaders = helmet({
    // JSON, uploads and assets may run nothing; pages get their own policy with a nonce from the web handler.
    contentSecurityPolicy: { useDefaults: false, directives: API_CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });
  // helmet checks its options once, above; setting the headers then cannot fail.
  app.addHook('onRequest', (req, reply, done) => setSecurityHeaders(req.raw, reply.raw, () => done()));
}

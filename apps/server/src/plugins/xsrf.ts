import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Forbidden } from '../errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Double-submit rule of ARCHITECTURE.md: a non-GET request that carries the XSRF-TOKEN cookie must
// repeat it in X-XSRF-TOKEN. A cross-site form can send the cookie but cannot read it to copy it.
export function registerXsrfCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return;
    // A provider's callback proves itself (its signature, or a ticket of the shop's own) and may come
    // through the shopper's browser with the shop's cookies: ECPay's store map posts its reply so.
    if (!req.is404 && req.routeOptions.config.access === 'provider') return;
    const cookie = req.cookies[XSRF_COOKIE];
    if (!cookie) return;
    const header = req.headers[XSRF_HEADER];
    const value = Array.isArray(header) ? header[0] : header;
    const a = Buffer.from(cookie);
    const b = Buffer.from(value ?? '');
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw new Forbidden('請重新整理頁面後再試');
  });
}

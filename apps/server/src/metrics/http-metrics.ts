// Request timings by route pattern (docs/decisions/080-metrics.md). The label is the pattern the
// request matched (`/api/v1/products/:id`), never its address: a crawler asking for a million made-up
// addresses must not make a million series.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpRequestDuration } from './shop-metrics.ts';

/** The storefront's catch-all routes (web/request-handler.ts) stand for every page: one label each. */
const PAGE_ROUTES: Record<string, string> = { '/*': 'page', '/admin/*': 'admin page' };

/** The route label of a request: its pattern, 'page' for a storefront page, 'unmatched' for no route. */
export function routeLabel(req: FastifyRequest): string {
  const pattern = req.routeOptions.url;
  if (pattern === undefined) return 'unmatched';
  return PAGE_ROUTES[pattern] ?? pattern;
}

export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    httpRequestDuration.observe(
      { route: routeLabel(req), method: req.method, status_class: statusClass(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

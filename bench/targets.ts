// What the bench measures and the budgets it checks: one entry per measured endpoint or page.
// To add one (search, product page, login, cart, orders...), add an entry to HTTP_TARGETS or
// LIGHTHOUSE_PAGES and its budgets to BUDGETS; run.ts and the report pick them up by name.
import {
  lighthouseAtLeast,
  lighthouseAtMost,
  p99AtMost,
  ratioAtLeast,
  startupAtMost,
  type Budget,
} from './lib/budgets.ts';

/** Concurrency levels (autocannon -c) every HTTP target is measured at. */
export const CONNECTIONS = [10, 100] as const;

export interface TargetContext {
  /** The shop's origin, e.g. http://127.0.0.1:41234 */
  shopUrl: string;
  /** `Basic base64(user:password)` of the storefront's guest credential. */
  guestAuthorization: string;
}

/** What a target sends; `prepare` may compute it against the running shop (e.g. log in for a token). */
export interface RequestSpec {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
}

export interface HttpTarget {
  /** Name for --only and the report. */
  name: string;
  /** Shown in the report, e.g. `GET /api/v1/guest/products`. */
  label: string;
  /** `shop`: the built server; `bare`: the in-process bare Fastify route (the yardstick for ratios). */
  server: 'shop' | 'bare';
  path: string;
  request(ctx: TargetContext): RequestSpec | Promise<RequestSpec>;
}

const guestGet = (ctx: TargetContext): RequestSpec => ({ headers: { authorization: ctx.guestAuthorization } });

/** The shop path whose response the bare route copies byte for byte. */
export const BARE_COPY_OF = '/api/v1/guest/products';

export const HTTP_TARGETS: HttpTarget[] = [
  { name: 'products', label: 'GET /api/v1/guest/products', server: 'shop', path: '/api/v1/guest/products', request: guestGet },
  {
    name: 'product-types',
    label: 'GET /api/v1/guest/product-types',
    server: 'shop',
    path: '/api/v1/guest/product-types',
    request: guestGet,
  },
  { name: 'home', label: 'GET / (server render)', server: 'shop', path: '/', request: () => ({ headers: { accept: 'text/html' } }) },
  { name: 'bare', label: 'bare Fastify, same bytes as products', server: 'bare', path: BARE_COPY_OF, request: guestGet },
];

export interface LighthousePage {
  /** Name for --only (`lighthouse` selects every page) and the report. */
  name: string;
  label: string;
  path: string;
}

export const LIGHTHOUSE_PAGES: LighthousePage[] = [{ name: 'lighthouse-home', label: 'home page /', path: '/' }];

/**
 * Issue 3, "Budgets". A throughput or latency budget also fails when the endpoint answered any
 * error or non-2xx during its run (a fast 401 is not a fast endpoint); errorsAtMost() is there for
 * budgets that name errors explicitly (issue 6: 0 errors).
 */
export const BUDGETS: Budget[] = [
  ratioAtLeast('products', 0.5, 10),
  ratioAtLeast('products', 0.5, 100),
  ratioAtLeast('product-types', 0.5, 10),
  ratioAtLeast('product-types', 0.5, 100),
  p99AtMost('home', 100, 10),
  lighthouseAtLeast('lighthouse-home', 'performance', 95),
  lighthouseAtMost('lighthouse-home', 'lcpMs', 2_000),
  lighthouseAtMost('lighthouse-home', 'tbtMs', 150),
  lighthouseAtMost('lighthouse-home', 'cls', 0.05),
  lighthouseAtMost('lighthouse-home', 'jsKb', 150),
  startupAtMost(5_000),
];

// The shapes of what the bench measures (targets.ts lists them): an HTTP target with its request,
// the context a target is prepared in, and a page Lighthouse audits.
import type { LoadResult } from './http-load.ts';
import type { BrowserState } from './lighthouse.ts';

export const CONNECTIONS = [10, 100] as const;

export interface TargetContext {
  /** The shop's origin, e.g. http://127.0.0.1:41234 */
  shopUrl: string;
  /** `Basic base64(user:password)` of the storefront's guest credential. */
  guestAuthorization: string;
  /** The bench database when it is PostgreSQL (BENCH_DATABASE_URL); member targets add their shoppers there. */
  databaseUrl?: string;
}

export interface MeasureOptions {
  url: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

/** What a target sends; `prepare` may compute it against the running shop (e.g. log in for a token). */
export interface RequestSpec {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** Sent once to check the target answers 2xx, and by the load unless `requests` says otherwise. */
  body?: string;
  /** autocannon per-request hooks for the load (see http-load.ts); hooks are CommonJS file paths. */
  requests?: LoadRequest[];
  /** Checks once that the target answers; replaces the default single request with method, headers and body. */
  probe?: () => Promise<void>;
  /** Measures the target itself instead of autocannon (a request that cannot simply be repeated). */
  measure?: (opts: MeasureOptions) => Promise<LoadResult>;
}

export interface LoadRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  setupRequest?: string;
  onResponse?: string;
}

export interface HttpTarget {
  /** Name for --only and the report. */
  name: string;
  /** Shown in the report, e.g. `GET /api/v1/guest/products`. */
  label: string;
  /** `shop`: the built server; `bare`: the in-process bare Fastify route (the yardstick for ratios). */
  server: 'shop' | 'bare';
  path: string;
  /** How the load is made, when it is not autocannon repeating one request (shown in the report). */
  note?: string;
  request(ctx: TargetContext): RequestSpec | Promise<RequestSpec>;
  /**
   * `large`: measured after LARGE_CATALOGUE_PRODUCTS more products were added (`npm run seed --
   * --products N`); `orders`: after SALES_REPORT_ORDERS orders were added (`npm run seed -- --orders N`)
   * and the bench's back-office owner created; default `demo`, the demo shop only.
   */
  catalogue?: 'demo' | 'large' | 'orders';
  /**
   * Paths the requests rotate through, each made unique (lib/rotating-paths.ts), so that the API
   * response cache does not answer: the figure is the real work of every request.
   */
  rotatePaths?(ctx: TargetContext): Promise<string[]>;
  /**
   * Measured on the shop started with `PAGE_CACHE_SECONDS=0`: the guest page cache keys a page on
   * the parameters it reads and renders once for guests asking at the same time (docs/decisions/035),
   * so a unique parameter no longer makes a render.
   */
  withoutPageCache?: boolean;
  /**
   * Measured on the shop started with `API_CACHE_SECONDS=0`: the API's response cache keys an answer
   * on the parameters its route reads (issue 45), so a unique parameter no longer skips it; the real
   * work of each answer is measured with it off instead.
   */
  withoutApiCache?: boolean;
  /**
   * Measured on an earlier commit's build (lib/baseline-build.ts) started on a fresh demo database of
   * its own, for a budget that compares before and after in one run on the same machine.
   */
  baseline?: string;
  /**
   * Measured on the shop started with production's overload shedding (SHED_* at their defaults) and
   * the page cache off: what a crowd of 100 connections gets served against 10 (issue 37 item 5).
   */
  crowd?: boolean;
  /**
   * Issue 39: one side of the metrics' cost (lib/metrics-cost.ts), measured on two shops started
   * side by side with the page cache off, `on` with METRICS_PORT and scrapes, in alternating rounds.
   */
  metricsCost?: 'off' | 'on';
  /**
   * Measured only at -c 10 in alternating rounds with the named target (lib/alternating-load.ts): the
   * shop's page and an earlier build's (`baseline`), both running side by side with the page cache off,
   * so a budget of one against the other is not a figure of how busy the machine was in between.
   */
  alternatesWith?: string;
}

export interface LighthousePage {
  /** Name for --only (`lighthouse` selects every page) and the report. */
  name: string;
  label: string;
  path: string;
  /** Sets the shop and the browser up before each run (a cart, a session); none = a blank browser. */
  prepare?: (ctx: TargetContext) => Promise<BrowserState>;
  /** The path to audit when it depends on the shop's data (e.g. the first product's page). */
  resolvePath?(ctx: TargetContext): Promise<string>;
  /**
   * Audited on this earlier build instead, each run beside a run of the page named `beside` on this
   * build: Lighthouse's figures move with the machine, so a same-run pair tells a slower machine from
   * a slower page (issue 45 item 4).
   */
  baseline?: { rev: string; beside: string };
}

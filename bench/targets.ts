// What the bench measures and the budgets it checks: one entry per measured endpoint or page.
// To add one (search, product page, login, cart, orders...), add an entry to HTTP_TARGETS or
// LIGHTHOUSE_PAGES and its budgets to BUDGETS; run.ts and the report pick them up by name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  /** Sent once to check the target answers 2xx, and by the load unless `requests` says otherwise. */
  body?: string;
  /** autocannon per-request hooks for the load (see http-load.ts); hooks are CommonJS file paths. */
  requests?: LoadRequest[];
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
  request(ctx: TargetContext): RequestSpec | Promise<RequestSpec>;
}

const guestGet = (ctx: TargetContext): RequestSpec => ({ headers: { authorization: ctx.guestAuthorization } });

/** The shop path whose response the bare route copies byte for byte. */
export const BARE_COPY_OF = '/api/v1/guest/products';

/** The demo member of the seed (README: demo accounts). */
const DEMO_LOGIN = JSON.stringify({ account: '0911111111', password: 'Demo1234' });
const jsonPost = { method: 'POST' as const, headers: { 'content-type': 'application/json' } };

async function logIn(ctx: TargetContext): Promise<string> {
  const res = await fetch(`${ctx.shopUrl}/api/v1/members/auth`, { ...jsonPost, body: DEMO_LOGIN });
  const body = (await res.json()) as { data?: { token?: { refresh_token?: string } } };
  const token = body.data?.token?.refresh_token;
  if (!res.ok || !token) throw new Error(`demo login answered ${res.status}`);
  return token;
}

/**
 * Refresh tokens are single use: the load chains each answer's token into a later request
 * (bench/lib/refresh-chain). Every connection of the warm-up and the measured run at each
 * concurrency starts from a token of its own login, made here (1.5× for timeouts).
 */
async function refreshChain(ctx: TargetContext): Promise<RequestSpec> {
  const needed = Math.ceil(CONNECTIONS.reduce((sum, c) => sum + c, 0) * 2 * 1.5);
  const tokens: string[] = [];
  for (let i = 0; i < needed; i += 4) {
    tokens.push(...(await Promise.all(Array.from({ length: Math.min(4, needed - i) }, () => logIn(ctx)))));
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-refresh-'));
  fs.writeFileSync(path.join(dir, 'tokens.json'), JSON.stringify(tokens));
  process.env.BENCH_REFRESH_POOL_DIR = dir; // read by the load worker's hooks
  const hooks = fileURLToPath(new URL('./lib/refresh-chain/', import.meta.url));
  return {
    ...jsonPost,
    body: JSON.stringify({ refresh_token: await logIn(ctx) }),
    requests: [
      {
        ...jsonPost,
        path: '/api/v1/members/auth/refresh',
        setupRequest: path.join(hooks, 'setup-request.cjs'),
        onResponse: path.join(hooks, 'on-response.cjs'),
      },
    ],
  };
}

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
  {
    name: 'login',
    label: 'POST /api/v1/members/auth (argon2id verify)',
    server: 'shop',
    path: '/api/v1/members/auth',
    request: () => ({ ...jsonPost, body: DEMO_LOGIN }),
  },
  {
    name: 'refresh',
    label: 'POST /api/v1/members/auth/refresh (rotation)',
    server: 'shop',
    path: '/api/v1/members/auth/refresh',
    request: refreshChain,
  },
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
  // Issue 5: one argon2id verify per login (docs/decisions/012), a rotation per refresh.
  p99AtMost('login', 150, 10),
  p99AtMost('refresh', 20, 10),
  lighthouseAtLeast('lighthouse-home', 'performance', 95),
  lighthouseAtMost('lighthouse-home', 'lcpMs', 2_000),
  lighthouseAtMost('lighthouse-home', 'tbtMs', 150),
  lighthouseAtMost('lighthouse-home', 'cls', 0.05),
  lighthouseAtMost('lighthouse-home', 'jsKb', 150),
  startupAtMost(5_000),
];

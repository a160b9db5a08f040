// What the bench measures and the budgets it checks: one entry per measured endpoint or page.
// To add one (search, product page, login, cart, orders...), add an entry to HTTP_TARGETS or
// LIGHTHOUSE_PAGES and its budgets to BUDGETS; run.ts and the report pick them up by name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureCheckout, placeOneOrder } from './lib/checkout-load.ts';
import { measurePoliteLoad } from './lib/polite-load.ts';
import type { LoadResult } from './lib/http-load.ts';
import { BENCH_OWNER } from './lib/seed.ts';
import { benchShoppers } from './lib/shoppers.ts';
import type { BrowserState } from './lib/lighthouse.ts';
import {
  errorsAtMost,
  lighthouseAtLeast,
  lighthouseAtMost,
  p99AtMost,
  p99RatioToTargetAtMost,
  goodputHeldAtLeast,
  ratioAtLeast,
  ratioToTargetAtLeast,
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
}

/** The commit issue 15 was filed against (its 252 pages/s were measured on that day's machine). */
export const BEFORE_ISSUE_15 = 'c5a2109';

/** Issue 4: the search budget holds on a catalogue of 10,000 products. */
export const LARGE_CATALOGUE_PRODUCTS = 10_000;

/** Issue 42: the sales report answers 90 days over this many orders within its budget. */
export const SALES_REPORT_ORDERS = 100_000;
const SALES_REPORT_DAYS = 90;

/** 90 Taiwan days ending on each of the last seven days, as an owner looks at them morning after morning. */
function salesReportPaths(): string[] {
  const day = (offset: number) => new Date(Date.now() + 8 * 3_600_000 - offset * 86_400_000).toISOString().slice(0, 10);
  return [0, 1, 2, 3, 4, 5, 6].map(
    (end) => `/api/v1/admin/reports/sales?from=${day(end + SALES_REPORT_DAYS - 1)}&to=${day(end)}`,
  );
}

/** The bench owner's bearer token, from POST /api/v1/admin/auth. */
async function ownerHeaders(ctx: TargetContext): Promise<RequestSpec> {
  const res = await fetch(`${ctx.shopUrl}/api/v1/admin/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_OWNER),
  });
  if (!res.ok) throw new Error(`POST /api/v1/admin/auth answered ${res.status}`);
  const { data } = (await res.json()) as { data: { token: { access_token: string } } };
  return { headers: { authorization: `Bearer ${data.token.access_token}` } };
}

/** What shoppers type: Chinese of one to five characters, Latin, a tag name, something not sold. */
const SEARCH_KEYWORDS = [
  '茶',
  '烏龍茶',
  '咖啡豆',
  '保濕',
  '精華液',
  '阿里山',
  '禮盒',
  '面膜',
  'Oolong',
  '有機蜂蜜',
  '益生菌',
  '不存在的商品',
];

/** The API detail of each listed product, in turn. */
async function productDetailPaths(ctx: TargetContext): Promise<string[]> {
  const res = await fetch(`${ctx.shopUrl}/api/v1/guest/products`, {
    headers: { authorization: ctx.guestAuthorization },
  });
  if (!res.ok) throw new Error(`GET /api/v1/guest/products answered ${res.status}`);
  const { data } = (await res.json()) as { data: Array<{ id: number }> };
  if (data.length === 0) throw new Error('no products to open');
  return data.map((p) => `/api/v1/guest/products/${p.id}`);
}

/** Where the storefront links each listed product (spec §2: t is its first type). */
export async function productPagePaths(ctx: TargetContext): Promise<string[]> {
  const res = await fetch(`${ctx.shopUrl}/api/v1/guest/products`, {
    headers: { authorization: ctx.guestAuthorization },
  });
  if (!res.ok) throw new Error(`GET /api/v1/guest/products answered ${res.status}`);
  const { data } = (await res.json()) as { data: Array<{ id: number; product_type_ids: number[] }> };
  if (data.length === 0) throw new Error('no products to open');
  return data.map((p) =>
    p.product_type_ids.length ? `/products?t=${p.product_type_ids[0]}&sn=${p.id}` : `/products?sn=${p.id}`,
  );
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

/** Members adding to their carts in turn: enough that no cart line nears 999 units in a run. */
const CART_MEMBERS = 20;
/** One buyer per connection at the largest concurrency, plus one for the check. */
const SHOPPER_COUNTS = { cartMembers: CART_MEMBERS, buyers: Math.max(...CONNECTIONS) + 1 };

/** A checkout as the cart page sends it: bank transfer, home delivery, 二聯 invoice without carrier. */
export const BENCH_ORDER = {
  payment_type: 1,
  delivery_method: 1,
  recv_name: '壓測會員',
  recv_cellphone: '0912345678',
  recv_address: '106台北市大安區忠孝東路四段100號5樓',
  receipt: { type: 1, carrier_type: 'none' },
  use_bonus: 0,
};

/**
 * Add to cart with autocannon's worker like the other targets: every request is the next member's,
 * with the next product (bench/lib/cart-rotation), so no cart line nears 999 units in a run.
 */
async function cartRotation(ctx: TargetContext): Promise<RequestSpec> {
  const { carts, products } = await benchShoppers(ctx.shopUrl, ctx.databaseUrl, SHOPPER_COUNTS);
  const lines = products.map((p) => JSON.stringify({ ...p, qty: 1 }));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cart-'));
  fs.writeFileSync(
    path.join(dir, 'pool.json'),
    JSON.stringify({ authorizations: carts.map((c) => c.authorization), lines }),
  );
  process.env.BENCH_CART_POOL_DIR = dir; // read by the load worker's hook
  const hooks = fileURLToPath(new URL('./lib/cart-rotation/', import.meta.url));
  return {
    ...jsonPost,
    headers: { ...jsonPost.headers, authorization: carts[0]!.authorization },
    body: lines[0]!,
    requests: [
      {
        ...jsonPost,
        path: '/api/v1/shopping-carts',
        setupRequest: path.join(hooks, 'setup-request.cjs'),
      },
    ],
  };
}

const pageGet = () => ({ headers: { accept: 'text/html' } });

/** Product pages, each in turn, from clients that wait out each 503's Retry-After (lib/polite-load.ts). */
async function politeProductPages(ctx: TargetContext): Promise<RequestSpec> {
  const paths = await productPagePaths(ctx);
  return {
    ...pageGet(),
    measure: (opts) =>
      measurePoliteLoad({
        ...opts,
        origin: ctx.shopUrl,
        nextRequest: (n) => ({ path: paths[n % paths.length]!, headers: { accept: 'text/html' } }),
      }),
  };
}

/** Add to cart as cartRotation does (the next member, the next product), from polite clients. */
async function politeCartAdds(ctx: TargetContext): Promise<RequestSpec> {
  const { carts, products } = await benchShoppers(ctx.shopUrl, ctx.databaseUrl, SHOPPER_COUNTS);
  const lines = products.map((p) => JSON.stringify({ ...p, qty: 1 }));
  return {
    ...jsonPost,
    headers: { ...jsonPost.headers, authorization: carts[0]!.authorization },
    body: lines[0]!,
    measure: (opts) =>
      measurePoliteLoad({
        ...opts,
        origin: ctx.shopUrl,
        nextRequest: (n) => ({
          path: '/api/v1/shopping-carts',
          method: 'POST',
          headers: { ...jsonPost.headers, authorization: carts[n % carts.length]!.authorization },
          body: lines[Math.floor(n / carts.length) % lines.length]!,
        }),
      }),
  };
}

const CROWD_NOTE = 'the shop restarted with production overload shedding (SHED_* defaults) and the page cache off';

export const HTTP_TARGETS: HttpTarget[] = [
  {
    name: 'products',
    label: 'GET /api/v1/guest/products',
    server: 'shop',
    path: '/api/v1/guest/products',
    request: guestGet,
  },
  {
    name: 'product-types',
    label: 'GET /api/v1/guest/product-types',
    server: 'shop',
    path: '/api/v1/guest/product-types',
    request: guestGet,
  },
  {
    name: 'home',
    label: 'GET / (server render)',
    server: 'shop',
    path: '/',
    request: () => ({ headers: { accept: 'text/html' } }),
  },
  {
    name: 'bare',
    label: 'bare Fastify, same bytes as products',
    server: 'bare',
    path: BARE_COPY_OF,
    request: guestGet,
  },
  {
    name: 'products-junk',
    label: 'GET /api/v1/guest/products?bench=<unique> (a junk parameter on every request)',
    server: 'shop',
    path: '/api/v1/guest/products',
    request: guestGet,
    rotatePaths: async () => ['/api/v1/guest/products'],
  },
  {
    name: 'products-uncached',
    label: 'GET /api/v1/guest/products (no response cache)',
    server: 'shop',
    path: '/api/v1/guest/products',
    request: guestGet,
    withoutApiCache: true,
  },
  {
    name: 'product-detail-uncached',
    label: 'GET /api/v1/guest/products/{id} (every product in turn, no response cache)',
    server: 'shop',
    path: '/api/v1/guest/products',
    request: guestGet,
    withoutApiCache: true,
    rotatePaths: productDetailPaths,
  },
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
  {
    name: 'add-to-cart',
    label: 'POST /api/v1/shopping-carts (member)',
    server: 'shop',
    path: '/api/v1/shopping-carts',
    note: `each request is the next of ${CART_MEMBERS} members (logged in through POST /members/auth) adding 1 unit of the next of up to 10 demo products without tracked stock`,
    request: cartRotation,
  },
  {
    name: 'orders',
    label: 'POST /api/v1/orders (member, server cart)',
    server: 'shop',
    path: '/api/v1/orders',
    note: 'not autocannon (an order empties the cart): one logged-in member per connection, each looping POST /shopping-carts 1 unit (not timed) then POST /orders (timed), with fetch from the bench process; req/s counts orders only',
    request: async (ctx) => {
      const { buyers, products } = await benchShoppers(ctx.shopUrl, ctx.databaseUrl, SHOPPER_COUNTS);
      const [probeBuyer, ...loadBuyers] = buyers;
      const product = products[0]!;
      return {
        method: 'POST',
        probe: () => placeOneOrder({ shopUrl: ctx.shopUrl, product, orderBody: BENCH_ORDER }, probeBuyer!),
        measure: (opts) =>
          measureCheckout({ ...opts, shopUrl: ctx.shopUrl, buyers: loadBuyers, product, orderBody: BENCH_ORDER }),
      };
    },
  },
  {
    name: 'product-page',
    label: 'GET /products?t=&sn= (server render, every product in turn, no page cache)',
    server: 'shop',
    path: '/products',
    request: () => ({ headers: { accept: 'text/html' } }),
    rotatePaths: productPagePaths,
    withoutPageCache: true,
  },
  {
    name: 'product-page-before',
    label: `the same, on the build issue 15 was filed against (${BEFORE_ISSUE_15})`,
    server: 'shop',
    path: '/products',
    request: () => ({ headers: { accept: 'text/html' } }),
    rotatePaths: productPagePaths,
    withoutPageCache: true,
    baseline: BEFORE_ISSUE_15,
  },
  {
    name: 'crowd-product-page',
    label: 'product pages in turn, overload shedding on, autocannon (ignores Retry-After)',
    server: 'shop',
    path: '/products',
    note: CROWD_NOTE,
    request: pageGet,
    rotatePaths: productPagePaths,
    crowd: true,
  },
  {
    name: 'crowd-product-page-polite',
    label: 'product pages in turn, overload shedding on, clients that wait out Retry-After',
    server: 'shop',
    path: '/products',
    note: `${CROWD_NOTE}; one request loop per connection (lib/polite-load.ts), a 503's Retry-After waited out on that connection`,
    request: politeProductPages,
    crowd: true,
  },
  {
    name: 'crowd-add-to-cart',
    label: 'POST /api/v1/shopping-carts as add-to-cart, overload shedding on, autocannon (ignores Retry-After)',
    server: 'shop',
    path: '/api/v1/shopping-carts',
    note: CROWD_NOTE,
    request: cartRotation,
    crowd: true,
  },
  {
    name: 'crowd-add-to-cart-polite',
    label: 'POST /api/v1/shopping-carts as add-to-cart, overload shedding on, clients that wait out Retry-After',
    server: 'shop',
    path: '/api/v1/shopping-carts',
    note: `${CROWD_NOTE}; one request loop per connection (lib/polite-load.ts), a 503's Retry-After waited out on that connection`,
    request: politeCartAdds,
    crowd: true,
  },
  {
    name: 'product-page-metrics-off',
    label: 'the product page as product-page, without METRICS_PORT, in rounds alternating with the next',
    server: 'shop',
    path: '/products',
    request: () => ({ headers: { accept: 'text/html' } }),
    rotatePaths: productPagePaths,
    withoutPageCache: true,
    metricsCost: 'off',
  },
  {
    name: 'product-page-metrics',
    label: 'the same with METRICS_PORT set and GET /metrics every 5 s',
    server: 'shop',
    path: '/products',
    request: () => ({ headers: { accept: 'text/html' } }),
    rotatePaths: productPagePaths,
    withoutPageCache: true,
    metricsCost: 'on',
  },
  {
    name: 'search',
    label: `GET /api/v1/guest/search?keyword= (${LARGE_CATALOGUE_PRODUCTS.toLocaleString('en-US')} more products, ${SEARCH_KEYWORDS.length} keywords in turn, no response cache)`,
    server: 'shop',
    path: '/api/v1/guest/search?keyword=%E8%8C%B6',
    request: guestGet,
    catalogue: 'large',
    withoutApiCache: true,
    rotatePaths: async () =>
      SEARCH_KEYWORDS.map((k) => `/api/v1/guest/search?keyword=${encodeURIComponent(k)}&page=1&size=12`),
  },
  {
    name: 'sales-report',
    label: `GET /api/v1/admin/reports/sales (${SALES_REPORT_DAYS} days over ${SALES_REPORT_ORDERS.toLocaleString('en-US')} more orders, owner)`,
    server: 'shop',
    path: '/api/v1/admin/reports/sales',
    note: `ranges of ${SALES_REPORT_DAYS} Taiwan days ending on each of the last 7 days in turn, signed in as the bench's owner`,
    request: ownerHeaders,
    catalogue: 'orders',
    rotatePaths: async () => salesReportPaths(),
  },
];

export interface LighthousePage {
  /** Name for --only (`lighthouse` selects every page) and the report. */
  name: string;
  label: string;
  path: string;
  /** Sets the shop and the browser up before each run (a cart, a session); none = a blank browser. */
  prepare?: (ctx: TargetContext) => Promise<BrowserState>;
  /** The path to audit when it depends on the shop's data (e.g. the first product's page). */
  resolvePath?(ctx: TargetContext): Promise<string>;
}

interface DemoProduct {
  id: number;
  name: string;
  banner: string;
  pics?: string[];
  price: number;
  on_sale_price: number;
  status: number;
  internet_celebrity?: boolean;
  product_specs?: Array<{ id: number; name: string; price: number; on_sale_price: number }>;
}

/** The first `n` products of the demo catalogue that can be bought, as the guest API shows them. */
async function cartProducts(ctx: TargetContext, n: number): Promise<DemoProduct[]> {
  const res = await fetch(`${ctx.shopUrl}/api/v1/guest/products?page=1&size=${n}`, {
    headers: { authorization: ctx.guestAuthorization },
  });
  const products = ((await res.json()) as { data?: DemoProduct[] }).data ?? [];
  if (!res.ok || products.length < n)
    throw new Error(`GET /products answered ${res.status} with ${products.length} products`);
  return products;
}

/** A guest's cart of three lines in local storage (`carts`, the shape of apps/web features/cart). */
async function guestCart(ctx: TargetContext): Promise<BrowserState> {
  const products = await cartProducts(ctx, 3);
  const lines = products.map((p, i) => ({
    id: Date.now() + i,
    members_id: 0,
    products_id: p.id,
    spec_id: p.product_specs?.[0]?.id ?? null,
    qty: i + 1,
    product: {
      id: p.id,
      name: p.name,
      banner: p.banner,
      price: p.price,
      on_sale_price: p.on_sale_price,
      status: p.status,
      internet_celebrity: Boolean(p.internet_celebrity),
      pics: (p.pics ?? []).slice(0, 1),
      product_specs: (p.product_specs ?? []).map(({ id, name, price, on_sale_price }) => ({
        id,
        name,
        price,
        on_sale_price,
      })),
    },
  }));
  return { localStorage: { carts: JSON.stringify(lines) } };
}

/** The checkout: the demo member 陳大文 logged in (session cookies) with three lines in the server cart. */
async function memberCheckout(ctx: TargetContext): Promise<BrowserState> {
  const res = await fetch(`${ctx.shopUrl}/api/v1/members/auth`, {
    ...jsonPost,
    body: JSON.stringify({ account: '0933333333', password: 'Demo1234' }),
  });
  const auth = (
    (await res.json()) as { data?: { id: number; token: { access_token: string }; member: Record<string, unknown> } }
  ).data;
  if (!res.ok || !auth) throw new Error(`member login answered ${res.status}`);
  const member = { Authorization: `Bearer ${auth.token.access_token}`, 'content-type': 'application/json' };
  await fetch(`${ctx.shopUrl}/api/v1/shopping-carts-by-members-id/${auth.id}`, { method: 'DELETE', headers: member });
  for (const [i, p] of (await cartProducts(ctx, 3)).entries()) {
    const line = await fetch(`${ctx.shopUrl}/api/v1/shopping-carts`, {
      method: 'POST',
      headers: member,
      body: JSON.stringify({ products_id: p.id, spec_id: p.product_specs?.[0]?.id ?? null, qty: i + 1 }),
    });
    if (!line.ok) throw new Error(`POST /shopping-carts answered ${line.status}`);
  }
  const m = auth.member;
  const cookie = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  return {
    cookies: [
      { name: 'web_auth_data', value: cookie({ id: auth.id, token: auth.token }) },
      {
        name: 'web_member_data',
        value: cookie({
          id: auth.id,
          name: m.name,
          avatar: m.avatar,
          is_internet_celebrity: m.is_internet_celebrity,
          member_level: m.member_level,
        }),
      },
    ],
  };
}

export const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { name: 'lighthouse-home', label: 'home page /', path: '/' },
  {
    name: 'lighthouse-product',
    label: 'product page /products?t=&sn=',
    path: '/products',
    resolvePath: async (ctx) => (await productPagePaths(ctx))[0]!,
  },
  {
    name: 'lighthouse-search',
    label: 'search page /searching?keyword=茶',
    path: `/searching?keyword=${encodeURIComponent('茶')}`,
  },
  { name: 'lighthouse-cart', label: 'cart /cart (guest, 3 lines)', path: '/cart', prepare: guestCart },
  {
    name: 'lighthouse-checkout',
    label: 'checkout /cart (member, 3 lines and the form)',
    path: '/cart',
    prepare: memberCheckout,
  },
];

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
  // Issue 6: add to cart p99 ≤ 50 ms and POST /orders p99 ≤ 100 ms at -c 10, 0 errors (on PostgreSQL).
  p99AtMost('add-to-cart', 50, 10),
  p99AtMost('orders', 100, 10),
  errorsAtMost('add-to-cart', 0),
  errorsAtMost('orders', 0),
  lighthouseAtLeast('lighthouse-home', 'performance', 95),
  lighthouseAtMost('lighthouse-home', 'lcpMs', 2_000),
  lighthouseAtMost('lighthouse-home', 'tbtMs', 150),
  lighthouseAtMost('lighthouse-home', 'cls', 0.05),
  lighthouseAtMost('lighthouse-home', 'jsKb', 150),
  // Issue 4, "Budgets".
  p99AtMost('search', 50, 10),
  // Issue 45: the catalogue's real work, with the response cache off, and a junk parameter never skips it.
  ratioToTargetAtLeast('products-uncached', 'bare', 0.3, 10),
  p99AtMost('products-uncached', 30, 10),
  ratioToTargetAtLeast('product-detail-uncached', 'bare', 0.5, 10),
  ratioToTargetAtLeast('products-junk', 'products', 0.5, 10),
  p99AtMost('search', 1_000, 100),
  errorsAtMost('search', 0),
  // Issue 42: 90 days of the sales report over 100,000 orders, read from the daily sums (docs/decisions/084).
  p99AtMost('sales-report', 200, 10),
  // Issue 15: the uncached product page at twice the rate of the issue's start, p99 ≤ 60 ms; at
  // -c 100 p99 ≤ 1 s with no time-out (a time-out counts as an error, which fails a p99 budget).
  // "Same machine, before and after in one run": the build the issue was filed against is measured
  // in this run too (docs/decisions/071); 504 was 2× its 252 req/s on that day's machine.
  ratioToTargetAtLeast('product-page', 'product-page-before', 2, 10),
  p99AtMost('product-page', 60, 10),
  // The same p99 as a ratio to that build's in this run (decision 073): 60 ms against its 84 ms.
  p99RatioToTargetAtMost('product-page', 'product-page-before', 60 / 84, 10),
  p99AtMost('product-page', 1_000, 100),
  // Issue 39: the metrics cost under 3 % of the product page's rate (docs/decisions/080).
  ratioToTargetAtLeast('product-page-metrics', 'product-page-metrics-off', 0.97, 10),
  ...(['lighthouse-product', 'lighthouse-search'] as const).flatMap((page) => [
    lighthouseAtLeast(page, 'performance', 95),
    lighthouseAtMost(page, 'lcpMs', 2_000),
    lighthouseAtMost(page, 'cls', 0.05),
    lighthouseAtMost(page, 'jsKb', 150),
  ]),
  // Issue 6: cart and checkout pages, Lighthouse mobile performance ≥ 90.
  lighthouseAtLeast('lighthouse-cart', 'performance', 90),
  lighthouseAtLeast('lighthouse-checkout', 'performance', 90),
  startupAtMost(5_000),
  // Issue 37 item 5: a crowd of 100 is served at least 90 % of what 10 are, whether or not the
  // clients honour Retry-After: shedding never costs more than it saves.
  ...['crowd-product-page', 'crowd-product-page-polite', 'crowd-add-to-cart', 'crowd-add-to-cart-polite'].map((name) =>
    goodputHeldAtLeast(name, 0.9, 10, 100),
  ),
];

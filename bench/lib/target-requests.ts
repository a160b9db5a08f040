// The requests the HTTP targets send (targets.ts): the paths they rotate through, the headers of a
// guest, a member or the owner, and the shoppers and orders of the cart and checkout targets.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measurePoliteLoad } from './polite-load.ts';
import { BENCH_OWNER } from './seed.ts';
import { benchShoppers } from './shoppers.ts';
import { CONNECTIONS, type RequestSpec, type TargetContext } from './target-types.ts';

export const BEFORE_ISSUE_15 = 'c5a2109';
/** Issue 45 item 3 (the product page's own cost) is measured against the build it started from. */
export const BEFORE_ISSUE_45 = '0a4bcaa';

/** Issue 4: the search budget holds on a catalogue of 10,000 products. */
export const LARGE_CATALOGUE_PRODUCTS = 10_000;

/** Issue 42: the sales report answers 90 days over this many orders within its budget. */
export const SALES_REPORT_ORDERS = 100_000;
export const SALES_REPORT_DAYS = 90;

/** 90 Taiwan days ending on each of the last seven days, as an owner looks at them morning after morning. */
export function salesReportPaths(): string[] {
  const day = (offset: number) => new Date(Date.now() + 8 * 3_600_000 - offset * 86_400_000).toISOString().slice(0, 10);
  return [0, 1, 2, 3, 4, 5, 6].map(
    (end) => `/api/v1/admin/reports/sales?from=${day(end + SALES_REPORT_DAYS - 1)}&to=${day(end)}`,
  );
}

/** The bench owner's bearer token, from POST /api/v1/admin/auth. */
export async function ownerHeaders(ctx: TargetContext): Promise<RequestSpec> {
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
export const SEARCH_KEYWORDS = [
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
export async function productDetailPaths(ctx: TargetContext): Promise<string[]> {
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

export const guestGet = (ctx: TargetContext): RequestSpec => ({ headers: { authorization: ctx.guestAuthorization } });

/** The shop path whose response the bare route copies byte for byte. */
export const BARE_COPY_OF = '/api/v1/guest/products';

/** The demo member of the seed (README: demo accounts). */
export const DEMO_LOGIN = JSON.stringify({ account: '0911111111', password: 'Demo1234' });
export const jsonPost = { method: 'POST' as const, headers: { 'content-type': 'application/json' } };

export async function logIn(ctx: TargetContext): Promise<string> {
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
export async function refreshChain(ctx: TargetContext): Promise<RequestSpec> {
  const needed = Math.ceil(CONNECTIONS.reduce((sum, c) => sum + c, 0) * 2 * 1.5);
  const tokens: string[] = [];
  for (let i = 0; i < needed; i += 4) {
    tokens.push(...(await Promise.all(Array.from({ length: Math.min(4, needed - i) }, () => logIn(ctx)))));
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-refresh-'));
  fs.writeFileSync(path.join(dir, 'tokens.json'), JSON.stringify(tokens));
  process.env.BENCH_REFRESH_POOL_DIR = dir; // read by the load worker's hooks
  const hooks = fileURLToPath(new URL('./refresh-chain/', import.meta.url));
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
export const CART_MEMBERS = 20;
/** One buyer per connection at the largest concurrency, plus one for the check. */
export const SHOPPER_COUNTS = { cartMembers: CART_MEMBERS, buyers: Math.max(...CONNECTIONS) + 1 };

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
export async function cartRotation(ctx: TargetContext): Promise<RequestSpec> {
  const { carts, products } = await benchShoppers(ctx.shopUrl, ctx.databaseUrl, SHOPPER_COUNTS);
  const lines = products.map((p) => JSON.stringify({ ...p, qty: 1 }));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cart-'));
  fs.writeFileSync(
    path.join(dir, 'pool.json'),
    JSON.stringify({ authorizations: carts.map((c) => c.authorization), lines }),
  );
  process.env.BENCH_CART_POOL_DIR = dir; // read by the load worker's hook
  const hooks = fileURLToPath(new URL('./cart-rotation/', import.meta.url));
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

export const pageGet = () => ({ headers: { accept: 'text/html' } });

/** Product pages, each in turn, from clients that wait out each 503's Retry-After (lib/polite-load.ts). */
export async function politeProductPages(ctx: TargetContext): Promise<RequestSpec> {
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
export async function politeCartAdds(ctx: TargetContext): Promise<RequestSpec> {
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

export const CROWD_NOTE =
  'the shop restarted with production overload shedding (SHED_* defaults) and the page cache off';

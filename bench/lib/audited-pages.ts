// The pages Lighthouse audits (issue 3 and 6), with the cart or session a page is audited with.
import type { BrowserState } from './lighthouse.ts';
import { BEFORE_ISSUE_45, jsonPost, productPagePaths } from './target-requests.ts';
import type { LighthousePage, TargetContext } from './target-types.ts';

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

const firstProductPage = async (ctx: TargetContext) => (await productPagePaths(ctx))[0]!;

export const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { name: 'lighthouse-home', label: 'home page /', path: '/' },
  {
    name: 'lighthouse-home-before-45',
    label: `the same, on the build issue 45 item 3 started from (${BEFORE_ISSUE_45})`,
    path: '/',
    baseline: { rev: BEFORE_ISSUE_45, beside: 'lighthouse-home' },
  },
  {
    name: 'lighthouse-product',
    label: 'product page /products?t=&sn=',
    path: '/products',
    resolvePath: firstProductPage,
  },
  {
    name: 'lighthouse-product-before-45',
    label: `the same, on the build issue 45 item 3 started from (${BEFORE_ISSUE_45})`,
    path: '/products',
    resolvePath: firstProductPage,
    baseline: { rev: BEFORE_ISSUE_45, beside: 'lighthouse-product' },
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

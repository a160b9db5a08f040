import { expect, test } from './support/shopper.ts';
import { canonicalHref, jsonLdObjects, metaContent, titleText } from './support/page-html.ts';

// Issue 4 §9: a link pasted into LINE or Facebook shows a proper preview. Their bots read the server
// HTML without running script, so these stories read it the same way.

interface ApiProduct {
  id: number;
  name: string;
  product_type_ids: number[];
  product_specs: Array<{ on_sale_price: number }>;
  on_sale_price: number;
}

const absolute = /^https?:\/\/[^/]+\//;

/** Where the storefront links a product (spec §2: t is its first type). */
const productPath = (p: ApiProduct) =>
  p.product_type_ids.length ? `/products?t=${p.product_type_ids[0]}&sn=${p.id}` : `/products?sn=${p.id}`;

test.describe('a link to the shop pasted into a chat app', () => {
  test('a product link previews its name, picture and price, and tells search engines the offer', async ({
    shopper,
    catalogue,
  }) => {
    const product: ApiProduct = {
      ...(await catalogue.product({
        specs: [
          { name: '小罐', price: 500, salePrice: 450 },
          { name: '大罐', price: 900, salePrice: 820 },
        ],
      })),
      on_sale_price: 450,
    };
    const path = productPath(product!);
    const { status, html } = await shopper.serverHtml(path);
    expect(status).toBe(200);

    const { website_title } = await shopper.siteSettings();
    expect(titleText(html)).toBe(`${website_title} | ${product!.name}`);
    expect(metaContent(html, 'og:title')).toBe(product!.name);
    expect(metaContent(html, 'og:type')).toBe('product');
    expect(metaContent(html, 'og:image')).toMatch(absolute);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:image')).toMatch(absolute);
    expect(metaContent(html, 'description')?.length).toBeGreaterThan(0);
    expect(canonicalHref(html)).toMatch(new RegExp(`^https?://[^/]+${path.replace('?', '\\?')}$`));
    const prices = product!.product_specs.length
      ? product!.product_specs.map((s) => s.on_sale_price)
      : [product!.on_sale_price];
    expect(metaContent(html, 'product:price:amount')).toBe(String(Math.min(...prices)));
    expect(metaContent(html, 'product:price:currency')).toBe('TWD');

    const ld = jsonLdObjects(html);
    const productLd = ld.find((o) => o['@type'] === 'Product') as { name: string; offers: Record<string, unknown> };
    expect(productLd.name).toBe(product!.name);
    expect(productLd.offers.priceCurrency).toBe('TWD');
    expect(ld.some((o) => o['@type'] === 'BreadcrumbList')).toBe(true);
  });

  test('a news link previews as an article with NewsArticle data', async ({ shopper, content }) => {
    const made = await content.news();
    const news = await shopper.shopData<{ id: number; title: string; post_at: string }>(`/news/${made.id}`);
    const { status, html } = await shopper.serverHtml(`/news/${news.id}`);
    expect(status).toBe(200);
    expect(metaContent(html, 'og:title')).toBe(news.title);
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:image')).toMatch(absolute);
    expect(metaContent(html, 'article:published_time')).toBe(news.post_at);
    const article = jsonLdObjects(html).find((o) => o['@type'] === 'NewsArticle');
    expect(article).toMatchObject({ headline: news.title, datePublished: news.post_at });
  });

  test("an influencer's link previews the influencer's recommendations", async ({ shopper }) => {
    const { status, html } = await shopper.serverHtml('/coop/DEMOKOL');
    expect(status).toBe(200);
    expect(metaContent(html, 'og:title')).toMatch(/的推薦$/);
    expect(metaContent(html, 'og:image')).toMatch(absolute);
    expect(metaContent(html, 'og:url')).toMatch(/\/coop\/DEMOKOL$/);
  });

  test('a link to something that is gone answers 404 with the empty state, never an error page', async ({
    shopper,
  }) => {
    const { status, html } = await shopper.serverHtml('/products?t=1&sn=2147483647');
    expect(status).toBe(404);
    expect(html).toContain('class="empty-state"');
    expect(html).not.toContain('class="route-error');
    expect(metaContent(html, 'robots')).toBe('noindex, follow');
  });
});

test.describe('a search engine visiting the shop', () => {
  test('finds every product, package, news item and page in the sitemap, and the sitemap in robots.txt', async ({
    shopper,
    page,
  }) => {
    const robots = await page.request.get('/robots.txt');
    expect(robots.ok()).toBe(true);
    const robotsText = await robots.text();
    expect(robotsText).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    expect(robotsText).toContain('Disallow: /api/');

    const sitemap = await page.request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')));
    const paths = locs.map((u) => u.pathname + u.search);

    const products = await shopper.shopData<ApiProduct[]>('/products');
    for (const p of products) expect(paths).toContain(productPath(p));
    const packages = await shopper.shopData<Array<{ id: number }>>('/product-package');
    for (const p of packages) expect(paths.some((x) => x.includes(`sn=${p.id}&pkg=1`))).toBe(true);
    const news = await shopper.shopData<Array<{ id: number }>>('/news');
    for (const n of news) expect(paths).toContain(`/news/${n.id}`);
    for (const pagePath of ['/', '/products', '/bundles', '/news', '/contact', '/terms/problem']) {
      expect(paths).toContain(pagePath);
    }
  });
});

import { expect, test } from './support/shopper.ts';

// Issue 4 §8: a Content-Security-Policy that blocks inline script, with a fresh nonce on every
// answer — also on a guest page served again from the page cache.
test.describe('the pages a shopper loads', () => {
  test('carry a script policy with a fresh nonce and still come alive', async ({ shopper, page, request }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/');
    await shopper.waitUntilInteractive();

    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(policy).not.toContain("'unsafe-inline' ");
    expect(violations).toEqual([]);

    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const again = await request.get('/');
      const nonce = /'nonce-([^']+)'/.exec(again.headers()['content-security-policy'] ?? '')?.[1];
      expect(nonce).toBeTruthy();
      // The page's own inline scripts carry the header's nonce, never a kept one.
      expect(await again.text()).toContain(`nonce="${nonce}"`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(3);
  });

  test('an API answer may run nothing at all', async ({ request }) => {
    const response = await request.get('/api/v1/guest/product-types', {
      headers: { authorization: `Basic ${Buffer.from('guest:guest-storefront').toString('base64')}` },
    });
    expect(response.headers()['content-security-policy']).toContain("default-src 'none'");
  });
});

// Decision 088: a page links its sheets as files with hashed names instead of carrying their text.
// A sheet missing from a page's head would leave that part of the page unstyled on its first load.
test.describe('the stylesheets a page links in its head', () => {
  /** A selector found only in each sheet's own file (apps/web/app/styles). */
  const selectorOf: Record<string, string> = {
    base: '.skip-link',
    catalogue: '.catalogue-detail',
    content: '.news-list',
    members: '.auth-card',
    cart: '.cart-page',
    orders: '.payment-page',
  };
  const pages: Array<[string, string[]]> = [
    ['/', ['base']],
    ['/products', ['base', 'catalogue']],
    ['/news', ['base', 'content']],
    ['/login', ['base', 'members']],
    ['/cart', ['base', 'cart']],
    ['/searching-order', ['base', 'orders']],
  ];
  for (const [path, sheets] of pages) {
    test(`${path} links ${sheets.join(', ')}, kept for a year, and carries no copy of them`, async ({ request }) => {
      const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
      const head = html.slice(0, html.indexOf('</head>'));
      for (const name of sheets) expect(head, `${name} is not copied into the page`).not.toContain(selectorOf[name]!);
      const hrefs = [...head.matchAll(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]!);
      expect(hrefs).toHaveLength(sheets.length);
      const texts = await Promise.all(
        hrefs.map(async (href) => {
          const sheet = await request.get(href);
          expect(sheet.status()).toBe(200);
          expect(sheet.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
          return sheet.text();
        }),
      );
      for (const name of sheets) {
        expect(
          texts.filter((css) => css.includes(selectorOf[name]!)),
          name,
        ).toHaveLength(1);
      }
    });
  }
});

test.describe('the files a page loads', () => {
  test('hashed scripts are kept for a year, so a returning shopper loads none of them again', async ({ request }) => {
    const html = await (await request.get('/')).text();
    // docs/decisions/033: the preloads stay inert until the first screen is painted.
    const script = /<link rel="modulepreload-after-paint"[^>]* href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect(html).not.toContain('<link rel="modulepreload"');
    const asset = await request.get(script!);
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('scripts come compressed with Brotli at build time, and plain to a client that asks for that', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const script = /<link rel="modulepreload-after-paint"[^>]* href="(\/assets\/entry\.client[^"]+\.js)"/.exec(
      html,
    )?.[1];
    expect(script).toBeTruthy();
    const brotli = await request.get(script!, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers()['content-encoding']).toBe('br');
    expect(brotli.headers()['vary']).toContain('Accept-Encoding');
    const plain = await request.get(script!, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    // Both decode to the same script (Playwright decodes Brotli itself).
    expect(await brotli.text()).toBe(await plain.text());
  });
});

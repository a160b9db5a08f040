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

// Decision 067: React writes a mark for each sheet a page inlines, and the server puts the sheet in
// its place. A mark left behind would leave the page unstyled, its sheet never fetched.
test.describe('the stylesheets a page carries in its head', () => {
  /** A selector found only in each sheet's own file (apps/web/app/styles). */
  const selectorOf: Record<string, string> = {
    'shop-base': '.skip-link',
    'shop-catalogue': '.catalogue-detail',
    'shop-content': '.news-list',
    'shop-members': '.auth-card',
    'shop-cart': '.cart-page',
    'shop-orders': '.payment-page',
  };
  const pages: Array<[string, string[]]> = [
    ['/', ['shop-base']],
    ['/products', ['shop-base', 'shop-catalogue']],
    ['/news', ['shop-base', 'shop-content']],
    ['/login', ['shop-base', 'shop-members']],
    ['/cart', ['shop-base', 'shop-cart']],
    ['/searching-order', ['shop-base', 'shop-orders']],
  ];
  for (const [path, sheets] of pages) {
    test(`${path} carries ${sheets.join(', ')} whole, with no mark left`, async ({ request }) => {
      const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
      expect(html).not.toContain('<inline-sheet');
      const style = /<style[^>]* data-href="([^"]+)"[^>]*>([\s\S]*?)<\/style>/.exec(html);
      expect(style, 'one <style> in the head names the sheets').not.toBeNull();
      const [, hrefs, css] = style!;
      expect(hrefs!.split(' ')).toEqual(expect.arrayContaining(sheets));
      for (const sheet of sheets) expect(css, sheet).toContain(selectorOf[sheet]);
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

import { expect, test } from './support/shopper.ts';

test.describe('a shopper arrives on the home page', () => {
  test(
    'sees the banner, hot products and the footer from the shop data',
    { tag: ['@desktop', '@smoke'] },
    async ({ shopper, page }) => {
      await shopper.visitHome();

      await expect(shopper.banner).toBeVisible();
      const firstSlide = shopper.banner.getByRole('img').first();
      await expect(firstSlide).toBeVisible();
      await expect(firstSlide).toHaveAttribute('fetchpriority', 'high');
      expect(await firstSlide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

      await expect(shopper.hotProducts).toBeVisible();
      const productLinks = shopper.hotProductLinks;
      expect(await productLinks.count()).toBeGreaterThan(0);
      await expect(productLinks.first()).toHaveAttribute('href', /^\/products\?(t=\d+&)?sn=\d+/);
      await expect(shopper.hotProducts.getByText(/NT\$[\d,]+/).first()).toBeVisible();

      await expect(shopper.footer).toContainText('© 2024');
      await expect(shopper.footer.getByRole('link', { name: '最新消息' })).toHaveAttribute('href', '/news');
      await expect(page.getByRole('button', { name: '回到頁首' })).toBeHidden();
    },
  );

  test('the page asks for its scripts only once the banner picture is on screen', async ({ shopper, page }) => {
    // docs/decisions/033: on a slow phone the scripts would otherwise share the line with the picture.
    const finished = new Map<string, number>();
    const requested = new Map<string, number>();
    page.on('request', (request) => requested.set(new URL(request.url()).pathname, Date.now()));
    page.on('requestfinished', (request) => finished.set(new URL(request.url()).pathname, Date.now()));
    await shopper.visitHome();

    const hero = await shopper.banner.getByRole('img').first().getAttribute('src');
    const heroArrived = finished.get(new URL(hero ?? '', page.url()).pathname);
    const scripts = [...requested].filter(([path]) => path.startsWith('/assets/') && path.endsWith('.js'));
    expect(heroArrived).toBeDefined();
    expect(scripts.length).toBeGreaterThan(0);
    for (const [path, at] of scripts) expect(at, path).toBeGreaterThanOrEqual(heroArrived!);
  });

  test('the tab title is the site title, a separator, then the page title', async ({ shopper, page }) => {
    const { website_title } = await shopper.siteSettings();
    await shopper.visitHome();
    await expect(page).toHaveTitle(`${website_title} | 首頁`);
  });

  test('the banner moves to the next slide on request', async ({ shopper, content }) => {
    // Two slides of its own, so there is a next one whatever else the banner holds.
    await content.homeSlide();
    await content.homeSlide();
    await shopper.visitHome();
    const next = shopper.banner.getByRole('button', { name: '下一張' });
    await next.click();
    await expect(shopper.banner.getByRole('button', { name: '第 2 張' })).toHaveAttribute('aria-current', 'true');
  });
});

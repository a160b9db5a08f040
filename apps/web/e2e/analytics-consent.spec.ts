import type { Page, Request } from '@playwright/test';
import { expect, ShopMember, test } from './support/shop-owner.ts';
import { seriousViolations } from './support/accessibility-checks.ts';
import type { BackOfficeApi } from './support/back-office-api.ts';

// Issue 43 item 5 (個人資料保護法): with the owner's GA4 and Meta Pixel ids, nothing of theirs loads
// until the shopper presses 「同意」; then the e-commerce events go out in TWD, `purchase` once per order
// however often the result page is shown; 「拒絕」 from the footer's 「Cookie 設定」 stops them again.
// No internet here: the third-party hosts answer from the story (page.route), which also counts them.

test.use({ consentChosen: false });

/** What the tags leave on the page: gtag's queue and the Pixel's. */
type Tagged = Window & { dataLayer?: unknown[]; fbq?: { queue?: unknown[] } };

const GA4 = 'G-STORY43AB';
const PIXEL = '430000000000043';
const THIRD_PARTY =
  /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|facebook\.net|facebook\.com)\//;

/** The owner's ids in 商店設定; the other story of this file may be saving the same at the same time. */
async function useAnalyticsIds(office: BackOfficeApi) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const { site } = await office.call<{ site: Record<string, unknown> & { version: number } }>(
      'GET',
      '/admin/settings',
    );
    if (site.ga4_measurement_id === GA4 && site.meta_pixel_id === PIXEL) return;
    const { version, ...fields } = site;
    const res = await office.request.put('/api/v1/admin/settings/site', {
      headers: { authorization: `Bearer ${office.token}` },
      data: { ...fields, ga4_measurement_id: GA4, meta_pixel_id: PIXEL, version },
    });
    if (res.ok()) return;
    expect(res.status(), await res.text()).toBe(409); // saved by someone else meanwhile: read again
  }
  throw new Error('the analytics ids could not be saved');
}

/** Answers every third-party request from here and keeps a list of them. */
async function standInForThirdParties(page: Page): Promise<Request[]> {
  const seen: Request[] = [];
  await page.route(THIRD_PARTY, async (route) => {
    seen.push(route.request());
    const script = route.request().resourceType() === 'script';
    await route.fulfill({
      status: script ? 200 : 204,
      contentType: 'text/javascript',
      body: script ? '/* stand-in */' : '',
    });
  });
  return seen;
}

/** The gtag events the page queued for gtag.js: [name, params]. */
const gtagEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as Tagged).dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'event')
      .map((args) => [args[1], args[2]] as [string, Record<string, unknown>]),
  );
const eventNames = async (page: Page) => (await gtagEvents(page)).map(([name]) => name);

test(
  'nothing third-party loads before consent; after 「同意」 the shop events go out, and 「拒絕」 stops them',
  {
    tag: '@desktop',
  },
  async ({ shopper, catalogue, backOffice, page, context }) => {
    await useAnalyticsIds(backOffice);
    const tea = await catalogue.product({ specs: [{ name: '150g', price: 900, salePrice: 800, stock: 9 }] });
    const thirdParty = await standInForThirdParties(page);

    await shopper.visit(`/products?sn=${tea.id}`);
    const banner = page.getByRole('region', { name: 'Cookie 與分析工具' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Google Analytics、Meta Pixel');
    expect(await seriousViolations(page)).toEqual([]);
    expect(thirdParty).toHaveLength(0);
    expect(
      await page.evaluate(() => (window as Tagged).dataLayer === undefined && (window as Tagged).fbq === undefined),
    ).toBe(true);
    // The page policy names the configured hosts only because they are configured.
    const policy = (await page.request.get(`/products?sn=${tea.id}`)).headers()['content-security-policy'] ?? '';
    expect(policy).toContain('https://www.googletagmanager.com');
    expect(policy).toContain('https://connect.facebook.net');

    await banner.getByRole('button', { name: '同意' }).click();
    await expect(banner).toBeHidden();
    await expect
      .poll(() => thirdParty.map((r) => new URL(r.url()).hostname))
      .toEqual(expect.arrayContaining(['www.googletagmanager.com', 'connect.facebook.net']));
    expect(thirdParty.find((r) => r.url().includes('/gtag/js'))!.url()).toContain(`id=${GA4}`);
    // The view waited for the choice and went with it, in TWD.
    const viewed = (await gtagEvents(page)).find(([name]) => name === 'view_item');
    expect(viewed?.[1]).toMatchObject({ currency: 'TWD', value: 800, items: [{ item_name: tea.name, price: 800 }] });
    const pixelQueue = await page.evaluate(() => JSON.stringify((window as Tagged).fbq?.queue ?? []));
    expect(pixelQueue).toContain('ViewContent');

    await page.getByRole('button', { name: '加入購物車' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已加入購物車' })).toBeVisible();
    expect(await eventNames(page)).toContain('add_to_cart');

    // Kept in a first-party cookie for 180 days: the next page asks nothing and loads the tags at once.
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'shop_analytics_consent');
    expect(cookie!.value).toBe('granted');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(179 * 24 * 3600 * 1000);
    await shopper.visit('/products?all=1');
    await expect(banner).toBeHidden();
    expect(await eventNames(page)).toEqual(expect.arrayContaining(['page_view', 'view_item_list']));

    // 「Cookie 設定」 in the footer: the shopper changes their mind.
    await page.getByRole('button', { name: 'Cookie 設定' }).click();
    await expect(banner).toContainText('目前：已同意');
    await banner.getByRole('button', { name: '拒絕' }).click();
    await expect(banner).toBeHidden();
    const before = thirdParty.length;
    await shopper.visit(`/products?sn=${tea.id}`);
    await expect(page.getByRole('button', { name: '加入購物車' })).toBeVisible();
    expect(thirdParty.length).toBe(before);
    expect(await page.evaluate(() => (window as Tagged).dataLayer === undefined)).toBe(true);
  },
);

test('`purchase` goes once per order, with its number, value and TWD, even when the result page is reloaded', async ({
  shopper,
  member,
  catalogue,
  backOffice,
  page,
  context,
  request,
  baseURL,
}) => {
  await useAnalyticsIds(backOffice);
  await standInForThirdParties(page);
  await context.addCookies([{ name: 'shop_analytics_consent', value: 'granted', url: baseURL!, sameSite: 'Lax' }]);
  const tea = await catalogue.product({ specs: [{ name: '禮盒', price: 1200, salePrice: 990, stock: 9 }] });
  const buyer = await ShopMember.login(request, member);
  const order = await buyer.placeOrder([tea.id], 1);

  await shopper.login(member.account, member.password);
  await shopper.visit(`/payment/result?order=${order.id}`);
  const purchases = async () => (await gtagEvents(page)).filter(([name]) => name === 'purchase');
  await expect.poll(async () => (await purchases()).length).toBe(1);
  expect((await purchases())[0]![1]).toMatchObject({
    transaction_id: order.order_number,
    value: order.pay_amount,
    currency: 'TWD',
  });

  await page.reload();
  await shopper.waitUntilInteractive();
  expect(await eventNames(page)).toContain('page_view');
  expect(await purchases()).toHaveLength(0);
});

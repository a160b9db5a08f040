import type { Locator, Page } from '@playwright/test';
import { BROWSING_PAGES } from './support/browsing-pages.ts';
import { watchPolicyViolations } from './support/policy-violations.ts';
import { expect, test, type Shopper } from './support/shopper.ts';

// Issue 20 item 1: no page may log a Content-Security-Policy violation, on its first load or after a
// client-side navigation. React inserts the <style precedence> elements it hoists (the page's style
// groups, the add-to-cart sheet) in the browser too, and the policy refuses them without the nonce.

/** Marks the document; `stillSameDocument` tells a client-side navigation from a full page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
}

async function expectSameDocument(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true),
    'a client-side navigation, not a page load',
  ).toBe(true);
}

/**
 * Clicks a link of the shop and waits until the router has shown its page (the link's own address,
 * path and query, or `landsOn` for a link that redirects, and no navigation in flight), without a
 * document load. Comparing the query too matters: a card on /products leads to /products?…&sn=…,
 * and a path-only check would pass before the click had done anything. It polls the address and the
 * router's state rather than waiting for load events or network silence: a same-document navigation
 * fires no load event, and a page's third-party frame (the contact map) may keep the network busy.
 */
async function follow(shopper: Shopper, link: Locator, landsOn?: string) {
  const page = shopper.page;
  const href = await link.getAttribute('href');
  expect(href, 'the link has an address').toBeTruthy();
  const target = new URL(landsOn ?? href!, page.url());
  const wanted = target.pathname + target.search;
  await markDocument(page);
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname + url.search === wanted);
  await page.waitForFunction(
    () =>
      (window as unknown as { __reactRouterDataRouter?: { state: { navigation: { state: string } } } })
        .__reactRouterDataRouter?.state.navigation.state === 'idle',
  );
  await expectSameDocument(page);
}

/** The footer's 「逛逛」 links reach every list page on the desktop and on a phone alike. */
function footerLink(shopper: Shopper, name: string): Locator {
  return shopper.footer.getByRole('link', { name, exact: true });
}

/** The add-to-cart buttons sit side by side and the toast floats as one row: their sheet applied. */
async function expectAddToCartStyled(shopper: Shopper) {
  const buttons = shopper.main.locator('.add-to-cart').first();
  await expect(buttons).toHaveCSS('display', 'flex');
  await shopper.main.getByRole('button', { name: '加入購物車' }).first().click();
  const toast = shopper.page.getByRole('status').filter({ hasText: '已加入購物車' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCSS('position', 'fixed');
  await expect(toast).toHaveCSS('display', 'flex');
  const text = await toast.getByText('已加入購物車').boundingBox();
  const checkout = await toast.getByRole('link', { name: '前往結帳' }).boundingBox();
  // One row: the link sits to the right of the text, not on a line of its own below it.
  expect(checkout!.x).toBeGreaterThan(text!.x + text!.width - 1);
  expect(checkout!.y).toBeLessThan(text!.y + text!.height);
}

/** On a product page: chooses the first spec in stock, when the product has specs. */
async function chooseSpecInStock(shopper: Shopper) {
  const specs = shopper.main.getByRole('group', { name: '規格' });
  if ((await specs.count()) === 0) return;
  await specs.getByRole('radio', { disabled: false }).first().check({ force: true });
}

test.describe('a shopper who opens pages by their links', { tag: '@desktop' }, () => {
  test('opens a product from its card and adds it to the cart, its buttons and toast styled', async ({
    shopper,
    catalogue,
    page,
  }) => {
    const violations = await watchPolicyViolations(page);
    const product = await catalogue.product();
    await shopper.visit(`/products?t=${product.product_type_ids[0]}`);
    await violations.expectNone('loading the product list');

    const card = shopper.productCards.filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
    await follow(shopper, card.getByRole('link').first());
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await chooseSpecInStock(shopper);
    await expectAddToCartStyled(shopper);
    await violations.expectNone('opening the product from its card and adding it to the cart');
  });

  test('walks from the home page through the lists to a package, a bundle and a news item', async ({
    shopper,
    catalogue,
    content,
    page,
  }) => {
    test.slow(); // it makes two products, a bundle, a package and a news item before it walks
    const products = await catalogue.products(2);
    const bundle = await catalogue.bundle(products.map((p) => p.id));
    const packageType = await catalogue.packageType();
    const pkg = await catalogue.package(packageType.id);
    const news = await content.news();

    const violations = await watchPolicyViolations(page);
    await shopper.visitHome();
    await violations.expectNone('loading the home page');

    await follow(shopper, footerLink(shopper, '優惠活動'));
    await violations.expectNone('opening /bundles');
    await follow(shopper, shopper.main.getByRole('link', { name: bundle.title }));
    await expect(page).toHaveURL(new RegExp(`bundle=${bundle.id}`));
    await expect(page.getByRole('heading', { level: 1, name: bundle.title })).toBeVisible();
    await violations.expectNone('opening a bundle');
    const item = shopper.main.locator('.bundle-item').first();
    await item.getByRole('button', { name: '加入購物車' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已加入購物車' })).toHaveCSS('position', 'fixed');
    await violations.expectNone('adding a bundle item to the cart');

    await follow(shopper, footerLink(shopper, '全部商品'));
    await violations.expectNone('opening /products');
    // The package lists are in the menu (a drawer on a phone); the list's own link is the same route.
    await markDocument(page);
    await page.evaluate(
      (href) =>
        (
          window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
        ).__reactRouterDataRouter.navigate(href),
      `/products?t=${encodeURIComponent(packageType.name)}&pkg=1`,
    );
    await expect(page.getByRole('heading', { level: 1, name: packageType.name })).toBeVisible();
    await expectSameDocument(page);
    const card = shopper.productCards.first();
    await expect(card.getByRole('heading')).toHaveText(pkg.name);
    await follow(shopper, card.getByRole('link').first());
    await expect(page.getByRole('heading', { level: 1, name: pkg.name })).toBeVisible();
    await violations.expectNone('opening a package from its card');
    await expectAddToCartStyled(shopper);
    await violations.expectNone('adding the package to the cart');

    await follow(shopper, footerLink(shopper, '最新消息'));
    await violations.expectNone('opening /news');
    await follow(shopper, shopper.main.getByRole('link', { name: news.title }));
    await expect(page).toHaveURL(new RegExp(`/news/${news.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: news.title })).toBeVisible();
    await violations.expectNone('opening a news item');
  });

  test('walks to about, contact, the terms, the cart and the login page', async ({ shopper, page }) => {
    const violations = await watchPolicyViolations(page);
    await shopper.visitHome();
    await follow(shopper, footerLink(shopper, '關於我們'));
    await violations.expectNone('opening /about');
    await follow(shopper, footerLink(shopper, '聯絡我們'));
    await violations.expectNone('opening /contact');

    await markDocument(page);
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate('/terms/problem'),
    );
    await expect(page).toHaveURL((url) => url.pathname === '/terms/problem');
    await expect(shopper.main.getByRole('heading', { level: 1 })).toBeVisible();
    await expectSameDocument(page);
    await violations.expectNone('opening /terms/problem');
    const otherTerms = shopper.main.locator('a[href^="/terms/"]:not([aria-current])').first();
    if ((await otherTerms.count()) > 0) {
      const href = new URL((await otherTerms.getAttribute('href'))!, page.url()).pathname;
      await follow(shopper, otherTerms);
      await violations.expectNone(`opening ${href}`);
    }

    await follow(shopper, shopper.cartLink);
    await violations.expectNone('opening the cart');

    const member = shopper.onPhone
      ? (await shopper.header.getByRole('button', { name: '開啟選單' }).click(),
        shopper.drawer.getByRole('link', { name: /登入|會員/ }).first())
      : shopper.header.getByRole('link', { name: '會員', exact: true });
    // The header's 會員 leads to /member, which sends a guest on to sign in and come back.
    await follow(shopper, member, shopper.onPhone ? undefined : '/login?redirect=%2Fmember');
    await violations.expectNone('opening the login page');
  });

  test('a member logs in and goes through the member centre', async ({ shopper, member, page }) => {
    const violations = await watchPolicyViolations(page);
    await shopper.login(member.account, member.password);
    await expect(page).toHaveURL(/\/member$/);
    await violations.expectNone('logging in');

    const sections = page.getByRole('navigation', { name: '會員中心選單' });
    for (const [name, pathname] of [
      ['我的訂單', '/member/orders'],
      ['個人資料', '/member/personal-info'],
      ['推薦會員', '/member/downline'],
      ['會員總覽', '/member'],
    ] as const) {
      await follow(shopper, sections.getByRole('link', { name, exact: true }).first());
      await violations.expectNone(`opening ${pathname}`);
    }
  });
});

/** Storefront pages a guest loads by their address (detail pages found from their lists, as a shopper would). */
const GUEST_PAGES = [
  '/',
  '/products',
  ...BROWSING_PAGES,
  '/cart',
  '/searching-order',
  '/login',
  '/login/register',
  '/login/forgot-password',
];

test.describe('every storefront page, loaded by its address', () => {
  // One story for the lot, each page a step: a browser that keeps the shop's scripts, as a shopper's does.
  test('the guest pages log no policy violation', async ({ shopper, page }) => {
    const violations = await watchPolicyViolations(page);
    for (const path of GUEST_PAGES) {
      await test.step(path, async () => {
        await shopper.visit(path);
        await violations.expectNone(`loading ${path}`);
      });
    }
  });

  test('a product, a package, a bundle and a news item log no policy violation', async ({
    shopper,
    catalogue,
    content,
    page,
  }) => {
    const product = await catalogue.product();
    const packageType = await catalogue.packageType();
    await catalogue.package(packageType.id);
    const bundle = await catalogue.bundle([product.id], { amount: 1 });
    const news = await content.news();

    const violations = await watchPolicyViolations(page);
    const addresses = [`/products?t=${product.product_type_ids[0]}&sn=${product.id}`];
    await shopper.visit(`/products?t=${encodeURIComponent(packageType.name)}&pkg=1`);
    addresses.push((await shopper.productCards.first().getByRole('link').first().getAttribute('href'))!);
    await shopper.visit('/bundles');
    addresses.push((await shopper.main.getByRole('link', { name: bundle.title }).getAttribute('href'))!);
    addresses.push(`/news/${news.id}`);

    for (const address of addresses) {
      await shopper.visit(address);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await violations.expectNone(`loading ${address}`);
    }
  });

  test('the member centre logs no policy violation', async ({ shopper, member, page }) => {
    const violations = await watchPolicyViolations(page);
    await shopper.login(member.account, member.password);
    for (const path of ['/member', '/member/orders', '/member/personal-info', '/member/downline']) {
      await shopper.visit(path);
      await violations.expectNone(`loading ${path}`);
    }
  });
});

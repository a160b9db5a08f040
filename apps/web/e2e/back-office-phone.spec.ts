import type { Page } from '@playwright/test';
import { expect, ShopMember, test } from './support/shop-owner.ts';

// Issue 20 item 13: owners confirm transfers and ship from a phone. At 390 px the navigation sits
// behind 「選單」, and the order list, an order and the product form fit the screen's width.

test.skip(({ isMobile }) => !isMobile, 'the phone layout of the back office');

/** Nothing on the page is wider than the screen (a wide part scrolls inside its own box). */
async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('the owner opens the menu, lists orders, opens one and a product on a phone', async ({
  owner,
  member,
  catalogue,
  page,
}) => {
  const product = await catalogue.product();
  const buyer = await ShopMember.login(page.request, member);
  const order = await buyer.placeOrder([product.id], 1);

  await owner.visit('/admin');
  await expect(owner.nav).toBeHidden();
  const menu = page.getByRole('button', { name: '選單' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(owner.nav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(owner.nav).toBeHidden();
  await expect(menu).toBeFocused();

  await menu.click();
  await owner.nav.getByRole('link', { name: '訂單管理' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(owner.nav).toBeHidden(); // choosing a page closes the menu
  const row = owner.main.getByRole('row').filter({ hasText: order.order_number });
  await expect(row.getByRole('cell', { name: /NT\$/ })).toBeVisible();
  await expectNoSideways(page);

  await row.getByRole('link', { name: order.order_number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `訂單 ${order.order_number}` })).toBeVisible();
  await expectNoSideways(page);

  await owner.visit(`/admin/products/${product.id}`);
  await expect(owner.main.getByLabel('商品名稱')).toHaveValue(product.name);
  await expectNoSideways(page);
});

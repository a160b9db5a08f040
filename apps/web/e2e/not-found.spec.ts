import { expect, test } from './support/shopper.ts';

// Decision 075: an address that names nothing answers 404 with the not-found page inside the shop's
// layout (spec §2 had it redirect to the home page), kept out of search indexes.
test.describe('a shopper who follows a broken link', () => {
  test('sees the not-found page with the shop around it, and finds the way home', async ({ shopper, page }) => {
    const response = await page.goto('/no-such-page/at-all');
    expect(response!.status()).toBe(404);
    await shopper.waitUntilInteractive();

    await expect(page.getByRole('heading', { level: 1, name: '找不到頁面' })).toBeVisible();
    await expect(page).toHaveTitle(/找不到頁面$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(shopper.header).toBeVisible();
    await expect(shopper.footer).toBeVisible();

    await page.getByRole('link', { name: '回首頁' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(shopper.banner).toBeVisible();
  });

  test('keeps the influencer code on the ways out', async ({ shopper, page }) => {
    const response = await page.goto('/somewhere-else?code=DEMOKOL');
    expect(response!.status()).toBe(404);
    await shopper.waitUntilInteractive();

    await expect(page.getByRole('link', { name: '回首頁' })).toHaveAttribute('href', '/?code=DEMOKOL');
    await expect(page.getByRole('link', { name: '逛逛全部商品' })).toHaveAttribute(
      'href',
      '/products?all=1&code=DEMOKOL',
    );
  });

  test('a page opened in the shop that is not there shows the same page without a reload', async ({
    shopper,
    page,
  }) => {
    await shopper.visitHome();
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate('/gone-for-good'),
    );
    await expect(page.getByRole('heading', { level: 1, name: '找不到頁面' })).toBeVisible();
    await expect(page.getByRole('link', { name: '逛逛全部商品' })).toBeVisible();
  });
});

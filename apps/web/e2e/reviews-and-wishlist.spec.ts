import type { APIResponse } from '@playwright/test';
import { seriousViolations } from './support/accessibility-checks.ts';
import { photo } from './support/shopper.ts';
import { expect, ShopMember, test } from './support/shop-owner.ts';
import type { BackOfficeApi } from './support/back-office-api.ts';

// Issue 43 items 1 and 4: a buyer's review with a photo, shown on the product page and answered in
// the back office; a guest's heart that follows the shopper into the member centre. Each story makes
// its own member, product and order.

/**
 * The order goes out by ECPay home delivery on the simulator and is walked through its status notices
 * until delivered (the job creates the logistics order within a few seconds).
 */
async function deliver(backOffice: BackOfficeApi, orderId: number) {
  const requested = await backOffice.call<Array<{ ok: boolean; msg: string }>>('POST', '/admin/shipments', {
    order_ids: [orderId],
  });
  expect(requested, 'the logistics order was asked for').toEqual([expect.objectContaining({ ok: true })]);
  const simulate = (): Promise<APIResponse> =>
    backOffice.request.post(`/api/v1/admin/orders/${orderId}/shipment/simulate`, {
      headers: { authorization: `Bearer ${backOffice.token}` },
      data: {},
    });
  await expect.poll(async () => (await simulate()).status(), { timeout: 30_000, intervals: [1_000] }).toBe(200);
  // Each notice moves it one step; 400 = nothing left to report (delivered).
  await expect.poll(async () => (await simulate()).status(), { timeout: 30_000, intervals: [200] }).toBe(400);
}

const screenshot = (name: string) => `/tmp/reviews-${name}-${test.info().project.name}.png`;

test.describe('product reviews', () => {
  test.describe.configure({ timeout: 120_000 });

  test('@desktop a member reviews a delivered order’s product with a photo; the product page shows it; the owner replies and hides it', async ({
    shopper,
    owner,
    member,
    product,
    backOffice,
    page,
  }) => {
    const order = await ShopMember.placeOrderAs(page.request, member, [product.id], 6, '林美玲');
    await deliver(backOffice, order.id);

    await shopper.login(member.account, member.password);
    await shopper.openMyOrder(order.order_number);
    const reviews = shopper.main.getByRole('region', { name: '商品評價' });
    await reviews.getByRole('button', { name: `為「${product.name}」撰寫評價` }).click();
    const dialog = page.getByRole('dialog', { name: '撰寫評價' });
    // No stars, no review.
    await dialog.getByRole('button', { name: '送出評價' }).click();
    await expect(dialog.getByText('請選擇 1 到 5 顆星')).toBeVisible();
    await dialog.getByRole('radio', { name: '4 顆星' }).check();
    await dialog.getByLabel('評價內容').fill('茶香濃郁，回甘明顯。<b>會再買</b>');
    await dialog.getByLabel(/^照片/).setInputFiles([photo('茶湯.png', [180, 120, 40])]);
    await expect(dialog.getByRole('list', { name: '已選擇的照片' }).getByRole('img')).toHaveCount(1);
    await page.screenshot({ path: screenshot('form') });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: '送出評價' }).click();
    await expect(dialog).toBeHidden();
    await expect(reviews.getByText(`感謝您為「${product.name}」留下評價！`)).toBeVisible();
    await expect(reviews.getByText('已評價')).toBeVisible();
    await expect(reviews.getByRole('button', { name: /撰寫評價/ })).toHaveCount(0);

    // The product page: newest first, the average and count, the photo; its JSON-LD carries the rating.
    await shopper.visit(`/products?sn=${product.id}`);
    const shown = shopper.main.getByRole('region', { name: '商品評價' });
    await expect(shown.getByText('共 1 則評價')).toBeVisible();
    await expect(shown.getByRole('img', { name: '平均 4.0 顆星（滿分 5 顆）' })).toBeVisible();
    await expect(shown.getByText('茶香濃郁，回甘明顯。會再買')).toBeVisible();
    const picture = shown.getByRole('img', { name: /的評價照片 1$/ });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
    const productLd = ld.find((item) => item['@type'] === 'Product');
    expect(productLd?.aggregateRating).toMatchObject({ ratingValue: '4', reviewCount: 1 });
    expect(productLd?.review).toEqual([
      expect.objectContaining({ reviewRating: expect.objectContaining({ ratingValue: '4' }) }),
    ]);
    await shown.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshot('product-page'), fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);

    // The owner answers it in the back office, then hides it.
    await owner.visit('/admin/reviews?state=unreplied');
    const row = owner.main.getByRole('row').filter({ hasText: product.name });
    await row.getByLabel(/^回覆 .* 的評價$/).fill('謝謝您的支持！');
    await page.screenshot({ path: screenshot('back-office'), fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('button', { name: '儲存回覆' }).click();
    await expect(owner.main.getByText('回覆已儲存')).toBeVisible();
    await shopper.visit(`/products?sn=${product.id}`);
    await expect(shopper.main.getByRole('region', { name: '商品評價' }).getByText('謝謝您的支持！')).toBeVisible();

    await owner.visit('/admin/reviews');
    await owner.main
      .getByRole('row')
      .filter({ hasText: product.name })
      .getByRole('button', { name: new RegExp(`^隱藏 .* 對「${product.name}」的評價$`) })
      .click();
    await expect(owner.main.getByText('評價已隱藏')).toBeVisible();
    await shopper.visit(`/products?sn=${product.id}`);
    await expect(shopper.main.getByRole('region', { name: '商品評價' })).toContainText('尚無評價');
  });
});

test.describe('收藏清單', () => {
  test('@desktop a guest hearts a product, logs in, and finds it in the member centre; removes it there', async ({
    shopper,
    member,
    product,
    page,
  }) => {
    await shopper.visit(`/products?sn=${product.id}`);
    const heart = shopper.main.getByRole('button', { name: '加入收藏' });
    await expect(heart).toBeEnabled();
    await heart.click();
    await expect(shopper.main.getByRole('button', { name: '已收藏' })).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: screenshot('heart-on-page') });
    // The product's card in its type's list wears the same heart.
    await shopper.visit(`/products?t=${product.product_type_ids[0]}`);
    const cardHeart = shopper.main.getByRole('button', { name: `收藏「${product.name}」` });
    await expect(cardHeart).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: screenshot('heart-on-card') });
    expect(await seriousViolations(page)).toEqual([]);

    await shopper.login(member.account, member.password);
    await shopper.visit('/member/wishlist');
    await expect(page.getByRole('heading', { level: 1, name: '收藏清單' })).toBeVisible();
    await expect(shopper.main.getByRole('link', { name: product.name })).toBeVisible();
    await page.screenshot({ path: screenshot('wishlist') });
    expect(await seriousViolations(page)).toEqual([]);

    // Kept on the server now: the product page's heart says so for the member.
    await shopper.visit(`/products?sn=${product.id}`);
    await expect(shopper.main.getByRole('button', { name: '已收藏' })).toHaveAttribute('aria-pressed', 'true');

    await shopper.visit('/member/wishlist');
    await shopper.main.getByRole('button', { name: `從收藏清單移除「${product.name}」` }).click();
    await expect(shopper.main.getByText('收藏清單是空的，在商品上按愛心即可收藏')).toBeVisible();
  });
});

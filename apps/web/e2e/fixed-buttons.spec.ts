import { expect, test } from './support/shopper.ts';

// Issue 20 item 2: on a phone the fixed group (ads, LINE / WhatsApp / Telegram) covered the right
// edge of every page and sat above open modals. There it is now a row at the end of the page.
test.describe('the quick links on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of ['/products?t=1', '/contact', '/cart']) {
    test(`cover nothing of ${path}`, async ({ shopper, page }) => {
      await shopper.visit(path);
      const links = page.getByRole('complementary', { name: '快速連結' });
      await expect(links.getByRole('link', { name: /LINE 客服/ })).toBeAttached();
      const main = (await shopper.main.boundingBox())!;
      const group = (await links.boundingBox())!;
      // Below the page's content, whatever the scroll position: no box of main lies under it.
      expect(group.y).toBeGreaterThanOrEqual(main.y + main.height - 1);
      // And it is still there to use: its links and the closable ads are reachable at the page end.
      await links.scrollIntoViewIfNeeded();
      await expect(links.getByRole('link', { name: /LINE 客服/ })).toBeInViewport();
      await shopper.closeAds();
      await expect(links.getByRole('button', { name: /^關閉廣告/ })).toHaveCount(0);
    });
  }
});

test.describe('the quick links on a desktop', { tag: '@desktop' }, () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('float at the right edge, in view while the shopper scrolls', async ({ shopper, page }) => {
    await shopper.visit('/products?t=1');
    const line = page.getByRole('complementary', { name: '快速連結' }).getByRole('link', { name: /LINE 客服/ });
    await expect(line).toBeInViewport();
    const box = (await line.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1280 - 100);
  });
});

// The CI run of 2026-11-26: at 1280 px the floating ads covered the cart's totals and its 套用 button.
for (const width of [1024, 1280]) {
  test.describe(`the floating quick links at ${width} px`, { tag: '@desktop' }, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of ['/cart', '/products?t=1']) {
      test(`leave the column of ${path} uncovered`, async ({ shopper, page }) => {
        await shopper.visit(path);
        const group = (await page.getByRole('complementary', { name: '快速連結' }).boundingBox())!;
        const columnEnds = await shopper.main
          .locator('.container')
          .evaluateAll((columns) =>
            columns.map(
              (column) => column.getBoundingClientRect().right - parseFloat(getComputedStyle(column).paddingRight),
            ),
          );
        expect(columnEnds.length).toBeGreaterThan(0);
        for (const end of columnEnds) expect(end).toBeLessThanOrEqual(group.x);
      });
    }
  });
}

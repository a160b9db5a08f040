import type { Page } from '@playwright/test';
import { taipeiDate } from '@shop/domain';
import { expect, ShopMember, test } from './support/shop-owner.ts';

// Issue 42: the owner's numbers. A member's order is paid, and the owner opens 銷售報表 for today on a
// phone and on a desktop: the server-drawn chart, the same numbers as a table, the best sellers with
// the product just bought, a block as CSV for Excel, and a reversed range explained on the page.

test.describe('the owner reads the sales report', { tag: '@desktop' }, () => {
  /** Nothing on the page is wider than the screen (a wide table scrolls inside its own box). */
  async function expectNoSideways(page: Page) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  }

  test('today’s paid order shows in the chart, its table and the best sellers', async ({
    owner,
    member,
    catalogue,
    page,
  }, testInfo) => {
    const product = await catalogue.product();
    const buyer = await ShopMember.login(page.request, member);
    const order = await buyer.placeOrder([product.id], 1);
    const { version } = await owner.api<{ version: number }>('GET', `/admin/orders/${order.id}`);
    await owner.api('POST', `/admin/orders/${order.id}/payment-confirmation`, { version });

    await owner.visit('/admin/reports?range=today');
    await expect(page.getByRole('heading', { level: 1, name: '銷售報表' })).toBeVisible();
    await expect(owner.main.getByText('營收：已付款訂單實際支付的金額')).toBeVisible();
    const chart = owner.main.getByRole('img', { name: /每日營收長條圖與訂單數折線圖/ });
    await expect(chart).toBeVisible();
    const today = taipeiDate(new Date());
    const days = owner.main.getByRole('table', { name: /（表格）/ });
    await expect(days.getByRole('rowheader', { name: today })).toBeVisible();
    const todayRow = days.getByRole('row').filter({ has: page.getByRole('rowheader', { name: today }) });
    await expect(todayRow.getByRole('cell').first()).not.toHaveText('0');

    const sellers = owner.main.getByRole('region', { name: '熱銷商品 前 20 名' });
    await expect(sellers.getByRole('rowheader', { name: product.name }).first()).toBeVisible();
    await expectNoSideways(page);
    await page.screenshot({ path: `/tmp/sales-report-${testInfo.project.name}.png`, fullPage: true });

    // The block's CSV, as the browser downloads it with the back office's cookie.
    const csv = await page.request.get(`/admin/reports/export?from=${today}&to=${today}&block=products`);
    expect(csv.status()).toBe(200);
    const body = await csv.text();
    expect(body.startsWith('\uFEFF"商品編號"')).toBe(true);
    expect(body).toContain(`"${product.name}"`);

    // Thirty days: a bar and a row for each day, the demo shop's earlier orders among them.
    await owner.visit('/admin/reports?range=30d');
    await expect(days.getByRole('row')).toHaveCount(31);
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/sales-report-${testInfo.project.name}-30d.png` });

    await owner.visit(`/admin/reports?range=custom&from=${today}&to=2020-01-01`);
    await expect(owner.main.getByRole('alert')).toHaveText('開始日期不能晚於結束日期');
  });
});

test.describe('the owner sees what runs out', { tag: '@desktop' }, () => {
  test('a spec at its low-stock level shows on the dashboard and in the product list’s 庫存不足 filter', async ({
    owner,
    catalogue,
    page,
  }, testInfo) => {
    const scarce = await catalogue.product({ specs: [{ name: '最後幾盒', price: 800, salePrice: 800, stock: 2 }] });
    const plenty = await catalogue.product({ specs: [{ name: '常備', price: 800, salePrice: 800, stock: 500 }] });

    await owner.visit('/admin');
    const card = owner.main.getByRole('link', { name: /庫存不足/ });
    await expect(card).toBeVisible();
    await card.click();
    await expect(page).toHaveURL(/\/admin\/products\?stock=low$/);
    await expect(owner.main.getByLabel('庫存', { exact: true })).toHaveValue('low');
    const row = owner.main.getByRole('row').filter({ hasText: scarce.name });
    await expect(row.getByText('庫存不足')).toBeVisible();
    await expect(owner.main.getByRole('row').filter({ hasText: plenty.name })).toHaveCount(0);
    await page.screenshot({ path: `/tmp/low-stock-${testInfo.project.name}.png`, fullPage: true });
  });
});

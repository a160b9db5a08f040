import { expect, test } from './support/shopper.ts';

// Issue 4 items 1–4: product, package and bundle lists, the product and package pages, search.

interface ApiType {
  id: number;
  name: string;
  childs: Array<{ id: number; name: string }>;
}
interface ApiProduct {
  id: number;
  name: string;
  product_type_ids: number[];
  product_specs: Array<{ id: number; name: string; price: number; on_sale_price: number; sold_out?: boolean }>;
}

const ntd = (n: number) => `NT$${n.toLocaleString('en-US')}`;

test.describe('a shopper browses the catalogue', () => {
  test('opens a type with sub-types, sees 產品資訊 in the breadcrumb and opens a product', async ({
    shopper,
    page,
  }) => {
    const types = await shopper.shopData<ApiType[]>('/product-types');
    const top = types.find((t) => t.childs.length > 0);
    test.skip(!top, 'no type with children in this data');
    await shopper.visit(`/products?t=${top!.id}`);

    await expect(page.getByRole('heading', { level: 1, name: top!.name })).toBeVisible();
    await expect(shopper.breadcrumb.getByRole('link', { name: '產品資訊' })).toHaveAttribute('href', '/products');
    const subtypes = shopper.main.getByRole('navigation', { name: '子分類' });
    await expect(subtypes.getByRole('link', { name: top!.childs[0]!.name })).toBeVisible();

    const cards = shopper.productCards;
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(12);
    const first = cards.first().getByRole('heading');
    const name = (await first.textContent())!.trim();
    await cards.first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveURL(/\/products\?t=\d+&sn=\d+/);
  });

  test('a level-1 type lists its sub-types’ products too', async ({ shopper }) => {
    const types = await shopper.shopData<ApiType[]>('/product-types');
    const top = types.find((t) => t.childs.length > 0)!;
    const child = top.childs[0]!;
    const childProducts = await shopper.shopData<ApiProduct[]>(`/products?type=${child.id}&page=1&size=1`);
    test.skip(childProducts.length === 0, 'the sub-type has no products');
    const onTop = await shopper.shopData<ApiProduct[]>(`/products?type=${top.id}`);
    expect(onTop.map((p) => p.id)).toContain(childProducts[0]!.id);
    await shopper.visit(`/products?t=${top.id}`);
    await expect(shopper.main.getByText(`共 ${onTop.length} 件商品`)).toBeVisible();
  });

  test('pages through all products 12 at a time', async ({ shopper }) => {
    await shopper.visit('/products');
    const total = Number((await shopper.main.getByText(/^共 \d+ 件商品$/).textContent())!.match(/\d+/)![0]);
    test.skip(total <= 12, 'one page only');
    await expect(shopper.productCards).toHaveCount(12);
    const firstOnPage1 = await shopper.productCards.first().getByRole('heading').textContent();
    await shopper.goToPage(2);
    await expect(shopper.productCards).toHaveCount(Math.min(12, total - 12));
    await expect(shopper.productCards.first().getByRole('heading')).not.toHaveText(firstOnPage1!);
  });

  test('chooses a spec, sees its own prices, sets the quantity and adds the product to the cart', async ({
    shopper,
    page,
  }) => {
    const products = await shopper.shopData<ApiProduct[]>('/products');
    const product = products.find((p) => p.product_specs.filter((s) => !s.sold_out).length >= 2);
    test.skip(!product, 'no product with two specs');
    await shopper.visit(`/products?t=${product!.product_type_ids[0]}&sn=${product!.id}`);

    const gallery = shopper.main.getByRole('img', { name: product!.name }).first();
    await expect(gallery).toBeVisible();
    const specs = shopper.main.getByRole('group', { name: '規格' });
    const second = product!.product_specs.filter((s) => !s.sold_out)[1]!;
    await specs.getByRole('radio', { name: second.name }).check({ force: true });
    await expect(shopper.main.locator('.purchase__price')).toContainText(ntd(second.on_sale_price));

    await shopper.main.getByRole('button', { name: '增加數量' }).click();
    await expect(shopper.main.getByRole('textbox', { name: '數量' })).toHaveValue('2');

    await shopper.main.getByRole('button', { name: '加入購物車' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已加入購物車' })).toBeVisible();
  });

  test('reads the description tabs with the keyboard', async ({ shopper, page }) => {
    const [product] = await shopper.shopData<ApiProduct[]>('/products?page=1&size=1');
    await shopper.visit(`/products?t=${product!.product_type_ids[0]}&sn=${product!.id}`);
    const tabs = shopper.main.getByRole('tablist').getByRole('tab');
    test.skip((await tabs.count()) < 2, 'one description only');
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(shopper.main.getByRole('tabpanel')).toBeVisible();
  });

  test('opens a package list from its type and a package page', async ({ shopper, page }) => {
    const [type] = await shopper.shopData<Array<{ name: string }>>('/product-package-types');
    test.skip(!type, 'no package types');
    await shopper.visit(`/products?t=${encodeURIComponent(type!.name)}&pkg=1`);
    await expect(page.getByRole('heading', { level: 1, name: type!.name })).toBeVisible();
    const card = shopper.productCards.first();
    await expect(card.getByRole('link')).toHaveAttribute('href', /pkg=1/);
    const name = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(shopper.main.getByRole('group', { name: '規格' })).toHaveCount(0);
    await expect(shopper.main.getByRole('button', { name: '加入購物車' })).toBeVisible();
    await expect(shopper.breadcrumb.getByRole('link', { name: type!.name })).toBeVisible();
  });

  test('opens a bundle from the bundles page and reads its discount', async ({ shopper, page }) => {
    const bundles = await shopper.shopData<Array<{ id: number; title: string }>>('/product-bundles-in-activity');
    await shopper.visit('/bundles');
    if (bundles.length === 0) {
      await expect(shopper.emptyState('目前沒有優惠活動')).toBeVisible();
      return;
    }
    await expect(page.getByRole('heading', { level: 1, name: '優惠活動' })).toBeVisible();
    await shopper.main.getByRole('link', { name: bundles[0]!.title }).click();
    await expect(page).toHaveURL(new RegExp(`bundle=${bundles[0]!.id}`));
    await expect(page.getByRole('heading', { level: 1, name: bundles[0]!.title })).toBeVisible();
    await expect(shopper.main.getByRole('region', { name: '活動說明' })).toContainText(/任選 \d+ 件/);
    expect(await shopper.productCards.count()).toBeGreaterThan(0);
    await expect(shopper.breadcrumb.getByRole('link', { name: '優惠活動' })).toHaveAttribute('href', '/bundles');

    // 「任選」: the shopper puts a bundle item into the cart straight from the list.
    await shopper.main.locator('.bundle-item').first().getByRole('button', { name: '加入購物車' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已加入購物車' })).toBeVisible();
  });
});

test.describe('a shopper searches', () => {
  test('finds the tag’s products first, then other matches', async ({ shopper }) => {
    const tags = await shopper.shopData<Array<{ name: string; ids: number[] }>>('/tags');
    const tag = tags.find((t) => t.ids.length > 0);
    test.skip(!tag, 'no hot-search tag');
    const hits = await shopper.shopData<Array<{ name: string }>>(
      `/search?keyword=${encodeURIComponent(tag!.name)}&page=1&size=12`,
    );
    await shopper.visit(`/searching?keyword=${encodeURIComponent(tag!.name)}`);
    await expect(shopper.main.getByRole('heading', { level: 1 })).toContainText(tag!.name);
    await expect(shopper.productCards.getByRole('heading')).toHaveText(hits.map((h) => h.name));
  });

  test('is told when nothing matches, and may search again from the page', async ({ shopper, page }) => {
    await shopper.visit('/searching?keyword=不存在的商品zzz');
    await expect(shopper.emptyState('查無相關商品，請換個關鍵字試試')).toBeVisible();
    const box = shopper.main.getByRole('searchbox', { name: '搜尋商品' });
    await expect(box).toHaveValue('不存在的商品zzz');
    await box.fill('茶');
    await box.press('Enter');
    await expect(page).toHaveURL(/keyword=%E8%8C%B6/);
    // The address changes before the new results render: wait for them rather than count at once.
    await expect(shopper.productCards.first()).toBeVisible();
  });
});

test.describe('a shopper with a broken or hostile link', () => {
  const links = [
    '/products?t=abc',
    '/products?t=1&sn=-1',
    '/products?t=1&sn=99999999',
    '/products?t=1&bundle=1.5',
    '/products?t=1&bundle=999999',
    '/products?page=abc',
    '/products?page=99999',
    '/products?t=%25_&pkg=1',
    `/searching?keyword=${'好'.repeat(500)}`,
    `/searching?keyword=${encodeURIComponent("' OR 1=1; DROP TABLE products; --")}`,
    '/searching?keyword=%25_%5C',
    '/searching?keyword=',
    '/news/abc',
    '/news/99999999',
    '/recommended?t=abc',
    '/recommended?t=1&id=zz',
    '/about?id=99999999',
    '/coop/%3Cscript%3E',
  ];
  for (const link of links) {
    test(`sees the empty state or a list for ${link.slice(0, 60)}`, async ({ shopper, page }) => {
      const response = await page.goto(link);
      expect(response!.status()).toBeLessThan(500);
      await expect(page.locator('.route-error')).toHaveCount(0);
      const empty = await shopper.emptyState().count();
      const cards = await shopper.productCards.count();
      expect(empty + cards).toBeGreaterThan(0);
    });
  }
});

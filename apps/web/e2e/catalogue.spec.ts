import { expect, test, unique } from './support/shopper.ts';

// Issue 4 items 1–4: product, package and bundle lists, the product and package pages, search.

const ntd = (n: number) => `NT$${n.toLocaleString('en-US')}`;

// Every story makes the types, products, packages, bundles and tags it browses (docs/decisions/042).
test.describe('a shopper browses the catalogue', () => {
  test('opens a type with sub-types, sees 產品資訊 in the breadcrumb and opens a product', async ({
    shopper,
    catalogue,
    page,
  }) => {
    const { top, child } = await catalogue.typeWithSubtype();
    const product = await catalogue.product({ typeIds: [child.id] });
    await shopper.visit(`/products?t=${top.id}`);

    await expect(page.getByRole('heading', { level: 1, name: top.name })).toBeVisible();
    await expect(shopper.breadcrumb.getByRole('link', { name: '產品資訊' })).toHaveAttribute('href', '/products');
    const subtypes = shopper.main.getByRole('navigation', { name: '子分類' });
    await expect(subtypes.getByRole('link', { name: child.name })).toBeVisible();

    await expect(shopper.productCards.getByRole('heading')).toHaveText([product.name]);
    await shopper.productCards.first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page).toHaveURL(/\/products\?t=\d+&sn=\d+/);
  });

  test('a level-1 type lists its sub-types’ products too', async ({ shopper, catalogue }) => {
    const { top, child } = await catalogue.typeWithSubtype();
    const own = await catalogue.product({ typeIds: [top.id] });
    const ofChild = await catalogue.product({ typeIds: [child.id] });
    await shopper.visit(`/products?t=${top.id}`);
    await expect(shopper.main.getByText('共 2 件商品')).toBeVisible();
    await expect(shopper.productCards.getByRole('heading', { name: own.name })).toBeVisible();
    await expect(shopper.productCards.getByRole('heading', { name: ofChild.name })).toBeVisible();
  });

  test('pages through a type’s products 12 at a time', async ({ shopper, catalogue }) => {
    test.slow(); // thirteen products, each with its picture, made through the API
    const type = await catalogue.productType();
    await catalogue.products(13, { typeIds: [type.id] });
    await shopper.visit(`/products?t=${type.id}`);
    await expect(shopper.main.getByText('共 13 件商品')).toBeVisible();
    await expect(shopper.productCards).toHaveCount(12);
    const firstOnPage1 = await shopper.productCards.first().getByRole('heading').textContent();
    await shopper.goToPage(2);
    await expect(shopper.productCards).toHaveCount(1);
    await expect(shopper.productCards.first().getByRole('heading')).not.toHaveText(firstOnPage1!);
  });

  test(
    'chooses a spec, sees its own prices, sets the quantity and adds the product to the cart',
    { tag: ['@desktop', '@smoke'] },
    async ({ shopper, catalogue, page }) => {
      const product = await catalogue.product({
        specs: [
          { name: '小罐 150g', price: 500, salePrice: 450 },
          { name: '大罐 300g', price: 900, salePrice: 820 },
        ],
      });
      await shopper.visit(`/products?t=${product.product_type_ids[0]}&sn=${product.id}`);

      const gallery = shopper.main.getByRole('img', { name: product.name }).first();
      await expect(gallery).toBeVisible();
      const specs = shopper.main.getByRole('group', { name: '規格' });
      await specs.getByRole('radio', { name: '大罐 300g' }).check({ force: true });
      await expect(shopper.main.locator('.purchase__price')).toContainText(ntd(820));

      await shopper.main.getByRole('button', { name: '增加數量' }).click();
      await expect(shopper.main.getByRole('textbox', { name: '數量' })).toHaveValue('2');

      await shopper.main.getByRole('button', { name: '加入購物車' }).click();
      await expect(page.getByRole('status').filter({ hasText: '已加入購物車' })).toBeVisible();
    },
  );

  test('reads the description tabs with the keyboard', async ({ shopper, catalogue, page }) => {
    const product = await catalogue.product({
      description1: '阿里山高山茶，手採一心二葉。',
      description2: '<p>每罐 150g，冷藏可保存一年。</p>',
      descriptionTitles: ['商品介紹', '規格說明'],
    });
    await shopper.visit(`/products?t=${product.product_type_ids[0]}&sn=${product.id}`);
    const tabs = shopper.main.getByRole('tablist').getByRole('tab');
    await expect(tabs).toHaveText(['商品介紹', '規格說明']);
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(shopper.main.getByRole('tabpanel')).toContainText('冷藏可保存一年');
  });

  test('opens a package list from its type and a package page', async ({ shopper, catalogue, page }) => {
    const type = await catalogue.packageType();
    const pkg = await catalogue.package(type.id);
    await shopper.visit(`/products?t=${encodeURIComponent(type.name)}&pkg=1`);
    await expect(page.getByRole('heading', { level: 1, name: type.name })).toBeVisible();
    const card = shopper.productCards.first();
    await expect(card.getByRole('heading')).toHaveText(pkg.name);
    await expect(card.getByRole('link')).toHaveAttribute('href', /pkg=1/);
    await card.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: pkg.name })).toBeVisible();
    await expect(shopper.main.getByRole('group', { name: '規格' })).toHaveCount(0);
    await expect(shopper.main.getByRole('button', { name: '加入購物車' })).toBeVisible();
    await expect(shopper.breadcrumb.getByRole('link', { name: type.name })).toBeVisible();
  });

  test('opens a bundle from the bundles page and reads its discount', async ({ shopper, catalogue, page }) => {
    const type = await catalogue.productType();
    const products = await catalogue.products(2, { typeIds: [type.id] });
    const bundle = await catalogue.bundle(
      products.map((p) => p.id),
      { amount: 2, percent: 85 },
    );
    await shopper.visit('/bundles');
    await expect(page.getByRole('heading', { level: 1, name: '優惠活動' })).toBeVisible();
    await shopper.main.getByRole('link', { name: bundle.title }).click();
    await expect(page).toHaveURL(new RegExp(`bundle=${bundle.id}`));
    await expect(page.getByRole('heading', { level: 1, name: bundle.title })).toBeVisible();
    await expect(shopper.main.getByRole('region', { name: '活動說明' })).toContainText('任選 2 件');
    await expect(shopper.productCards).toHaveCount(2);
    await expect(shopper.breadcrumb.getByRole('link', { name: '優惠活動' })).toHaveAttribute('href', '/bundles');

    // 「任選」: the shopper puts a bundle item into the cart straight from the list.
    await shopper.main.locator('.bundle-item').first().getByRole('button', { name: '加入購物車' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已加入購物車' })).toBeVisible();
  });
});

test.describe('a shopper searches', () => {
  test('finds the tag’s products first, then other matches', { tag: '@smoke' }, async ({ shopper, catalogue }) => {
    const tagged = await catalogue.product();
    const tag = await catalogue.tag([tagged.id]);
    // A product whose name holds the tag's word too: a plain match, listed after the tag's own.
    const named = await catalogue.product({ name: `${tag.name} 同名商品` });
    await shopper.visit(`/searching?keyword=${encodeURIComponent(tag.name)}`);
    await expect(shopper.main.getByRole('heading', { level: 1 })).toContainText(tag.name);
    await expect(shopper.productCards.getByRole('heading')).toHaveText([tagged.name, named.name]);
  });

  test('is told when nothing matches, and may search again from the page', async ({ shopper, catalogue, page }) => {
    const product = await catalogue.product({ name: unique('凍頂烏龍茶') });
    await shopper.visit('/searching?keyword=不存在的商品zzz');
    await expect(shopper.emptyState('查無相關商品，請換個關鍵字試試')).toBeVisible();
    const box = shopper.main.getByRole('searchbox', { name: '搜尋商品' });
    await expect(box).toHaveValue('不存在的商品zzz');
    await box.fill(product.name);
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('keyword') === product.name);
    // The address changes before the new results render: wait for them rather than count at once.
    await expect(shopper.productCards.getByRole('heading')).toHaveText([product.name]);
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
  test('sees the empty state or a list for each, never an error page', async ({ shopper, page }) => {
    for (const link of links) {
      await test.step(link.slice(0, 60), async () => {
        const response = await page.goto(link);
        expect(response!.status(), link).toBeLessThan(500);
        await expect(page.locator('.route-error')).toHaveCount(0);
        const empty = await shopper.emptyState().count();
        const cards = await shopper.productCards.count();
        expect(empty + cards, link).toBeGreaterThan(0);
      });
    }
  });
});

import { BROWSING_PAGES } from './support/browsing-pages.ts';
import { expect, test } from './support/shopper.ts';

// Issue 4 items 5–8: news, sharing zone, about, terms, contact and influencer pages.

test.describe('a shopper reads the shop’s news and stories', () => {
  test('reads the news newest first and opens one', async ({ shopper, content, page }) => {
    const news = await content.news();
    await shopper.visit('/news');
    await expect(page.getByRole('heading', { level: 1, name: '最新消息' })).toBeVisible();
    const titles = shopper.main.locator('.news-list').getByRole('heading');
    // Posted just now, it heads the list (another story's news may be as new: it is on the page).
    await expect(titles.filter({ hasText: news.title })).toHaveCount(1);
    const dates = await shopper.main.locator('.news-list time').allTextContents();
    expect([...dates].sort().reverse()).toEqual(dates);

    await shopper.main.getByRole('link', { name: news.title }).click();
    await expect(page).toHaveURL(new RegExp(`/news/${news.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: news.title })).toBeVisible();
    await expect(shopper.breadcrumb.getByRole('link', { name: '最新消息' })).toHaveAttribute('href', '/news');
  });

  test('browses the sharing zone by category and reads an article', async ({ shopper, content, page }) => {
    const first = await content.articleCategory();
    const second = await content.articleCategory();
    await content.article(first.id);
    const article = await content.article(second.id);
    await shopper.visit(`/recommended?t=${first.id}`);
    const tabs = shopper.main.getByRole('navigation', { name: '分享分類' });
    await expect(tabs.getByRole('link', { name: first.name })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: second.name }).click();
    await expect(page).toHaveURL(new RegExp(`t=${second.id}`));
    // The address changes before the new category's articles are drawn: wait for the tab to be current.
    await expect(tabs.getByRole('link', { name: second.name })).toHaveAttribute('aria-current', 'page');
    const card = shopper.main.locator('.article-grid').getByRole('link');
    await expect(card.getByRole('heading')).toHaveText([article.title]);
    await card.click();
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await expect(page).toHaveURL(/\/recommended\?t=\d+&id=\d+/);
  });

  test('reads about us and the other about page', async ({ shopper, page }) => {
    await shopper.visit('/about');
    await expect(shopper.breadcrumb.getByRole('link', { name: '關於我們' })).toBeVisible();
    const heading = shopper.main.locator('.article__title');
    await expect(heading).toBeVisible();
    const tabs = shopper.main.getByRole('navigation', { name: '關於我們' }).getByRole('link');
    if ((await tabs.count()) > 1) {
      const other = tabs.nth(1);
      const name = (await other.textContent())!.trim();
      await other.click();
      await expect(page).toHaveURL(/\/about\?id=\d+/);
      await expect(heading).toHaveText(name);
    }
  });

  test('reads the five shopping guide pages, and opens a common question', async ({ shopper, page }) => {
    await shopper.visit('/terms');
    await expect(page).toHaveURL(/\/terms\/members\?t=1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('會員說明');
    await shopper.closeAds();
    const guide = shopper.main.getByRole('navigation', { name: '購物指南' });
    for (const [label, path] of [
      ['購物須知', /\/terms\/shopping\?t=2$/],
      ['服務條款', /\/terms\/service\?t=3$/],
      ['隱私權聲明', /\/terms\/privacy\?t=4$/],
      ['常見問題', /\/terms\/problem$/],
    ] as const) {
      await guide.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(path);
      await expect(shopper.main.getByRole('heading', { level: 2, name: label })).toBeVisible();
      // The banner names the page too, not the section's slide (issue 20 item 5).
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
    }
    const question = shopper.main.locator('.faq__item').first();
    await question.locator('summary').click();
    await expect(question.locator('.faq__answer')).toBeVisible();
  });
});

test.describe('a shopper contacts the shop', () => {
  test('finds the address, phone, e-mail and map, and is told about a malformed e-mail', async ({ shopper, page }) => {
    const settings = await shopper.siteSettings();
    await shopper.visit('/contact');
    await expect(page.getByRole('heading', { level: 1, name: '聯絡我們' })).toBeVisible();
    const info = shopper.main.getByRole('region', { name: '聯絡資訊' });
    await expect(info.getByRole('link', { name: settings.service_phone })).toHaveAttribute('href', /^tel:/);
    await expect(info.getByText('電子郵件', { exact: true })).toBeVisible();
    await expect(info.getByRole('link', { name: settings.service_email })).toHaveAttribute(
      'href',
      `mailto:${settings.service_email}`,
    );
    // The map html from settings keeps only a Google Maps embed (issue 4 §8).
    const frames = info.locator('iframe');
    if ((await frames.count()) > 0) {
      await expect(frames.first()).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\/embed/);
    }

    const form = shopper.main.getByRole('region', { name: '線上留言' });
    await form.getByLabel('姓名').fill('林小華');
    await form.getByLabel('聯絡電話').fill('0922333444');
    await form.getByLabel('電子郵件').fill('hua@');
    await form.getByLabel('留言內容').fill('想詢問企業禮盒的報價。');
    await form.getByRole('button', { name: '送出' }).click();
    await expect(form.getByRole('alert')).toHaveText('請輸入正確的 Email 格式');
    await expect(form.getByLabel('留言內容')).toHaveAttribute('maxlength', '200');
  });
});

/** The products list's heading (page-titles.ts). */
const PAGE_TITLE_PRODUCTS = '產品資訊';

interface Relation {
  product: { id: number; name: string; on_sale_price: number; internet_celebrity: boolean };
}

test.describe('a shopper arrives through an influencer page', () => {
  test('sees the recommendations at the celebrity price, and the code stays in the links', async ({
    shopper,
    page,
  }) => {
    const influencer = await shopper.shopData<{
      name: string;
      celebrity_discount: { type: number; value: number } | null;
    }>('/members-by-internet-celebrity-code/DEMOKOL');
    const relations = await shopper.shopData<Relation[]>(
      '/member-product-relation-by-internet-celebrity-code/DEMOKOL?page=1&size=12',
    );
    await shopper.visit('/coop/DEMOKOL');
    await expect(page.getByRole('heading', { level: 1, name: `${influencer.name}的推薦` })).toBeVisible();
    await expect(shopper.productCards).toHaveCount(relations.length);

    const first = relations[0]!.product;
    const d = influencer.celebrity_discount;
    // spec §5: Discount subtracts the value; PercentOn sets round(price × value / 100).
    const expected =
      d?.type === 1
        ? Math.max(0, first.on_sale_price - d.value)
        : d?.type === 2
          ? Math.round((first.on_sale_price * d.value) / 100)
          : first.on_sale_price;
    const card = shopper.productCards.filter({ hasText: first.name }).first();
    await expect(card).toContainText(`NT$${expected.toLocaleString('en-US')}`);
    if (d) await expect(card).toContainText('推薦價');

    await expect(card.getByRole('link')).toHaveAttribute('href', /[?&]code=DEMOKOL(&|$)/);
    await card.getByRole('link').click();
    await expect(page).toHaveURL(/code=DEMOKOL/);
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
    if (d) await expect(shopper.main.locator('.purchase__price')).toContainText('推薦價');
  });

  test('finds the influencer’s own list under 產品資訊, influencer-only products included (spec §7)', async ({
    shopper,
    page,
  }) => {
    const influencer = await shopper.shopData<{ name: string }>('/members-by-internet-celebrity-code/DEMOKOL');
    const relations = await shopper.shopData<Relation[]>(
      '/member-product-relation-by-internet-celebrity-code/DEMOKOL?page=1&size=12',
    );
    await shopper.visit('/products?code=DEMOKOL');
    await expect(page.getByRole('heading', { level: 1, name: `${influencer.name}的推薦商品` })).toBeVisible();
    await expect(shopper.productCards).toHaveCount(relations.length);
    for (const { product } of relations) {
      await expect(shopper.productCards.filter({ hasText: product.name }).first()).toBeVisible();
    }
    const only = relations.find((r) => r.product.internet_celebrity)?.product;
    expect(only, 'the demo influencer recommends an influencer-only product').toBeTruthy();
    // The whole catalogue is one chip away, and the code stays.
    await page.getByRole('navigation', { name: '子分類' }).getByRole('link', { name: '全部商品' }).click();
    await expect(page).toHaveURL(/[?&]all=1/);
    await expect(page).toHaveURL(/code=DEMOKOL/);
    await expect(page.getByRole('heading', { level: 1, name: PAGE_TITLE_PRODUCTS })).toBeVisible();
    await expect(shopper.productCards.first()).toBeVisible();
    await expect(shopper.productCards.filter({ hasText: only!.name })).toHaveCount(0);
    // A code that is nobody's lists the catalogue rather than nothing.
    await shopper.visit('/products?code=NO-SUCH-CODE');
    await expect(page.getByRole('heading', { level: 1, name: PAGE_TITLE_PRODUCTS })).toBeVisible();
    expect(await shopper.productCards.count()).toBeGreaterThan(0);
  });

  test('an unknown code shows the empty state', async ({ shopper, page }) => {
    const response = await page.goto('/coop/NO-SUCH-CODE');
    expect(response!.status()).toBe(404);
    await shopper.waitUntilInteractive();
    await expect(shopper.emptyState('找不到此推薦頁面')).toBeVisible();
  });
});

test.describe('every browsing page fits the screen', () => {
  const paths = ['/products', '/products?t=1', ...BROWSING_PAGES];
  test('none of the browsing pages scrolls sideways', async ({ shopper, page }) => {
    for (const path of paths) {
      await test.step(path, async () => {
        await shopper.visit(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      });
    }
  });
});

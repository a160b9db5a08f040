// Helper verbs for browser stories: a shopper visits, searches, opens the menu… Locators go by role
// and accessible name, the way a person (or a screen reader) finds things.
import { test as base, expect, type Locator, type Page, type Request } from '@playwright/test';

const GUEST_USER = process.env.GUEST_BASIC_USER ?? 'guest';
const GUEST_PASSWORD = process.env.GUEST_BASIC_PASSWORD ?? 'guest-storefront';

export class Shopper {
  constructor(
    readonly page: Page,
    readonly onPhone: boolean,
  ) {}

  /** Opens the home page (optionally with a query such as `?code=…`) and waits for hydration. */
  async visitHome(query = '') {
    await this.page.goto(`/${query}`);
    await this.waitUntilInteractive();
  }

  async visit(path: string) {
    await this.page.goto(path);
    await this.waitUntilInteractive();
  }

  /** Waits for hydration (root.tsx sets the flag); before it, clicks would be plain page loads. */
  async waitUntilInteractive() {
    await this.page.waitForFunction(() => (window as unknown as { __shopHydrated?: boolean }).__shopHydrated === true);
    await this.page.waitForLoadState('networkidle');
  }

  get header(): Locator {
    return this.page.getByRole('banner');
  }

  get footer(): Locator {
    return this.page.getByRole('contentinfo');
  }

  get banner(): Locator {
    return this.page.getByRole('region', { name: '主打活動' });
  }

  get hotProducts(): Locator {
    return this.page.getByRole('region', { name: '熱銷商品' });
  }

  /** The product cards' links inside the hot-products area. */
  get hotProductLinks(): Locator {
    return this.hotProducts.getByRole('listitem').getByRole('link');
  }

  /** Types into the header search box and presses Enter. */
  async searchFor(keyword: string, how: 'enter' | 'icon' = 'enter') {
    const box = this.header.getByRole('searchbox', { name: '搜尋商品' });
    await box.fill(keyword);
    if (how === 'enter') await box.press('Enter');
    else await this.header.getByRole('button', { name: '搜尋', exact: true }).click();
  }

  /**
   * The product menu: the bar under the header on a desktop, the drawer behind the hamburger
   * button on a phone (spec §2: below 640 px).
   */
  async openMenu(): Promise<Locator> {
    if (!this.onPhone) return this.page.getByRole('banner').getByRole('navigation', { name: '商品分類' });
    await this.header.getByRole('button', { name: '開啟選單' }).click();
    const drawer = this.page.getByRole('dialog', { name: '選單' });
    await expect(drawer).toBeVisible();
    return drawer.getByRole('navigation', { name: '商品分類' });
  }

  get drawer(): Locator {
    return this.page.getByRole('dialog', { name: '選單' });
  }

  /** Waits for the next navigation request (document or client data request) to `pathname`. */
  nextNavigationTo(pathname: string): Promise<Request> {
    return this.page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname === pathname || url.pathname === `${pathname}.data`;
    });
  }

  /** The site settings the page is built from, read the way the storefront reads them. */
  async siteSettings(): Promise<{ website_title: string; service_phone: string; service_email: string }> {
    return this.shopData('/system-setting/1');
  }

  /** What the shop's API tells a guest (`/api/v1/guest` + path), to check a page against its data. */
  async shopData<T>(path: string): Promise<T> {
    const credential = Buffer.from(`${GUEST_USER}:${GUEST_PASSWORD}`).toString('base64');
    const res = await this.page.request.get(`/api/v1/guest${path}`, {
      headers: { Authorization: `Basic ${credential}` },
    });
    expect(res.ok(), `GET ${path}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  }

  /** Closes the floating ads of the fixed button group (on a phone they cover the right edge). */
  async closeAds() {
    const close = this.page.getByRole('complementary', { name: '快速連結' }).getByRole('button', { name: /^關閉廣告/ });
    while ((await close.count()) > 0) await close.first().click();
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  /** The empty-state block of spec §2 (question-mark icon and a line of text). */
  emptyState(text?: string | RegExp): Locator {
    const block = this.main.locator('.empty-state');
    return text === undefined ? block : block.filter({ hasText: text });
  }

  get breadcrumb(): Locator {
    return this.main.getByRole('navigation', { name: '麵包屑' });
  }

  /** The product and package cards of a list (their links, named by the product name). */
  get productCards(): Locator {
    return this.main.locator('.card-grid').getByRole('article');
  }

  get pagination(): Locator {
    return this.main.getByRole('navigation', { name: '分頁' });
  }

  /** Chooses page `n` in the pagination dropdown (spec §2) and waits for the list to follow. */
  async goToPage(n: number) {
    const navigation = this.page.waitForURL((url) => url.searchParams.get('page') === String(n));
    await this.pagination.getByRole('combobox', { name: '選擇頁數' }).selectOption(String(n));
    await navigation;
  }

  /** The raw HTML a link-preview bot or crawler gets: no JavaScript runs. */
  async serverHtml(path: string): Promise<{ status: number; html: string }> {
    const res = await this.page.request.get(path, { headers: { 'user-agent': 'facebookexternalhit/1.1' } });
    return { status: res.status(), html: await res.text() };
  }
}

export const test = base.extend<{ shopper: Shopper }>({
  shopper: async ({ page, isMobile }, use) => {
    await use(new Shopper(page, isMobile));
  },
});

export { expect };

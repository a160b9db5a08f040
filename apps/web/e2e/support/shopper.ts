// Helper verbs for browser stories: a shopper visits, searches, opens the menu… Locators go by role
// and accessible name, the way a person (or a screen reader) finds things.
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Locator, type Page, type Request } from '@playwright/test';

/** The demo member of the seed (README: demo accounts). */
export const DEMO_MEMBER = { account: '0911111111', password: 'Demo1234', name: '王小明' } as const;

export interface NewMember {
  phone: string;
  name: string;
  password: string;
  city?: string;
  area?: string;
  address?: string;
}

/** A mobile number nobody registered yet: 09 + 8 digits, different per run and per test. */
export function unusedPhone(): string {
  return `09${String(Date.now()).slice(-5)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
}

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

  // ---- members (issue 5) -------------------------------------------------------------------

  /** Logs in on /login (optionally ticking 記住帳號) and waits for the member centre (or `redirect`). */
  async login(
    account: string = DEMO_MEMBER.account,
    password: string = DEMO_MEMBER.password,
    options: { remember?: boolean } = {},
  ) {
    await this.visit('/login');
    await this.page.getByLabel('手機號碼').fill(account);
    await this.page.getByLabel(/^密碼/).fill(password);
    if (options.remember) await this.page.getByLabel('記住帳號').check();
    await this.page.getByRole('button', { name: '登入', exact: true }).click();
    await this.page.waitForURL((url) => url.pathname !== '/login');
    await this.waitUntilInteractive();
  }

  /** 登出: in the header on a desktop, in the menu drawer on a phone; ends on the home page. */
  async logout() {
    if (this.onPhone) {
      await this.header.getByRole('button', { name: '開啟選單' }).click();
      await this.drawer.getByRole('button', { name: '登出' }).click();
    } else {
      await this.header.getByRole('button', { name: '登出' }).click();
    }
    await this.page.waitForURL((url) => url.pathname === '/');
    await this.waitUntilInteractive();
  }

  /** The header shows the member's name (server-rendered from the session cookies). */
  async expectLoggedInAs(name: string) {
    await expect(this.header.getByRole('link', { name, exact: true })).toBeVisible();
  }

  async expectLoggedOut() {
    await expect(this.header.getByRole('link', { name: '會員', exact: true })).toBeVisible();
    expect((await this.page.context().cookies()).map((c) => c.name)).not.toContain('web_auth_data');
  }

  /**
   * The newest SMS code of `purpose` the development sender wrote to DATA_DIR/sms.log for `phone`
   * (the e2e server's DATA_DIR by default), waiting a little for it to arrive.
   */
  async smsCodeFor(
    phone: string,
    purpose: 'signup' | 'reset' = 'signup',
    dataDir = process.env.SHOP_E2E_DATA_DIR ?? '',
  ): Promise<string> {
    const file = path.join(dataDir, 'sms.log');
    const wording = purpose === 'signup' ? '會員註冊' : '重設密碼';
    let code: string | undefined;
    await expect
      .poll(() => {
        const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
        const line = lines.filter((l) => l.split('\t')[1] === phone && l.includes(wording)).at(-1);
        code = line ? /驗證碼為 (\d{6})/.exec(line)?.[1] : undefined;
        return code;
      })
      .toMatch(/^\d{6}$/);
    return code!;
  }

  /**
   * Registers on /login/register: the mobile number, the SMS code from sms.log, then name, password
   * and the optional address; ends logged in on the member centre.
   */
  async register(member: NewMember, smsDataDir?: string) {
    await this.visit('/login/register');
    await this.page.getByLabel('手機號碼').fill(member.phone);
    await this.page.getByRole('button', { name: '取得驗證碼' }).click();
    const code = await this.smsCodeFor(member.phone, 'signup', smsDataDir);
    await this.page.getByLabel('簡訊驗證碼').fill(code);
    await this.page.getByLabel('姓名').fill(member.name);
    await this.page.getByLabel(/^密碼/).fill(member.password);
    await this.page.getByLabel('確認密碼').fill(member.password);
    if (member.city) await this.page.getByLabel('縣市').selectOption(member.city);
    if (member.area) await this.page.getByLabel('鄉鎮市區').selectOption(member.area);
    if (member.address) await this.page.getByLabel('詳細地址').fill(member.address);
    await this.page.getByRole('button', { name: '完成註冊' }).click();
    await this.page.waitForURL((url) => url.pathname === '/member');
    await this.waitUntilInteractive();
  }

  /** The auth data of the session cookie (spec §9 web_auth_data), or null when logged out. */
  async authCookie(): Promise<{ id: number; token: { access_token: string; refresh_token: string } } | null> {
    const cookie = (await this.page.context().cookies()).find((c) => c.name === 'web_auth_data');
    return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : null;
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

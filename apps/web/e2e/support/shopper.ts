// Helper verbs for browser stories: a shopper visits, searches, opens the menu… Locators go by role
// and accessible name, the way a person (or a screen reader) finds things.
import { test as base, expect, type Locator, type Page, type Request } from '@playwright/test';
import { BackOfficeApi, pngPicture } from './back-office-api.ts';
import { CatalogueFactory, type MadeProduct } from './catalogue-factory.ts';
import { ContentFactory } from './content-factory.ts';
import { registerMember, smsCode, type FreshMember } from './member-factory.ts';

/** A payment method's radio by its label: 信用卡 is not 信用卡（銀行）. */
const paymentChoice = (label: string) => new RegExp(`^${label}(?!（)`);

export { unusedPhone, type FreshMember } from './member-factory.ts';
export { unique } from './back-office-api.ts';

export interface NewMember {
  phone: string;
  name: string;
  password: string;
  city?: string;
  area?: string;
  address?: string;
}

const GUEST_USER = process.env.GUEST_BASIC_USER ?? 'guest';
const GUEST_PASSWORD = process.env.GUEST_BASIC_PASSWORD ?? 'guest-storefront';

/** A product as the shopping stories use it (made for the story by the catalogue factory). */
export type ShopProduct = MadeProduct;

/** What the checkout form is filled with (spec §2 /cart); every field has a sensible default. */
export interface CheckoutDetails {
  name?: string;
  phone?: string;
  delivery?: '一般宅配' | '低溫宅配' | '超商取貨' | '黑貓取貨';
  city?: string;
  district?: string;
  street?: string;
  /** The store picked on the chain's map (the simulator's stores); 7-ELEVEN 忠孝敦化門市 by default. */
  store?: PickupStoreChoice;
  payment:
    | '銀行轉帳'
    | 'ATM 虛擬帳號'
    | '超商代碼繳費'
    | '超商條碼繳費'
    | '信用卡'
    | '信用卡（銀行）'
    | 'LINE Pay'
    | '貨到付款';
  invoice?:
    | { type: '二聯式（個人）'; carrier?: { kind: '手機條碼' | '自然人憑證'; code: string } }
    | { type: '三聯式（公司）'; taxId: string; title: string }
    | { type: '捐贈發票'; code: string };
  remark?: string;
}

/** A store as the shopper picks it on the store map: the chain, optionally a district to search, the store's name. */
export interface PickupStoreChoice {
  chain: '7-ELEVEN' | '全家' | '萊爾富' | 'OK';
  district?: string;
  name: string;
}

/** A small solid-colour PNG (a stand-in for a phone photo) for upload fields. */
export function photo(name: string, rgb: [number, number, number], width = 64, height = 48) {
  return pngPicture(name, rgb, width, height);
}

/** How long no request may be in flight before a page counts as settled (see `settle`). */
const QUIET_MS = 150;
/** A page still loading after this is a failure worth its own message, not a story timeout. */
const SETTLE_TIMEOUT_MS = 15_000;

export class Shopper {
  /** The page's requests not yet answered, for `settle`. */
  private readonly inFlight = new Set<Request>();

  constructor(
    readonly page: Page,
    readonly onPhone: boolean,
  ) {
    page.on('request', (request) => this.inFlight.add(request));
    const answered = (request: Request) => this.inFlight.delete(request);
    page.on('requestfinished', answered);
    page.on('requestfailed', answered);
  }

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
    await this.settle();
  }

  /**
   * Waits until no request of the page has been in flight for QUIET_MS: the route manifest the router
   * asks for as it hydrates, and anything that follows. Playwright's 'networkidle' waits 500 ms of
   * quiet, which after hydration was half a second of nothing on every page a story opened (decision 094).
   */
  private async settle() {
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    let quietSince = Date.now();
    while (Date.now() - quietSince < QUIET_MS) {
      if (this.inFlight.size > 0) quietSince = Date.now();
      if (Date.now() > deadline) {
        const pending = [...this.inFlight].map((r) => r.url());
        throw new Error(`the page still loads after ${SETTLE_TIMEOUT_MS} ms: ${pending.join(', ')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
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
  async login(account: string, password: string, options: { remember?: boolean } = {}) {
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
    return smsCode(phone, purpose, dataDir);
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

  /**
   * Waits until the API refuses the session's access token (the short-token shop of
   * playwright.config.ts lets it live SHOP_E2E_SHORT_TOKEN_SECONDS): asks every second instead of
   * sleeping a fixed time, so the story goes on as soon as the token is dead.
   */
  async waitForAccessTokenToExpire() {
    const auth = await this.authCookie();
    expect(auth, 'logged in').not.toBeNull();
    const seconds = Number(process.env.SHOP_E2E_SHORT_TOKEN_SECONDS ?? '15');
    await expect
      .poll(
        async () =>
          (
            await this.page.request.get('/api/v1/members', {
              headers: { authorization: `Bearer ${auth!.token.access_token}` },
            })
          ).status(),
        { timeout: (seconds + 15) * 1000, intervals: [1000] },
      )
      .toBe(401);
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

  // ---- shopping: cart, checkout, payment, orders (issue 6) -----------------------------------

  /**
   * Logs in on the login page the shop sent the shopper to (keeping its `redirect`, unlike login(),
   * which opens /login itself) and waits to be sent on.
   */
  async logInHere(account: string, password: string) {
    expect(new URL(this.page.url()).pathname).toBe('/login');
    await this.waitUntilInteractive();
    const leaving = this.page.waitForURL((url) => url.pathname !== '/login');
    await this.page.getByLabel('手機號碼').fill(account);
    await this.page.getByLabel(/^密碼/).fill(password);
    await this.page.getByRole('button', { name: '登入', exact: true }).click();
    await leaving;
    await this.waitUntilInteractive();
  }

  /** On the product page: chooses the first spec in stock, sets the quantity and adds it to the cart. */
  async addToCart(product: ShopProduct, qty = 1) {
    await this.visit(`/products?t=${product.product_type_ids[0]}&sn=${product.id}`);
    const spec = product.product_specs.find((s) => !s.sold_out)!;
    await this.main.getByRole('group', { name: '規格' }).getByRole('radio', { name: spec.name }).check({ force: true });
    for (let n = 1; n < qty; n++) await this.main.getByRole('button', { name: '增加數量' }).click();
    await this.main.getByRole('button', { name: '加入購物車' }).click();
    await expect(this.page.getByRole('status').filter({ hasText: '已加入購物車' })).toBeVisible();
  }

  /** The header's cart link; its name carries the badge (spec §2: product lines + package lines). */
  get cartLink(): Locator {
    return this.header.getByRole('link', { name: /^購物車，\d+ 項$/ });
  }

  async openCart() {
    await this.cartLink.click();
    await this.page.waitForURL((url) => url.pathname === '/cart');
    await this.waitUntilInteractive();
  }

  get cartLines(): Locator {
    return this.main.getByRole('region', { name: /^購物清單/ }).getByRole('listitem');
  }

  /** One line of the cart by its product name. */
  cartLine(name: string): Locator {
    return this.cartLines.filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  get checkoutForm(): Locator {
    return this.main.getByRole('form', { name: '結帳資料' });
  }

  /** Fills in the checkout form of /cart (the member's own name and address are already there). */
  async fillCheckout(details: CheckoutDetails) {
    const form = this.checkoutForm;
    if (details.name !== undefined) await form.getByLabel('收件人姓名').fill(details.name);
    if (details.phone !== undefined) await form.getByLabel('收件人手機').fill(details.phone);
    const delivery = details.delivery ?? '一般宅配';
    await form.getByRole('radio', { name: new RegExp(`^${delivery}`) }).check();
    if (delivery === '超商取貨') {
      // The payment first: paying on pickup opens the map with IsCollection=Y.
      await form.getByRole('radio', { name: paymentChoice(details.payment) }).check();
      await this.chooseStoreOnMap(
        details.store ?? { chain: '7-ELEVEN', district: '臺北市大安區', name: '忠孝敦化門市' },
      );
    } else {
      await form.getByLabel('縣市').selectOption(details.city ?? '臺北市');
      await form.getByLabel('鄉鎮市區').selectOption(details.district ?? '大安區');
      await form.getByLabel('詳細地址').fill(details.street ?? '復興南路一段390號3樓');
    }
    await form.getByRole('radio', { name: paymentChoice(details.payment) }).check();
    const invoice = details.invoice ?? { type: '二聯式（個人）' };
    await form.getByRole('radio', { name: invoice.type }).check();
    if (invoice.type === '三聯式（公司）') {
      await form.getByLabel('統一編號').fill(invoice.taxId);
      await form.getByLabel('公司抬頭').fill(invoice.title);
    } else if (invoice.type === '捐贈發票') {
      await form.getByLabel('捐贈碼（愛心碼）').fill(invoice.code);
    } else if (invoice.carrier) {
      await form.getByLabel('載具').selectOption({ label: invoice.carrier.kind });
      await form
        .getByLabel(invoice.carrier.kind === '手機條碼' ? '手機條碼' : '自然人憑證條碼')
        .fill(invoice.carrier.code);
    }
    if (details.remark) await form.getByLabel('備註').fill(details.remark);
  }

  /**
   * 超商取貨: the chain, then 選擇門市 opens its map (the simulator, ECPAY_LOGISTICS_MODE=simulator);
   * the shopper searches the district, picks the store, and is back on the cart with it chosen.
   */
  async chooseStoreOnMap(store: PickupStoreChoice) {
    const form = this.checkoutForm;
    await form.getByRole('radio', { name: store.chain, exact: true }).check();
    const toMap = this.page.waitForURL((url) => url.pathname === '/logistics-simulator/map');
    await form.getByRole('button', { name: /^(選擇門市|更換門市)$/ }).click();
    await toMap;
    await expect(this.page.getByRole('heading', { level: 1, name: `選擇 ${store.chain} 取貨門市` })).toBeVisible();
    if (store.district) {
      await this.page.getByLabel('區域').selectOption(store.district);
      await this.page.getByRole('button', { name: '搜尋門市' }).click();
      await expect(this.page.getByRole('status')).toContainText('間門市');
    }
    const back = this.page.waitForURL((url) => url.pathname === '/cart');
    await this.page.getByRole('button', { name: `選擇 ${store.name}` }).click();
    await back;
    await this.waitUntilInteractive();
    await expect(this.checkoutForm.getByRole('group', { name: '取貨門市' })).toContainText(store.name);
  }

  /** 「確認訂購」; ends on the payment page (a provider's simulator) or the order's result page. */
  async placeOrder() {
    const next = this.page.waitForURL((url) =>
      ['/payment/result', '/payment-simulator', '/linepay-simulator/pay', '/bankcard-simulator/pay'].includes(
        url.pathname,
      ),
    );
    await this.main.getByRole('button', { name: '確認訂購' }).click();
    await next;
    if (new URL(this.page.url()).pathname === '/payment/result') await this.waitUntilInteractive();
  }

  /** checkout = fill in the form and place the order. */
  async checkout(details: CheckoutDetails) {
    await this.fillCheckout(details);
    await this.placeOrder();
  }

  /** A member's way to the checkout: logs in, puts the product in the cart and opens /cart. */
  async startCheckoutAs(member: Pick<FreshMember, 'account' | 'password'>, product: ShopProduct, qty = 1) {
    await this.login(member.account, member.password);
    await this.addToCart(product, qty);
    await this.openCart();
  }

  /** A member orders one product, the form filled with their own name and number unless told otherwise. */
  async orderAs(member: FreshMember, product: ShopProduct, details: CheckoutDetails) {
    await this.startCheckoutAs(member, product);
    await this.checkout({ name: member.name, phone: member.account, ...details });
  }

  /** In the payment simulator (ECPAY_MODE=simulator): pays with the prefilled test card. */
  async payByCardInSimulator() {
    await expect(this.page.getByRole('heading', { name: '信用卡付款', level: 1 })).toBeVisible();
    const back = this.page.waitForURL((url) => url.pathname === '/payment/result');
    await this.page.getByRole('button', { name: '付款', exact: true }).click();
    await back;
    await this.waitUntilInteractive();
  }

  /** On LINE Pay's page (its simulator, LINEPAY_MODE=simulator): approves or cancels, and comes back. */
  async decideOnLinePay(choice: '確認付款' | '取消付款') {
    await expect(this.page.getByRole('heading', { name: 'LINE Pay 付款', level: 1 })).toBeVisible();
    const back = this.page.waitForURL((url) => url.pathname === '/payment/result');
    await this.page.getByRole('button', { name: choice, exact: true }).click();
    await back;
    await this.waitUntilInteractive();
  }

  /** In the payment simulator (ECPay's ATM page): chooses the bank, takes an account and comes back unpaid. */
  async takeAtmAccountInSimulator(bank: string) {
    await expect(this.page.getByRole('heading', { name: 'ATM 虛擬帳號轉帳', level: 1 })).toBeVisible();
    await this.page.getByRole('radio', { name: bank }).check();
    const back = this.page.waitForURL((url) => url.pathname === '/payment/result');
    await this.page.getByRole('button', { name: '取得繳費帳號', exact: true }).click();
    await back;
    await this.waitUntilInteractive();
  }

  /** In the payment simulator (ECPay's CVS page): takes a 超商代碼 and comes back unpaid. */
  async takeCvsCodeInSimulator() {
    await expect(this.page.getByRole('heading', { name: '超商代碼繳費', level: 1 })).toBeVisible();
    const back = this.page.waitForURL((url) => url.pathname === '/payment/result');
    await this.page.getByRole('button', { name: '取得繳費代碼', exact: true }).click();
    await back;
    await this.waitUntilInteractive();
  }

  /**
   * What the page's 「複製」 button put on the clipboard: presses it from the keyboard, waits for the
   * polite 「已複製」 beside it, and reads the clipboard back.
   */
  async copyWith(area: Locator, buttonName: string): Promise<string> {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const button = area.getByRole('button', { name: buttonName });
    await button.focus();
    await this.page.keyboard.press('Enter');
    await expect(button.locator('xpath=..').getByRole('status')).toHaveText('已複製');
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  /** The order shown on the result page (its number from the summary, its id from the address). */
  async orderOnResultPage(): Promise<{ id: number; number: string }> {
    const id = Number(new URL(this.page.url()).searchParams.get('order'));
    const number = (await this.main.getByRole('definition').first().textContent())!.trim();
    expect(number).toMatch(/^[0-9A-Z]{1,20}$/);
    return { id, number };
  }

  async openMyOrder(orderNumber: string) {
    await this.visit(`/member/orders/${orderNumber}`);
    await expect(this.page.getByRole('heading', { level: 1, name: `訂單 ${orderNumber}` })).toBeVisible();
  }

  /** The order page's link to the carrier's tracking page: a new tab that cannot reach back to the shop. */
  async expectTrackingLink(url: string) {
    const link = this.main.getByRole('link', { name: '查詢物流（另開新視窗）' });
    await expect(link).toHaveAttribute('href', url);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }

  /** The order's status chip (the first) reads `status`, and no chip calls the order 已完成 before it is. */
  async expectOrderStatus(status: string) {
    await expect(this.orderStates.getByRole('listitem').first()).toHaveText(status);
    if (status !== '已完成') await expect(this.orderStates).not.toContainText('已完成');
  }

  /** The state chips of the order page (spec §4: payment, shipping and after-sales records). */
  get orderStates(): Locator {
    return this.main.getByRole('list', { name: '訂單狀態' }).first();
  }
}

const SHORT_TOKEN_URL = process.env.SHOP_E2E_SHORT_TOKEN_URL;

/**
 * The stories' fixtures (docs/decisions/042): the shopper's helper verbs, and the factories that make
 * what a story starts from — a member of its own, products, content — through the shop's APIs.
 */
export const test = base.extend<
  {
    shopper: Shopper;
    member: FreshMember;
    catalogue: CatalogueFactory;
    product: MadeProduct;
    content: ContentFactory;
    consentChosen: boolean;
  },
  { backOffice: BackOfficeApi }
>({
  /**
   * Issue 43 item 5: a story starts with the analytics choice made (拒絕), so the consent banner of a
   * shop whose owner set a GA4 or Pixel id never covers what the story taps. The consent story opts out.
   */
  consentChosen: [true, { option: true }],
  context: async ({ context, consentChosen, baseURL }, use) => {
    if (consentChosen) {
      await context.addCookies([{ name: 'shop_analytics_consent', value: 'denied', url: baseURL!, sameSite: 'Lax' }]);
    }
    await use(context);
  },
  shopper: async ({ page, isMobile }, use) => {
    await use(new Shopper(page, isMobile));
  },
  /** The owner on the back-office API, signed in once per worker (the demo owner of the seed). */
  backOffice: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(await BackOfficeApi.signIn(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  catalogue: async ({ backOffice }, use) => {
    await use(new CatalogueFactory(backOffice));
  },
  /** A product of the story's own, for stories where any will do: catalogue.product()'s (NT$990, 50 in stock). */
  product: async ({ catalogue }, use) => {
    await use(await catalogue.product());
  },
  content: async ({ backOffice }, use) => {
    await use(new ContentFactory(backOffice));
  },
  /** A member registered for this story alone, on the shop the story talks to. */
  member: async ({ request, baseURL }, use) => {
    const dataDir =
      baseURL === SHORT_TOKEN_URL ? process.env.SHOP_E2E_SHORT_TOKEN_DATA_DIR : process.env.SHOP_E2E_DATA_DIR;
    await use(await registerMember(request, dataDir ?? ''));
  },
});

export { expect };

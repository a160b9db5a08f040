// Helper verbs for the shop owner's stories in the back office (/admin): sign in, add a product,
// handle an order. Locators go by role and accessible name, as the owner (or a screen reader) sees them.
import sharp from 'sharp';
import { answered, DEMO_OWNER } from './back-office-api.ts';
import { expect, test as shopperTest, type FreshMember } from './shopper.ts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

export { DEMO_OWNER };

export interface NewProduct {
  name: string;
  /** A level-1 or level-2 product type, as the form lists it. */
  type: string;
  price: number;
  salePrice: number;
  stock?: number;
  /** Sort key; a large one keeps the product at the end of the storefront's lists. */
  indexId?: number;
}

export class ShopOwner {
  constructor(
    readonly page: Page,
    private readonly token: string,
  ) {}

  /** A back-office API call with the owner's token (to prepare what a story starts from). */
  async api<T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
    const res = await this.page.request.fetch(`/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}` },
      data,
    });
    return answered<T>(res, `${method} ${path}`);
  }

  get nav(): Locator {
    return this.page.getByRole('navigation', { name: '後台選單' });
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  /** The page's notice after an action (「已新增」, 「已出貨…」, or an error). */
  get notice(): Locator {
    return this.main.getByRole('status').or(this.main.getByRole('alert')).first();
  }

  async waitUntilInteractive() {
    await this.page.waitForFunction(() => (window as unknown as { __shopHydrated?: boolean }).__shopHydrated === true);
  }

  async visit(path: string) {
    await this.page.goto(path);
    await this.waitUntilInteractive();
  }

  /** Signs in at /admin/login and lands on the dashboard. */
  async signIn(account: string = DEMO_OWNER.account, password: string = DEMO_OWNER.password) {
    await this.visit('/admin/login');
    await this.page.getByLabel('帳號').fill(account);
    await this.page.getByLabel('密碼').fill(password);
    await this.page.getByRole('button', { name: '登入' }).click();
    await this.page.waitForURL((url) => url.pathname === '/admin');
    await this.waitUntilInteractive();
  }

  /** Follows an entry of the side navigation. */
  async open(section: string) {
    if (!new URL(this.page.url(), 'http://shop').pathname.startsWith('/admin')) await this.visit('/admin');
    await this.nav.getByRole('link', { name: section, exact: true }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: section })).toBeVisible();
  }

  /** A real picture file (PNG), the way a phone photo would be picked. */
  static async picture(name = 'product.png'): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
    const buffer = await sharp({
      create: { width: 640, height: 640, channels: 3, background: { r: 46, g: 139, b: 87 } },
    })
      .png()
      .toBuffer();
    return { name, mimeType: 'image/png', buffer };
  }

  /** 商品 → 新增商品: fills the form, uploads one picture, saves; answers the new product's id. */
  async addProduct(product: NewProduct): Promise<number> {
    await this.open('商品');
    await this.main.getByRole('link', { name: '＋ 新增商品' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: '新增商品' })).toBeVisible();
    const form = this.page.getByRole('form', { name: '商品資料' });
    await form.getByLabel('商品名稱').fill(product.name);
    await form.getByLabel('簡短介紹').fill(`${product.name}，後台新增的商品。`);
    await form.getByLabel('排序值').fill(String(product.indexId ?? 9999));
    await form.getByRole('group', { name: '商品分類' }).getByLabel(product.type, { exact: true }).check();
    await form.getByLabel('上傳商品圖片').setInputFiles(await ShopOwner.picture());
    await expect(form.getByRole('img', { name: '商品圖片 第 1 張' })).toBeVisible();
    await form.getByLabel('規格 1 名稱').fill('標準');
    await form.getByLabel('規格 1 原價').fill(String(product.price));
    await form.getByLabel('規格 1 售價').fill(String(product.salePrice));
    if (product.stock !== undefined) await form.getByLabel('規格 1 庫存').fill(String(product.stock));
    await form.getByRole('button', { name: '新增商品' }).click();
    await expect(this.notice).toHaveText('已新增');
    const id = Number(new URL(this.page.url()).pathname.split('/').pop());
    expect(id).toBeGreaterThan(0);
    return id;
  }

  /** 訂單管理 filtered to one to-do list (待確認付款, 待出貨…), then the order whose row has `text`. */
  async openOrder(todo: string, text: string) {
    await this.open('訂單管理');
    await this.main.getByLabel('待處理').selectOption({ label: todo });
    await this.main.getByRole('button', { name: '篩選' }).click();
    // The list is the filtered one once the address carries the filter (the navigation committed).
    await this.page.waitForURL((url) => url.searchParams.has('todo'));
    const row = this.main.getByRole('row').filter({ hasText: text });
    await row.getByRole('link').first().click();
    await expect(this.page.getByRole('heading', { level: 1, name: /^訂單 / })).toBeVisible();
  }

  /** The order number of the order page being shown. */
  async orderNumber(): Promise<string> {
    const title = await this.page.getByRole('heading', { level: 1 }).textContent();
    return title!.replace('訂單', '').trim();
  }

  async confirmPayment() {
    await this.main.getByRole('button', { name: '確認已收到款項' }).click();
    await expect(this.notice).toHaveText('已確認付款');
  }

  /** 訂單管理 → the order's row ticked → 建立物流單: ECPay is asked by a background job. */
  async createShipmentsFromList(orderNumber: string) {
    await this.visit(`/admin/orders?order_number=${encodeURIComponent(orderNumber)}`);
    await this.main.getByRole('checkbox', { name: `勾選訂單 ${orderNumber}` }).check();
    await this.main.getByRole('button', { name: '建立物流單' }).click();
    await expect(this.notice).toHaveText(/^已送出 1 筆物流單/);
  }

  /** The order's 綠界物流 card, once the job created the logistics order (the runner polls every few seconds). */
  async waitForShipment(orderId: number): Promise<Locator> {
    const card = this.main.getByRole('region', { name: '綠界物流' });
    await expect(async () => {
      await this.visit(`/admin/orders/${orderId}`);
      await expect(card).toContainText('已建立物流單', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    return card;
  }

  /** 模擬物流進度 (simulator mode): ECPay's next status notice; the card then lists it. */
  async simulateLogistics(expected: string) {
    const card = this.main.getByRole('region', { name: '綠界物流' });
    await card.getByRole('button', { name: '模擬物流進度' }).click();
    await expect(this.notice).toHaveText('已模擬綠界的下一個物流狀態通知');
    await expect(card.getByRole('list', { name: '物流狀態' })).toContainText(expected);
  }

  async ship(shipment: { company: string; trackingNumber: string }) {
    const card = this.main.getByRole('region', { name: '出貨' });
    await card.getByLabel('物流公司').fill(shipment.company);
    await card.getByLabel('物流單號').fill(shipment.trackingNumber);
    await card.getByRole('button', { name: '確認出貨' }).click();
    await expect(this.notice).toHaveText('已出貨，物流單號已寫入訂單');
  }
}

export interface PlacedOrder {
  id: number;
  order_number: string;
  pay_amount: number;
  product_info: { name: string; qty: number }[];
}

/**
 * A member doing on the shop's API what the storefront pages do for them: fill the cart, order,
 * notify a remittance, ask for a return. Used to prepare the order a back-office story handles.
 */
export class ShopMember {
  private constructor(
    readonly request: APIRequestContext,
    readonly member: FreshMember,
    private readonly token: string,
  ) {}

  get id(): number {
    return this.member.id;
  }

  static async login(request: APIRequestContext, member: FreshMember): Promise<ShopMember> {
    const auth = await answered<{ id: number; token: { access_token: string } }>(
      await request.post('/api/v1/members/auth', { data: { account: member.account, password: member.password } }),
      'member login',
    );
    return new ShopMember(request, member, auth.token.access_token);
  }

  /** Logs the member in on the API and places their order (see placeOrder). */
  static async placeOrderAs(
    request: APIRequestContext,
    member: FreshMember,
    ...order: Parameters<ShopMember['placeOrder']>
  ): Promise<PlacedOrder> {
    return (await ShopMember.login(request, member)).placeOrder(...order);
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T> {
    const res = await this.request.fetch(`/api/v1${path}`, { method, headers: this.headers, data });
    return answered<T>(res, `${method} ${path}`);
  }

  /**
   * Empties the cart, puts one unit of each product in it (first spec) and orders it. `recvName`: a
   * parcel sent through ECPay needs a name of 2–5 Chinese characters.
   */
  async placeOrder(
    productIds: number[],
    paymentType: 1 | 2 | 6 = 1,
    recvName = this.member.name,
  ): Promise<PlacedOrder> {
    await this.call('DELETE', `/shopping-carts-by-members-id/${this.id}`);
    for (const productId of productIds) {
      const product = await this.call<{ product_specs: { id: number }[] }>('GET', `/products/${productId}`);
      await this.call('POST', '/shopping-carts', {
        products_id: productId,
        spec_id: product.product_specs[0]!.id,
        qty: 1,
      });
    }
    return this.call<PlacedOrder>('POST', '/orders', {
      payment_type: paymentType,
      delivery_method: 1,
      recv_name: recvName,
      recv_cellphone: this.member.account,
      recv_address: '高雄市苓雅區四維三路2號',
      receipt: { type: 1, carrier_type: 'none', carrier: '' },
    });
  }

  async notifyTransfer(orderId: number, lastFive: string) {
    await this.call('PUT', `/orders/${orderId}/last-number-of-transfer`, { last_number_of_transfer: lastFive });
  }

  /** Uploads a photo and asks to return the order's goods. */
  async requestReturn(order: PlacedOrder, what: string, reason: string) {
    const photo = await ShopOwner.picture('damaged.png');
    const upload = await answered<{ name: string }>(
      await this.request.post('/api/v1/upload', { headers: this.headers, multipart: { file: photo } }),
      'upload',
    );
    await this.call('POST', '/order-return-records', {
      orders_id: order.id,
      order_number: order.order_number,
      contact_person: this.member.name,
      contact_phone: this.member.account,
      spec: what,
      reason,
      pic: JSON.stringify([upload.name]),
    });
  }
}

/**
 * The owner's stories start signed in with the worker's back-office session (staff sign-ins are
 * rate-limited per account, so only the sign-in story signs in through the page).
 */
export const test = shopperTest.extend<{ owner: ShopOwner; signedIn: boolean }>({
  /** Start the test signed in as the owner (set false for stories that sign in themselves). */
  signedIn: [true, { option: true }],
  owner: async ({ page, context, backOffice, signedIn, baseURL }, use) => {
    if (signedIn) {
      await context.addCookies([
        { name: 'shop_admin', value: backOffice.token, url: baseURL!, httpOnly: true, sameSite: 'Lax' },
      ]);
    }
    await use(new ShopOwner(page, backOffice.token));
  },
});

export { expect };

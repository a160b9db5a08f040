import { ShopMember } from './support/shop-owner.ts';
import { expect, photo, test } from './support/shopper.ts';

// Issue 6 item 8: the shopper's whole story — cart, login, checkout, payment, and the after-sales
// requests. Each story registers its own member and makes the products it buys (docs/decisions/042),
// so no two stories share a cart and they may run side by side.

test.describe('buying, paying, cancelling and returning', () => {
  // Whole stories, through the login, the payment page and back: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test(
    'a guest fills a cart, logs in (the cart joins), pays by card for a 三聯 invoice order, then asks to cancel it',
    { tag: ['@desktop', '@smoke'] },
    async ({ shopper, member, catalogue, page }) => {
      const [first, second] = await catalogue.products(2);

      // A guest's cart, in this browser (spec §4).
      await shopper.visitHome();
      await shopper.addToCart(first!);
      await shopper.addToCart(second!, 2);
      await expect(shopper.cartLink).toHaveAccessibleName('購物車，2 項');
      await shopper.openCart();
      await expect(shopper.cartLines).toHaveCount(2);
      const firstLine = shopper.cartLine(first!.name);
      await firstLine.getByRole('button', { name: '增加數量' }).click();
      await expect(firstLine.getByRole('textbox', { name: '數量' })).toHaveValue('2');
      await expect(shopper.main.getByRole('region', { name: '訂單金額' })).toBeVisible();

      // Checking out needs a member: log in and come back to the cart, whose lines joined the member's.
      await shopper.main.getByRole('link', { name: '登入會員並結帳' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/cart');
      await shopper.logInHere(member.account, member.password);
      await expect(page).toHaveURL(/\/cart$/);
      await expect(shopper.cartLine(first!.name)).toBeVisible();
      await expect(shopper.cartLine(second!.name).getByRole('textbox', { name: '數量' })).toHaveValue('2');
      await expect(shopper.cartLink).toHaveAccessibleName('購物車，2 項');

      // A 三聯 invoice with a unified business number that fails the checksum is refused on its field.
      await shopper.fillCheckout({
        name: member.name,
        phone: member.account,
        payment: '信用卡',
        invoice: { type: '三聯式（公司）', taxId: '12345678', title: '好日子設計有限公司' },
      });
      await shopper.main.getByRole('button', { name: '確認訂購' }).click();
      await expect(shopper.checkoutForm.getByText('統一編號格式不正確')).toBeVisible();
      await shopper.checkoutForm.getByLabel('統一編號').fill('53212539');
      await shopper.placeOrder();

      // ECPay (its simulator, the offline default) takes the card; the shop shows the order paid.
      await shopper.payByCardInSimulator();
      await expect(page.getByRole('heading', { level: 1, name: '付款完成，感謝您的訂購' })).toBeVisible();
      const order = await shopper.orderOnResultPage();
      await expect(shopper.cartLink).toHaveAccessibleName('購物車，0 項');

      await shopper.main.getByRole('link', { name: '查看訂單明細' }).click();
      await expect(page.getByRole('heading', { level: 1, name: `訂單 ${order.number}` })).toBeVisible();
      await expect(shopper.orderStates).toContainText('已付款');
      await expect(shopper.main.getByText('三聯式發票 53212539 好日子設計有限公司')).toBeVisible();

      // A paid order is cancelled by request (spec §4): the modal, phone prefilled from the order.
      await shopper.main.getByRole('button', { name: '取消訂單' }).click();
      const dialog = page.getByRole('dialog', { name: '取消訂單' });
      await expect(dialog.getByLabel('聯絡電話')).toHaveValue(member.account);
      await dialog.getByRole('button', { name: '送出' }).click();
      await expect(dialog.getByText('此欄位為必填')).toBeVisible();
      await dialog.getByLabel('取消原因').fill('地址填錯了，想重新下單');
      await dialog.getByRole('button', { name: '送出' }).click();
      await expect(dialog).toBeHidden();
      await expect(shopper.main.getByRole('status').filter({ hasText: '取消申請' })).toHaveText(
        '取消申請成功，我們將盡快為您處理！',
      );
      await expect(shopper.orderStates).toContainText('取消申請中');
      await expect(shopper.main.getByRole('button', { name: '取消訂單' })).toHaveCount(0);
    },
  );

  test('a bank-transfer order: the account to pay, the remittance notice, then the order cancelled', async ({
    shopper,
    member,
    product,
    page,
  }) => {
    await shopper.orderAs(member, product, {
      payment: '銀行轉帳',
      invoice: { type: '二聯式（個人）', carrier: { kind: '手機條碼', code: '/ABC1234' } },
    });

    await expect(page.getByRole('heading', { level: 1, name: '訂單已成立，請於匯款後通知我們' })).toBeVisible();
    const bank = shopper.main.getByRole('region', { name: '匯款資訊' });
    await expect(bank.getByText('帳號', { exact: true })).toBeVisible();
    const order = await shopper.orderOnResultPage();

    // spec §5: exactly the last 5 digits.
    await bank.getByRole('button', { name: '通知匯款' }).click();
    const notice = page.getByRole('dialog', { name: '通知匯款' });
    await expect(notice.getByText(order.number)).toBeVisible();
    await notice.getByLabel('匯款帳號末五碼').fill('123');
    await notice.getByRole('button', { name: '通知', exact: true }).click();
    await expect(notice.getByText('輸入錯誤')).toBeVisible();
    await notice.getByLabel('匯款帳號末五碼').fill('54321');
    await notice.getByRole('button', { name: '通知', exact: true }).click();
    await expect(notice).toBeHidden();
    await expect(shopper.main.getByText('匯款通知成功，我們將盡快為您處理')).toBeVisible();
    await expect(shopper.main.getByText(/帳號末五碼 54321/)).toBeVisible();

    // Still unpaid: cancelling asks for a confirmation (spec §8), then cancels at once.
    await shopper.openMyOrder(order.number);
    await shopper.main.getByRole('button', { name: '取消訂單' }).click();
    const confirm = page.getByRole('dialog', { name: '取消訂單' });
    await expect(confirm.getByText(`確定要取消訂單 ${order.number} 嗎？`)).toBeVisible();
    await confirm.getByRole('button', { name: '確定取消' }).click();
    await expect(confirm).toBeHidden();
    await expect(shopper.orderStates).toHaveText('已取消');
  });

  test('an ATM order: the bank named beside its code, the account in fours, copied as bare digits (issue 20 item 8a)', async ({
    shopper,
    member,
    product,
    page,
  }) => {
    await shopper.orderAs(member, product, { payment: 'ATM 虛擬帳號' });
    await shopper.takeAtmAccountInSimulator('中國信託（822）');

    await expect(page.getByRole('heading', { level: 1, name: '訂單已成立，請於期限內轉帳' })).toBeVisible();
    const atm = shopper.main.getByRole('region', { name: 'ATM 轉帳資訊' });
    await expect(atm.getByText('822 中國信託', { exact: true })).toBeVisible();
    const grouped = atm.getByText(/^\d{4} \d{4} \d{4} \d{4}$/);
    await expect(grouped).toBeVisible();
    const digits = (await grouped.textContent())!.replaceAll(' ', '');
    expect(await shopper.copyWith(atm, '複製繳費帳號')).toBe(digits);

    // The order page shows the same account, as readable and as easy to copy.
    const order = await shopper.orderOnResultPage();
    await shopper.openMyOrder(order.number);
    const payment = shopper.main.getByRole('region', { name: '付款與配送' });
    await expect(payment.getByText('822 中國信託', { exact: true })).toBeVisible();
    const shown = payment.getByText(digits.replace(/(\d{4})(?=\d)/g, '$1 '), { exact: true });
    await expect(shown).toBeVisible();
    expect(await shopper.copyWith(payment, '複製繳費帳號')).toBe(digits);
    // Selected and copied by hand, it is the bare digits too.
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await shown.click({ clickCount: 3 });
    await page.keyboard.press('ControlOrMeta+C');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(digits);
  });

  test('a shipped order is returned with two photos', async ({ shopper, member, product, backOffice, page }) => {
    await shopper.orderAs(member, product, {
      delivery: '超商取貨',
      payment: '貨到付款',
      invoice: { type: '捐贈發票', code: '919' },
    });
    await expect(page.getByRole('heading', { level: 1, name: '訂單已成立' })).toBeVisible();
    const order = await shopper.orderOnResultPage();
    // The shop owner ships it in the back office (through its API: the story is the shopper's).
    await backOffice.shipOrder(order.id);

    await shopper.openMyOrder(order.number);
    // issue 20 item 8c: on its way, not 已完成, until it is picked up or the return window closes.
    await shopper.expectOrderStatus('已出貨');
    await expect(shopper.main.getByText('905512348876')).toBeVisible();
    // issue 20 item 8b: 黑貓's page opens on this parcel, in a new tab.
    await shopper.expectTrackingLink('https://www.t-cat.com.tw/Inquire/TraceDetail.aspx?BillID=905512348876');
    await shopper.main.getByRole('button', { name: '申請退貨' }).click();
    const dialog = page.getByRole('dialog', { name: '申請退貨' });
    await expect(dialog.getByLabel('退貨人姓名')).toHaveValue(member.name);
    await expect(dialog.getByLabel('聯絡電話')).toHaveValue(member.account);

    // spec §5: at least one photo.
    await dialog.getByLabel('退貨商品說明').fill(`${product.name} 1 件`);
    await dialog.getByLabel('退貨原因').fill('包裝破損，內容物漏出');
    await dialog.getByRole('button', { name: '確認送出' }).click();
    await expect(dialog.getByText('請至少上傳一張圖片')).toBeVisible();

    await dialog
      .getByLabel(/^商品照片/)
      .setInputFiles([photo('破損-1.png', [200, 80, 40]), photo('破損-2.png', [40, 120, 200])]);
    const previews = dialog.getByRole('list', { name: '已選擇的照片' }).getByRole('img');
    await expect(previews).toHaveCount(2);
    // Cash paid at the door comes back by the shop's transfer: the account it goes to (decision 048).
    const refund = dialog.getByRole('group', { name: '退款帳戶' });
    await refund.getByLabel('退款銀行').selectOption({ label: '700 中華郵政' });
    await refund.getByLabel('退款帳號').fill('0001234 5678901');
    await refund.getByLabel('戶名').fill(member.name);
    await dialog.getByRole('button', { name: '確認送出' }).click();
    await expect(dialog).toBeHidden();
    await expect(shopper.main.getByText('退貨申請成功，我們將盡快為您處理')).toBeVisible();
    await expect(shopper.orderStates).toContainText('退貨申請中');
    await expect(shopper.main.getByRole('button', { name: '申請退貨' })).toHaveCount(0);
  });
});

test.describe('order lookup', () => {
  test('a guest looks up the orders of a mobile number and sees one masked, shipped and trackable', async ({
    shopper,
    member,
    product,
    backOffice,
    page,
  }) => {
    // The member's cash-on-delivery order, placed through the shop's API as the storefront would, and shipped.
    const order = await ShopMember.placeOrderAs(page.request, member, [product.id], 6);
    await backOffice.shipOrder(order.id, { company: '中華郵政', trackingNumber: 'RR060912937TW' });
    const masked = `${member.account.slice(0, 4)}***${member.account.slice(-3)}`;
    await shopper.visit('/searching-order');
    await expect(page.getByRole('heading', { level: 1, name: '訂單查詢' })).toBeVisible();
    const form = shopper.main.getByRole('search', { name: '訂單查詢' });
    await form.getByLabel('訂購人手機號碼').fill('0911');
    await form.getByRole('button', { name: '查詢訂單' }).click();
    await expect(form.getByRole('alert')).toHaveText('手機格式不正確');

    await form.getByLabel('訂購人手機號碼').fill(member.account);
    await form.getByRole('button', { name: '查詢訂單' }).click();
    await page.waitForURL((url) => url.searchParams.get('keyword') === member.account);
    const orders = shopper.main
      .getByRole('region', { name: '查詢結果' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('link', { name: /^查看明細：訂單 .+$/ }),
      });
    await expect(orders).toHaveCount(1);
    await orders.getByRole('link', { name: `查看明細：訂單 ${order.order_number}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `訂單 ${order.order_number}` })).toBeVisible();
    await expect(shopper.main.getByText(masked)).toBeVisible();
    // issue 20 items 8b and 8c: shipped (not 已完成), and the post office's page opens on the parcel.
    await shopper.expectOrderStatus('已出貨');
    await shopper.expectTrackingLink('https://trackings.post.gov.tw/?id=RR060912937TW');
    await expect(shopper.main.getByRole('button', { name: '取消訂單' })).toHaveCount(0);
    await shopper.main.getByRole('link', { name: '返回查詢結果' }).click();
    await expect(shopper.main.getByRole('region', { name: '查詢結果' })).toBeVisible();
  });

  test('a guest finds an unpaid card order, is told until when it can be paid, and pays it after logging in', async ({
    shopper,
    member,
    product,
    page,
  }) => {
    // issue 20 item 3: the lookup acts on no order (decision 020), so paying goes through the login.
    const order = await ShopMember.placeOrderAs(page.request, member, [product.id], 2);
    await shopper.visit(`/searching-order?keyword=${member.account}&order=${order.order_number}`);
    await expect(page.getByRole('heading', { level: 1, name: `訂單 ${order.order_number}` })).toBeVisible();
    await expect(
      shopper.main.getByText(/此訂單尚未付款，請於 .+ 前完成付款，逾期未付款的訂單將自動取消。/),
    ).toBeVisible();
    await shopper.main.getByRole('link', { name: '登入會員並前往付款' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await shopper.logInHere(member.account, member.password);
    expect(new URL(page.url()).pathname).toBe(`/member/orders/${order.order_number}`);
    await expect(shopper.main.getByRole('button', { name: '前往付款' })).toBeVisible();
  });
});

test.describe("the checkout's totals", () => {
  test("are the server's: a bundle that starts while the cart is open counts at once", async ({
    shopper,
    member,
    catalogue,
    product,
  }) => {
    await shopper.startCheckoutAs(member, product, 2);
    const summary = shopper.main.getByRole('region', { name: '訂單金額' });
    await expect(summary).toBeVisible();
    await expect(summary).not.toContainText('優惠');

    // The page loaded its offers before the bundle existed; POST /orders will count it, so must the page.
    const bundle = await catalogue.bundle([product.id], { amount: 2, percent: 80 });
    await shopper.checkoutForm.getByRole('radio', { name: '低溫宅配' }).check();
    await expect(summary.getByText(bundle.title)).toBeVisible();
  });
});

test.describe('a shop opened by another of its names', () => {
  test('still opens the card payment page (issue 20 item 12)', async ({ shopper, member, product, page, baseURL }) => {
    // The shop's public address is 127.0.0.1; the same shop answers as localhost too.
    const otherName = baseURL!.replace('127.0.0.1', 'localhost');
    await page.goto(`${otherName}/login`);
    await shopper.waitUntilInteractive();
    await shopper.logInHere(member.account, member.password);
    await page.goto(`${otherName}/products?t=${product.product_type_ids[0]}&sn=${product.id}`);
    await shopper.waitUntilInteractive();
    await shopper.main.getByRole('group', { name: '規格' }).getByRole('radio').first().check({ force: true });
    await shopper.main.getByRole('button', { name: '加入購物車' }).click();
    // The line must be in the cart before the cart page is rendered from it.
    await expect(page.getByRole('status').filter({ hasText: '已加入購物車' })).toBeVisible();
    await page.goto(`${otherName}/cart`);
    await shopper.waitUntilInteractive();
    await shopper.fillCheckout({ name: member.name, phone: member.account, payment: '信用卡' });
    await shopper.main.getByRole('button', { name: '確認訂購' }).click();
    await expect(page.getByRole('heading', { name: '信用卡付款', level: 1 })).toBeVisible();
  });
});

test.describe('an abandoned card payment', () => {
  test('leaves the order with 前往付款 and the moment it will be cancelled (issue 20 item 3)', async ({
    shopper,
    member,
    product,
    page,
  }) => {
    await shopper.orderAs(member, product, { payment: '信用卡' });
    // The shopper closes the payment page without paying and finds the order again.
    await expect(page.getByRole('heading', { name: '信用卡付款', level: 1 })).toBeVisible();
    await shopper.visit('/member/orders');
    await shopper.main
      .getByRole('link', { name: /^訂單編號/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /^訂單 / })).toBeVisible();
    await expect(
      shopper.main.getByText(/^請於 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 前完成付款，逾期未付款的訂單將自動取消。$/),
    ).toBeVisible();
    await shopper.main.getByRole('button', { name: '前往付款' }).click();
    await expect(page.getByRole('heading', { name: '信用卡付款', level: 1 })).toBeVisible();
  });
});

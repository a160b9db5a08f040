import { seriousViolations } from './support/accessibility-checks.ts';
import { unique } from './support/back-office-api.ts';
import { expect, test } from './support/shop-owner.ts';

// Issue 21 item 3 (docs/decisions/061): the owner issues a coupon in the back office, a member types it
// in the cart, the server's totals show it, and the order is charged what the cart said. The story
// makes its own coupon, product and member (docs/decisions/042).

test.describe('a coupon', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the owner creates a coupon; a member applies it in the cart and the order total reflects it', async ({
    owner,
    shopper,
    member,
    product,
    page,
  }) => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const name = unique('滿額折價');

    // The owner: 優惠券 → 新增, NT$200 off from NT$1,500, five uses, once per member.
    await owner.visit('/admin/coupons');
    await expect(page.getByRole('heading', { level: 1, name: '優惠券' })).toBeVisible();
    await owner.main.getByRole('link', { name: '＋ 新增優惠券' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '新增優惠券' })).toBeVisible();
    await owner.waitUntilInteractive();
    const form = owner.main.getByRole('form', { name: '優惠券資料' });
    await form.getByLabel('優惠券代碼').fill(code.toLowerCase());
    await form.getByLabel('名稱').fill(name);
    await form.getByLabel('折扣方式').selectOption({ label: '折抵金額（NT$）' });
    await form.getByLabel('折扣值').fill('200');
    await form.getByLabel('最低消費（元）').fill('1500');
    await form.getByLabel('總使用次數上限').fill('5');
    await form.getByLabel('每位會員').selectOption({ label: '限用一次' });
    await form.getByRole('button', { name: '新增優惠券' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `編輯優惠券：${code}` })).toBeVisible();

    // The member: two of a NT$990 product (NT$1,980 of goods) in the cart.
    await shopper.login(member.account, member.password);
    await shopper.addToCart(product, 2);
    await shopper.openCart();
    const summary = shopper.main.getByRole('region', { name: '訂單金額' });
    const coupon = shopper.main.getByRole('form', { name: '優惠券' });

    // A code that does not exist is refused by the server, in words.
    await coupon.getByLabel('優惠券代碼').fill('NO-SUCH-CODE');
    await coupon.getByRole('button', { name: '套用' }).click();
    await expect(coupon.getByRole('alert')).toHaveText('找不到此優惠券');

    // The owner's code, typed in lower case: the server's totals take NT$200 off.
    await coupon.getByLabel('優惠券代碼').fill(code.toLowerCase());
    await coupon.getByRole('button', { name: '套用' }).click();
    await expect(coupon.getByRole('status')).toHaveText(`已套用 ${code}，折抵 NT$200`);
    await expect(summary.getByText(`優惠券：${name}`)).toBeVisible();
    await expect(summary.locator('.order-summary__discount', { hasText: name }).locator('dd')).toHaveText('-NT$200');
    const payable = (await summary.locator('.order-summary__total dd').textContent())!.trim();
    expect(await seriousViolations(page)).toEqual([]);

    await shopper.checkout({ name: member.name, phone: member.account, payment: '銀行轉帳' });
    await expect(page.getByRole('heading', { level: 1, name: '訂單已成立，請於匯款後通知我們' })).toBeVisible();
    const order = await shopper.orderOnResultPage();

    // The order keeps the coupon and is charged what the cart showed.
    await shopper.openMyOrder(order.number);
    await expect(shopper.main.getByText(`優惠券（${code}）`)).toBeVisible();
    await expect(shopper.main.locator('.order-totals__pay dd')).toHaveText(payable);

    // Back in the office: the coupon shows one use of five.
    await owner.visit(`/admin/coupons?q=${code}`);
    const row = owner.main.getByRole('row').filter({ hasText: code });
    await expect(row.getByRole('cell', { name: '1 / 5' })).toBeVisible();
  });
});

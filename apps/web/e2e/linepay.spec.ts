import { expect, test } from './support/shopper.ts';

// Issue 16 item 1: a LINE Pay checkout through the simulator (LINEPAY_MODE=simulator, the default),
// which plays LINE Pay's page and API inside the shop. The story makes its own member and product.

test.describe('paying with LINE Pay', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a shopper cancels on LINE Pay, comes back to an order still payable, and pays it', async ({
    shopper,
    member,
    product,
    page,
  }) => {
    await shopper.startCheckoutAs(member, product);
    await expect(shopper.checkoutForm.getByRole('radio', { name: /^LINE Pay/ })).toBeVisible();
    await shopper.checkout({ name: member.name, phone: member.account, payment: 'LINE Pay' });

    // LINE Pay's page shows the amount of the order; the shopper changes their mind.
    await expect(page.getByText('付款金額')).toBeVisible();
    await shopper.decideOnLinePay('取消付款');
    await expect(page.getByRole('heading', { level: 1, name: '訂單已成立，尚未完成付款' })).toBeVisible();
    await expect(shopper.main.getByRole('status').filter({ hasText: 'LINE Pay' })).toHaveText(
      '您已取消 LINE Pay 付款，訂單仍為您保留，可以再付款一次。',
    );
    const order = await shopper.orderOnResultPage();

    // Paying again reserves anew, and this time the money arrives.
    const toLinePay = page.waitForURL((url) => url.pathname === '/linepay-simulator/pay');
    await shopper.main.getByRole('button', { name: '前往 LINE Pay 付款' }).click();
    await toLinePay;
    await shopper.decideOnLinePay('確認付款');
    await expect(page.getByRole('heading', { level: 1, name: '付款完成，感謝您的訂購' })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('linepay')).toBe('paid');

    await shopper.openMyOrder(order.number);
    await expect(shopper.orderStates).toContainText('已付款');
    await expect(shopper.main.getByText('LINE Pay', { exact: true })).toBeVisible();
    await expect(shopper.main.getByRole('button', { name: '前往付款' })).toHaveCount(0);
  });
});

import { expect, test } from './support/shopper.ts';

// Issue 23 item 1: 信用卡（銀行）, a card paid through a bank acquirer, on the shop's stand-in for the
// acquirer (BANKCARD_MODE=simulator, set for the browser stories). The story makes its own member and
// product.

test.describe('paying by card through the bank', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a member picks 信用卡（銀行）, pays on the acquirer’s page and comes back to a paid order', async ({
    shopper,
    member,
    product,
    page,
  }) => {
    await shopper.startCheckoutAs(member, product);
    await expect(shopper.checkoutForm.getByRole('radio', { name: /^信用卡（銀行）/ })).toBeVisible();
    await shopper.checkout({ name: member.name, phone: member.account, payment: '信用卡（銀行）' });

    await expect(page).toHaveURL(/\/bankcard-simulator\/pay$/);
    await expect(page.getByText('收單銀行付款模擬')).toBeVisible();
    await shopper.payByCardInSimulator();
    await expect(page.getByRole('heading', { level: 1, name: '付款完成，感謝您的訂購' })).toBeVisible();
    const order = await shopper.orderOnResultPage();

    await shopper.openMyOrder(order.number);
    await expect(shopper.orderStates).toContainText('已付款');
    await expect(shopper.main.getByText('信用卡（銀行）', { exact: true })).toBeVisible();
    await expect(shopper.main.getByRole('button', { name: '前往付款' })).toHaveCount(0);
  });
});

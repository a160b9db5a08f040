import { ShopMember, expect, test } from './support/shop-owner.ts';

// Issue 20 item 7 (docs/decisions/048): money paid by bank transfer can only come back by the shop's own
// transfer, so cancelling a paid transfer order asks where to send it; the owner sees the account and is
// told to refund to it.

test.describe('a refund account', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a member cancels a paid bank-transfer order naming the account, and the back office shows it', async ({
    shopper,
    owner,
    member,
    product,
    backOffice,
    page,
  }) => {
    // A bank-transfer order the shop has confirmed as paid.
    const buyer = await ShopMember.login(page.request, member);
    const order = await buyer.placeOrder([product.id], 1);
    await buyer.notifyTransfer(order.id, '24680');
    const { version } = await backOffice.call<{ version: number }>('GET', `/admin/orders/${order.id}`);
    await backOffice.call('POST', `/admin/orders/${order.id}/payment-confirmation`, { version });

    await shopper.login(member.account, member.password);
    await shopper.openMyOrder(order.order_number);
    await shopper.main.getByRole('button', { name: '取消訂單' }).click();
    const dialog = page.getByRole('dialog', { name: '取消訂單' });
    const refund = dialog.getByRole('group', { name: '退款帳戶' });
    await expect(refund).toBeVisible();
    await expect(refund.getByLabel('退款銀行').getByRole('option', { name: '822 中國信託' })).toBeAttached();

    // Checked in the browser with the server's own rules; what was typed stays.
    await dialog.getByLabel('取消原因').fill('臨時不需要了');
    await refund.getByLabel('退款銀行').selectOption({ label: '822 中國信託' });
    await refund.getByLabel('退款帳號').fill('12345');
    await refund.getByLabel('戶名').fill(member.name);
    await dialog.getByRole('button', { name: '送出' }).click();
    await expect(refund.getByLabel('退款帳號')).toHaveAccessibleDescription('帳號須為 10 至 16 位數字');
    await expect(dialog.getByLabel('取消原因')).toHaveValue('臨時不需要了');
    await expect(refund.getByLabel('戶名')).toHaveValue(member.name);

    await refund.getByLabel('退款帳號').fill('1234-5678-9012');
    await dialog.getByRole('button', { name: '送出' }).click();
    await expect(dialog).toBeHidden();
    await expect(shopper.main.getByRole('status').filter({ hasText: '取消申請' })).toHaveText(
      '取消申請成功，我們將盡快為您處理！',
    );
    // The member's own order page shows where the money will go, in full.
    await expect(shopper.main.getByText(`822 中國信託 123456789012 ${member.name}`)).toBeVisible();

    // The owner: the account to refund to, and what to do with it.
    await owner.visit(`/admin/orders/${order.id}`);
    const cancel = owner.main.getByRole('region', { name: /^取消申請/ });
    await expect(cancel.getByText('臨時不需要了')).toBeVisible();
    const account = cancel.getByRole('group', { name: '退款帳戶' });
    await expect(account).toContainText('822 中國信託');
    await expect(account).toContainText('123456789012');
    await expect(account).toContainText(member.name);
    await expect(account).toContainText('請匯款退款至此帳戶');

    // Approved, then the transfer back is recorded once (issue 16 item 2): amount, day and a note.
    await cancel.getByRole('button', { name: /^核准取消/ }).click();
    await expect(owner.notice).toHaveText('已核准取消，庫存與紅利已退回');
    const record = owner.main.getByRole('region', { name: '記錄退款' });
    await record.getByLabel(/^退款金額/).fill(String(order.pay_amount + 1));
    await record.getByRole('button', { name: '記錄退款' }).click();
    await expect(record.getByLabel(/^退款金額/)).toHaveAccessibleDescription(
      `退款金額不能超過訂單實付金額 ${order.pay_amount} 元`,
    );
    await record.getByLabel(/^退款金額/).fill(String(order.pay_amount));
    await record.getByLabel(/^備註/).fill('匯出帳號末五碼 13579');
    await record.getByRole('button', { name: '記錄退款' }).click();
    await expect(owner.notice).toHaveText('已記錄退款，訂單狀態為已退款');
    await expect(owner.main.getByRole('region', { name: '記錄退款' })).toHaveCount(0);
    await expect(owner.main.getByRole('region', { name: '訂單歷程' })).toContainText('退款 → 已退款');
    await expect(owner.main.getByRole('region', { name: '金流紀錄' })).toContainText('人工退款 退款');
    await expect(owner.main.getByRole('region', { name: '金流紀錄' })).toContainText('匯出帳號末五碼 13579');
  });
});

import { expect, test } from './support/shopper.ts';

test.describe('a shopper writes to the shop from the home page', () => {
  test('is told about a malformed email, then sends the message', async ({ shopper, page }) => {
    await shopper.visitHome();
    const form = page.getByRole('main').getByRole('region', { name: '聯絡我們' });
    await form.scrollIntoViewIfNeeded();

    await form.getByLabel('姓名').fill('王小明');
    await form.getByLabel('聯絡電話').fill('0912345678');
    await form.getByLabel('電子郵件').fill('not-an-email');
    await form.getByLabel('留言內容').fill('請問禮盒可以代寫卡片嗎？');
    await form.getByRole('button', { name: '送出' }).click();
    await expect(form.getByRole('alert')).toHaveText('請輸入正確的 Email 格式');

    await form.getByLabel('電子郵件').fill('xiaoming@example.tw');
    await form.getByRole('button', { name: '送出' }).click();
    await expect(form.getByRole('status').filter({ hasText: '表單送出' })).toHaveText(
      '表單送出成功，我們將盡快與您聯繫',
    );
    await expect(form.getByLabel('姓名')).toHaveValue('');
  });

  test('looks up orders by mobile number', async ({ shopper, page }) => {
    await shopper.visitHome();
    const lookup = page.getByLabel('訂購人手機號碼');
    await lookup.fill('0911111111');
    const navigation = shopper.nextNavigationTo('/searching-order');
    await page.getByRole('button', { name: '查詢訂單' }).click();
    expect(new URL((await navigation).url()).searchParams.get('keyword')).toBe('0911111111');
  });
});

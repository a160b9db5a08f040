import { CVS_KIOSK_STEPS } from '@shop/domain';
import { expect, test } from './support/shopper.ts';

// Issue 40 item 2 (decision 082): a shopper pays by 超商代碼. The simulator plays ECPay's CVS page: it
// makes up a code and posts it signed to the shop's PaymentInfoURL; the result page and the order page
// show the code, its deadline and how to pay at a store's kiosk.
test.describe('paying by 超商代碼', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the code, its deadline and the kiosk steps on the result page and the order page', async ({
    shopper,
    member,
    product,
    page,
  }) => {
    await shopper.orderAs(member, product, { payment: '超商代碼繳費' });
    await shopper.takeCvsCodeInSimulator();

    await expect(page.getByRole('heading', { level: 1, name: '訂單已成立，請於期限內至超商繳費' })).toBeVisible();
    const cvs = shopper.main.getByRole('region', { name: '超商代碼繳費' });
    const code = cvs.getByText(/^[A-Z]{3}\d{8}$/);
    await expect(code).toBeVisible();
    const value = (await code.textContent())!;
    await expect(cvs.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeVisible();
    await expect(cvs.getByText(CVS_KIOSK_STEPS)).toBeVisible();
    expect(await shopper.copyWith(cvs, '複製繳費代碼')).toBe(value);

    // The order page shows the same code and its deadline.
    const order = await shopper.orderOnResultPage();
    await shopper.openMyOrder(order.number);
    const payment = shopper.main.getByRole('region', { name: '付款與配送' });
    await expect(payment.getByText('超商代碼繳費', { exact: true })).toBeVisible();
    await expect(payment.getByText(value, { exact: true })).toBeVisible();
  });

  test('超商條碼: three Code 39 barcodes on the result page and the order page', async ({
    shopper,
    member,
    product,
    page,
  }) => {
    await shopper.orderAs(member, product, { payment: '超商條碼繳費' });
    await expect(page.getByRole('heading', { name: '超商條碼繳費', level: 1 })).toBeVisible();
    const back = page.waitForURL((url) => url.pathname === '/payment/result');
    await page.getByRole('button', { name: '取得繳費條碼', exact: true }).click();
    await back;
    await shopper.waitUntilInteractive();

    await expect(page.getByRole('heading', { level: 1, name: '訂單已成立，請於期限內至超商繳費' })).toBeVisible();
    const step = shopper.main.getByRole('region', { name: '超商條碼繳費' });
    await expect(step.getByRole('img', { name: /^第一段條碼：/ })).toBeVisible();
    await expect(step.getByRole('img', { name: /^第二段條碼：/ })).toBeVisible();
    await expect(step.getByRole('img', { name: /^第三段條碼：/ })).toBeVisible();

    const order = await shopper.orderOnResultPage();
    await shopper.openMyOrder(order.number);
    const payment = shopper.main.getByRole('region', { name: '付款與配送' });
    await expect(payment.getByRole('img', { name: /^第三段條碼：/ })).toBeVisible();
  });
});

import { expect, test } from './support/shopper.ts';

// Issue 17 item 1: choosing the pickup store on the chain's map (ECPAY_LOGISTICS_MODE=simulator, the
// default: the shop's own page plays ECPay's map). The story makes its own member and product.

test.describe('choosing the pickup store on the map', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a member picks a 7-ELEVEN on the map, comes back with the form intact, and pays on pickup', async ({
    shopper,
    member,
    product,
    page,
  }) => {
    await shopper.startCheckoutAs(member, product);

    // What the shopper types before leaving for the map.
    const form = shopper.checkoutForm;
    await form.getByLabel('收件人姓名').fill('林美玲');
    await form.getByLabel('收件人手機').fill(member.account);
    await form.getByRole('radio', { name: /^超商取貨/ }).check();
    await form.getByRole('radio', { name: /^貨到付款/ }).check();
    await form.getByRole('radio', { name: '捐贈發票' }).check();
    await form.getByLabel('捐贈碼（愛心碼）').fill('919');
    await form.getByLabel('備註').fill('下班後取貨');
    // The shop's C2C contract reaches four chains.
    for (const chain of ['7-ELEVEN', '全家', '萊爾富', 'OK']) {
      await expect(form.getByRole('radio', { name: chain, exact: true })).toBeVisible();
    }
    await expect(form.getByRole('group', { name: '取貨門市' })).toContainText('請先選擇超商');

    await shopper.chooseStoreOnMap({ chain: '7-ELEVEN', district: '臺北市大安區', name: '忠孝敦化門市' });

    // Back on the cart: everything typed is still there, and the store the map chose is shown.
    expect(new URL(page.url()).search).toBe('');
    await expect(form.getByLabel('收件人姓名')).toHaveValue('林美玲');
    await expect(form.getByLabel('收件人手機')).toHaveValue(member.account);
    await expect(form.getByRole('radio', { name: /^超商取貨/ })).toBeChecked();
    await expect(form.getByRole('radio', { name: /^貨到付款/ })).toBeChecked();
    await expect(form.getByRole('radio', { name: '7-ELEVEN', exact: true })).toBeChecked();
    await expect(form.getByLabel('捐贈碼（愛心碼）')).toHaveValue('919');
    await expect(form.getByLabel('備註')).toHaveValue('下班後取貨');
    const chosen = form.getByRole('group', { name: '取貨門市' });
    await expect(chosen).toContainText('7-ELEVEN 忠孝敦化門市（店號 131386）');
    await expect(chosen).toContainText('臺北市大安區忠孝東路四段181號');
    await expect(chosen.getByRole('button', { name: '更換門市' })).toBeVisible();

    await shopper.placeOrder();
    await expect(page.getByRole('heading', { level: 1, name: '訂單已成立' })).toBeVisible();
    const order = await shopper.orderOnResultPage();

    // The member's order page names the store, with its address.
    await shopper.openMyOrder(order.number);
    const recipient = shopper.main.getByRole('region', { name: '收件資料' });
    await expect(recipient).toContainText('7-ELEVEN 忠孝敦化門市 （店號 131386）');
    await expect(recipient).toContainText('臺北市大安區忠孝東路四段181號');
    await expect(shopper.main.getByText('貨到付款', { exact: true }).first()).toBeVisible();
  });
});

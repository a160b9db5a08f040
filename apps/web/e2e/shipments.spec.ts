import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/shop-owner.ts';

/** What the shop texted (SMS_PROVIDER=dev writes every message to DATA_DIR/sms.log). */
const smsLog = () => {
  const file = path.join(process.env.SHOP_E2E_DATA_DIR ?? '', 'sms.log');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
};

// Issue 17 items 2 and 3: a shipment through ECPay's logistics (ECPAY_LOGISTICS_MODE=simulator, the
// default: the shop plays ECPay's map, /Express/Create and its status notices). The story makes its
// own member and product.

test.describe('a store pickup shipped through ECPay', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the shopper picks a 7-ELEVEN and pays on pickup; the owner ships it; status notices move it to picked up; the shopper is told each step', async ({
    shopper,
    owner,
    member,
    catalogue,
    page,
  }) => {
    const [product] = await catalogue.products(1);
    await shopper.orderAs(member, product!, {
      name: '林美玲',
      delivery: '超商取貨',
      payment: '貨到付款',
      store: { chain: '7-ELEVEN', district: '臺北市大安區', name: '忠孝敦化門市' },
    });
    await expect(page.getByRole('heading', { level: 1, name: '訂單已成立' })).toBeVisible();
    const order = await shopper.orderOnResultPage();

    // The owner ticks the order in the list and asks ECPay for its logistics order.
    await owner.createShipmentsFromList(order.number);
    const card = await owner.waitForShipment(order.id);
    await expect(card).toContainText('7-ELEVEN 交貨便');
    await expect(card.getByText(/^C\d{9}（驗證碼 \d{4}）$/)).toBeVisible();
    // 列印託運單: in simulator mode the shop's own label, in a new tab.
    const [label] = await Promise.all([
      page.context().waitForEvent('page'),
      card.getByRole('link', { name: /列印託運單/ }).click(),
    ]);
    await expect(label.getByRole('heading', { level: 1, name: '託運單' })).toBeVisible();
    await expect(label.getByRole('region', { name: `託運單 ${order.number}` })).toContainText('忠孝敦化門市');
    await expect(label.getByRole('button', { name: '列印' })).toBeVisible();
    await label.close();
    await expect(owner.main.getByRole('region', { name: '訂單歷程' })).toContainText('出貨 → 已出貨');

    // ECPay's notices, as the simulator sends them: dropped at a store, at the logistics centre, at
    // the pickup store, picked up.
    await owner.simulateLogistics('賣家已到門市寄件');
    await owner.simulateLogistics('交貨便收件');
    await owner.simulateLogistics('商品配達買家取貨門市');
    await expect(card).toContainText('取貨期限');
    await owner.simulateLogistics('消費者成功取件');
    await expect(card.getByRole('button', { name: '模擬物流進度' })).toHaveCount(0);

    // The member's order page: the timeline up to the pickup, and the chain's tracking page.
    await shopper.openMyOrder(order.number);
    const timeline = shopper.main.getByRole('region', { name: '訂單進度' });
    for (const step of ['已出貨', '配送中', '已到店', '已取貨']) {
      await expect(timeline.getByText(step, { exact: true })).toBeVisible();
    }
    const payment = shopper.main.getByRole('region', { name: '付款與配送' });
    await expect(payment).toContainText('7-ELEVEN 交貨便');
    await expect(payment.getByRole('link', { name: '查詢物流（另開新視窗）' })).toHaveAttribute(
      'href',
      'https://eservice.7-11.com.tw/e-tracking/search.aspx',
    );
    await expect(payment).toContainText('已取貨');

    // Item 4: the shopper was told at each step, by the job runner within a poll or two.
    for (const said of [
      `訂單${order.number}已成立，應付`,
      `訂單${order.number}已由7-ELEVEN 交貨便出貨`,
      `訂單${order.number}已到忠孝敦化門市，請於`,
      `訂單${order.number}已取貨`,
    ]) {
      await expect.poll(() => smsLog().includes(said), { message: said, timeout: 20_000 }).toBe(true);
    }
  });
});

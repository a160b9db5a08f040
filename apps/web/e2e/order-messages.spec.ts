import fs from 'node:fs';
import path from 'node:path';
import { expect, ShopMember, test } from './support/shop-owner.ts';

// Issue 17 item 4: the shopper hears of the order by SMS, and by email once they gave one in the
// member centre; the back office sees every message on the order's page (通知紀錄).

test.skip(({ isMobile }) => isMobile, 'the back office is used on a desktop or a tablet');

const smsLog = () => {
  const file = path.join(process.env.SHOP_E2E_DATA_DIR ?? '', 'sms.log');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
};

test(
  'a member who gave an email is told of the order by SMS and email, and the back office sees both',
  { tag: '@desktop' },
  async ({ owner, shopper, member, catalogue, page, request }) => {
    await shopper.login(member.account, member.password);
    await shopper.visit('/member/personal-info');
    const email = page.getByRole('textbox', { name: /^Email/ });
    await email.fill('not-an-address@');
    await page.getByRole('button', { name: '儲存變更' }).click();
    await expect(email).toHaveAccessibleDescription(/請輸入正確的 Email 格式/);
    await email.fill(`buyer-${member.account}@example.tw`);
    await page.getByRole('button', { name: '儲存變更' }).click();
    await expect(page.getByRole('status').filter({ hasText: '會員資料已更新' })).toBeVisible();

    // On the API apart from the browser, whose login cookies would ask for the page's XSRF header.
    const buyer = await ShopMember.login(request, member);
    const order = await buyer.placeOrder([(await catalogue.product()).id], 1);

    // The job runner sends within a poll or two.
    await expect
      .poll(() => smsLog().includes(`${member.account}\t`) && smsLog().includes(`訂單${order.order_number}已成立`), {
        timeout: 15_000,
      })
      .toBe(true);

    await owner.visit(`/admin/orders/${order.id}`);
    const log = owner.main.getByRole('region', { name: '通知紀錄' });
    await expect(async () => {
      await page.reload();
      await expect(log.getByRole('listitem')).toHaveCount(2);
    }).toPass({ timeout: 15_000 });
    await expect(log.getByRole('listitem').filter({ hasText: '簡訊' })).toContainText('已發送');
    await expect(log.getByRole('listitem').filter({ hasText: 'Email' })).toContainText('已發送');
  },
);

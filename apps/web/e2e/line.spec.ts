import { seriousViolations } from './support/accessibility-checks.ts';
import { expect, ShopMember, test } from './support/shop-owner.ts';

// Issue 41: a member links LINE in the member centre, adding the shop's official account as a friend
// on LINE's consent page (the simulator's); the order's message then arrives by LINE, not SMS, and
// next time LINE alone signs the member in.

test(
  'a member links LINE, follows the account, hears of an order by LINE and signs in with LINE',
  { tag: '@desktop' },
  async ({ shopper, member, catalogue, page, request, context }) => {
    await shopper.login(member.account, member.password);
    await shopper.visit('/member/personal-info');
    const card = page.getByRole('region', { name: 'LINE 帳號' });
    await card.getByRole('link', { name: '綁定 LINE' }).click();

    // LINE's consent page, asking to add the official account too.
    await expect(page.getByRole('heading', { name: 'LINE 登入' })).toBeVisible();
    await page.getByLabel('LINE 顯示名稱').fill('林小美');
    await expect(page.getByLabel(/加入商店的 LINE 官方帳號好友/)).toBeChecked();
    await page.getByRole('button', { name: '同意' }).click();

    await page.waitForURL((url) => url.pathname === '/member/personal-info');
    await shopper.waitUntilInteractive();
    await expect(card.getByRole('status')).toHaveText('LINE 綁定完成');
    await expect(card.getByText('已綁定 LINE', { exact: true })).toBeVisible();
    await expect(card.getByText('林小美')).toBeVisible();
    await expect(card.getByRole('radio', { name: /LINE 官方帳號/ })).toBeChecked();
    await expect(card.getByRole('button', { name: '解除綁定' })).toBeEnabled();
    expect(await seriousViolations(page)).toEqual([]);

    const buyer = await ShopMember.login(request, member);
    const order = await buyer.placeOrder([(await catalogue.product()).id], 1);

    // The job runner pushes within a poll or two; the simulator's log shows what LINE received.
    await expect(async () => {
      await page.goto('/line-simulator/push-log');
      await expect(
        page.getByRole('list', { name: '推播訊息' }).getByRole('listitem').filter({ hasText: order.order_number }),
      ).toContainText(`訂單${order.order_number}已成立`);
    }).toPass({ timeout: 20_000 });

    // Signed out, 「使用 LINE 登入」 alone brings the member back.
    await context.clearCookies({ name: /^web_(auth|member)_data$/ });
    await shopper.visit('/login');
    await page.getByRole('link', { name: '使用 LINE 登入' }).click();
    await page.getByRole('button', { name: '同意' }).click();
    await page.waitForURL((url) => url.pathname === '/member');
    await shopper.waitUntilInteractive();
    await expect(page.getByRole('heading', { name: '會員中心' }).or(page.getByText(member.name).first())).toBeVisible();
  },
);

test('a LINE account the shop does not know is linked by logging in with the password once', async ({
  shopper,
  member,
  page,
}) => {
  await shopper.visit('/login?redirect=%2Fmember%2Fpersonal-info');
  await page.getByRole('link', { name: '使用 LINE 登入' }).click();
  await page.getByLabel('LINE 顯示名稱').fill('陳大文');
  await page.getByRole('button', { name: '同意' }).click();

  await page.waitForURL((url) => url.pathname === '/login/line');
  await shopper.waitUntilInteractive();
  await expect(page.getByText('LINE 帳號「陳大文」尚未綁定會員')).toBeVisible();
  await expect(page.getByRole('link', { name: '註冊新會員' })).toHaveAttribute('href', /\/login\/register\?.*line=1/);
  expect(await seriousViolations(page)).toEqual([]);

  const existing = page.getByRole('region', { name: '已經是會員：登入並綁定' });
  await existing.getByLabel('手機號碼').fill(member.account);
  await existing.getByLabel(/^密碼/).fill(member.password);
  await existing.getByRole('button', { name: '登入', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/member/personal-info');
  await shopper.waitUntilInteractive();
  const card = page.getByRole('region', { name: 'LINE 帳號' });
  await expect(card.getByText('已綁定 LINE', { exact: true })).toBeVisible();
  await expect(card.getByText('陳大文')).toBeVisible();
});

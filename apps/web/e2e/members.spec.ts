import { expect, test, unusedPhone } from './support/shopper.ts';

// The shop of playwright.config.ts whose access tokens live SHOP_E2E_SHORT_TOKEN_SECONDS.
const SHORT_TOKEN_URL = process.env.SHOP_E2E_SHORT_TOKEN_URL ?? '';
const SHORT_TOKEN_DATA_DIR = process.env.SHOP_E2E_SHORT_TOKEN_DATA_DIR ?? '';

test.describe('a shopper becomes a member and stays logged in (issue 5)', () => {
  test.use({ baseURL: SHORT_TOKEN_URL });

  test(
    'registers with the SMS code, logs out and in, outlives the access token, edits the profile, logs out',
    { tag: '@desktop' },
    async ({ shopper, page, request }) => {
      test.setTimeout(120_000);
      const member = {
        phone: unusedPhone(),
        name: '張新會員',
        password: 'Story-pass-8',
        city: '臺中市',
        area: '西屯區',
        address: '臺灣大道三段 99 號',
      };

      await shopper.register(member, SHORT_TOKEN_DATA_DIR);
      await shopper.expectLoggedInAs(member.name);
      await expect(page.getByRole('heading', { name: `${member.name}，您好` })).toBeVisible();
      await expect(page.getByText('一般會員').first()).toBeVisible();

      await shopper.logout();
      await shopper.expectLoggedOut();

      await shopper.login(member.phone, member.password);
      await shopper.expectLoggedInAs(member.name);
      const loggedIn = await shopper.authCookie();
      expect(loggedIn?.token.refresh_token).toBeTruthy();

      // Let the access token expire, then keep working: the member centre notices the 401
      // 「token驗證失敗」, spends the refresh token once and reloads with the new pair (spec §4).
      await shopper.waitForAccessTokenToExpire();
      await page.getByRole('navigation', { name: '會員中心選單' }).getByRole('link', { name: '個人資料' }).click();
      await expect(page.getByRole('heading', { name: '個人資料' })).toBeVisible({ timeout: 15_000 });
      await expect
        .poll(async () => (await shopper.authCookie())?.token.refresh_token)
        .not.toBe(loggedIn?.token.refresh_token);
      await shopper.waitUntilInteractive();
      await expect(page.getByLabel('姓名')).toHaveValue(member.name);
      await expect(page.getByLabel('鄉鎮市區')).toHaveValue('西屯區');

      await page.getByLabel('姓名').fill('張新會員改');
      await page.getByLabel('縣市').selectOption('高雄市');
      await page.getByLabel('鄉鎮市區').selectOption('苓雅區');
      await page.getByLabel('詳細地址').fill('四維三路 2 號');
      await page.getByRole('button', { name: '儲存變更' }).click();
      await expect(page.getByRole('status').filter({ hasText: '會員資料已更新' })).toBeVisible();
      await shopper.expectLoggedInAs('張新會員改');

      await page.reload();
      await shopper.waitUntilInteractive();
      await expect(page.getByLabel('姓名')).toHaveValue('張新會員改');
      await expect(page.getByLabel('縣市')).toHaveValue('高雄市');
      await expect(page.getByLabel('鄉鎮市區')).toHaveValue('苓雅區');

      const beforeLogout = await shopper.authCookie();
      await shopper.logout();
      await shopper.expectLoggedOut();
      // The logout also ended the login on the server: its refresh token is dead.
      const reuse = await request.post('/api/v1/members/auth/refresh', {
        data: { refresh_token: beforeLogout?.token.refresh_token },
      });
      expect(reuse.status()).toBe(401);
    },
  );
});

test.describe('a member logs in on the shop', () => {
  test(
    'brings the guest cart along, and the login page remembers the account',
    { tag: '@smoke' },
    async ({ shopper, member, catalogue, page }) => {
      // A guest line in local storage, the way the cart keeps it (spec §4), for a product of its own.
      const product = await catalogue.product();
      await shopper.visitHome();
      await page.evaluate(
        (p) => {
          const line = {
            id: Date.now(),
            members_id: 0,
            products_id: p.id,
            spec_id: p.specId,
            qty: 2,
            product: { id: p.id, name: p.name },
          };
          localStorage.setItem('carts', JSON.stringify([line]));
        },
        { id: product.id, name: product.name, specId: product.product_specs[0]?.id ?? null },
      );

      await shopper.login(member.account, member.password, { remember: true });
      await shopper.expectLoggedInAs(member.name);
      expect(await page.evaluate(() => localStorage.getItem('carts'))).toBeNull();
      const auth = await shopper.authCookie();
      const cart = await page.request.get(`/api/v1/shopping-carts-by-members-id/${auth!.id}`, {
        headers: { authorization: `Bearer ${auth!.token.access_token}` },
      });
      const lines = ((await cart.json()) as { data: Array<{ products_id: number }> }).data;
      expect(lines.map((l) => l.products_id)).toContain(product.id);

      await shopper.logout();
      await shopper.visit('/login');
      await expect(page.getByLabel('手機號碼')).toHaveValue(member.account);
      await expect(page.getByLabel('記住帳號')).toBeChecked();
    },
  );

  test('is told when the password is wrong', async ({ shopper, member, page }) => {
    await shopper.visit('/login');
    await page.getByLabel('手機號碼').fill(member.account);
    await page.getByLabel(/^密碼/).fill('not-the-password');
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: '帳號或密碼錯誤' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('resets a forgotten password with the SMS code', async ({ shopper, page }) => {
    const member = { phone: unusedPhone(), name: '林忘記', password: 'First-pass-1' };
    await shopper.register(member);
    await shopper.logout();

    await shopper.visit('/login');
    await page.getByRole('link', { name: '忘記密碼？' }).click();
    await page.getByLabel('註冊的手機號碼').fill(member.phone);
    await page.getByRole('button', { name: '取得驗證碼' }).click();
    await page.getByLabel('簡訊驗證碼').fill(await shopper.smsCodeFor(member.phone, 'reset'));
    await page.getByLabel(/^新密碼/).fill('Second-pass-2');
    await page.getByLabel('確認新密碼').fill('Second-pass-2');
    await page.getByRole('button', { name: '設定新密碼' }).click();
    await expect(page.getByRole('status')).toContainText('密碼已重設，請以新密碼登入');

    await shopper.login(member.phone, 'Second-pass-2');
    await shopper.expectLoggedInAs(member.name);
  });
});

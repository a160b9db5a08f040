import { expect, test, unique } from './support/shopper.ts';

// Issue 20 item 11: a guest's cart lives in the browser, so the page is what keeps it within the stock;
// at login the server's stock decides what joins the member's cart, and the shopper is told.

test.describe('a guest cart against a small stock', () => {
  // Through the product page, the cart, the back office and the login: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('a guest cannot pass the stock shown; after the stock drops, the login says what the cart kept', async ({
    shopper,
    member,
    catalogue,
    page,
  }) => {
    const tea = await catalogue.product({
      name: unique('烏龍茶'),
      specs: [{ name: '150g', price: 600, salePrice: 450, stock: 3 }],
    });
    const cups = await catalogue.product({
      name: unique('茶杯'),
      specs: [{ name: '白', price: 300, salePrice: 250, stock: 2 }],
    });

    // The product page stops at the 3 left: + greys out, a typed 99 comes back to 3, and it says why.
    await shopper.visit(`/products?t=${tea.product_type_ids[0]}&sn=${tea.id}`);
    const qty = shopper.main.getByRole('textbox', { name: '數量' });
    const more = shopper.main.getByRole('button', { name: '增加數量' });
    await more.click();
    await more.click();
    await expect(qty).toHaveValue('3');
    await expect(more).toBeDisabled();
    await expect(shopper.main.getByRole('status').filter({ hasText: '庫存僅剩 3 件' })).toBeVisible();
    await shopper.main.getByRole('button', { name: '減少數量' }).click();
    await expect(shopper.main.getByRole('status').filter({ hasText: '庫存僅剩' })).toHaveCount(0);
    await qty.fill('99');
    await expect(qty).toHaveValue('3');
    await expect(shopper.main.getByRole('status').filter({ hasText: '庫存僅剩 3 件' })).toBeVisible();
    await shopper.main.getByRole('button', { name: '加入購物車' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已加入購物車' })).toBeVisible();
    await shopper.addToCart(cups);

    // The cart page's field keeps to the stock too.
    await shopper.openCart();
    const teaLine = shopper.cartLine(tea.name);
    await expect(teaLine.getByRole('textbox', { name: '數量' })).toHaveValue('3');
    await expect(teaLine.getByRole('button', { name: '增加數量' })).toBeDisabled();
    const cupsBox = shopper.cartLine(cups.name).getByRole('textbox', { name: '數量' });
    await cupsBox.fill('10');
    await cupsBox.press('Enter');
    await expect(cupsBox).toHaveValue('2');
    await expect(shopper.cartLine(cups.name).getByRole('status').filter({ hasText: '庫存僅剩 2 件' })).toBeVisible();

    // Meanwhile other shoppers buy: one tea is left and the cups are gone.
    await catalogue.setSpecStock(tea.id, tea.product_specs[0]!.id, 1);
    await catalogue.setSpecStock(cups.id, cups.product_specs[0]!.id, 0);

    // Logging in joins the guest's cart: what the stock allowed is kept, and the page says so.
    await shopper.main.getByRole('link', { name: '登入會員並結帳' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/cart');
    await shopper.logInHere(member.account, member.password);
    await expect(page).toHaveURL(/\/cart$/);
    const notices = page.getByRole('region', { name: '購物車調整通知' });
    await expect(notices.getByRole('listitem')).toHaveText([
      `「${tea.name} 150g」庫存僅剩 1 件，已為您保留 1 件`,
      `「${cups.name} 白」已售完，未加入購物車`,
    ]);
    await expect(shopper.cartLines).toHaveCount(1);
    await expect(shopper.cartLine(tea.name).getByRole('textbox', { name: '數量' })).toHaveValue('1');
    await expect(shopper.cartLine(tea.name).getByRole('button', { name: '增加數量' })).toBeDisabled();
    await expect(shopper.cartLink).toHaveAccessibleName('購物車，1 項');

    // Closed, it stays closed: the notice is shown once.
    await notices.getByRole('button', { name: '知道了' }).click();
    await expect(notices).toHaveCount(0);
    await page.reload();
    await shopper.waitUntilInteractive();
    await expect(shopper.cartLine(tea.name)).toBeVisible();
    await expect(notices).toHaveCount(0);
  });
});

import { expect, test } from './support/shopper.ts';

test.describe('a shopper finds products', { tag: '@desktop' }, () => {
  test('chooses a product type from the menu', async ({ shopper }) => {
    await shopper.visitHome();
    const menu = await shopper.openMenu();

    // A level-1 type with children opens its submenu on click (spec §2: the selected state).
    const group = menu.getByRole('button').first();
    await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    const childLink = menu
      .getByRole('link')
      .filter({ visible: true })
      .and(menu.locator('a[href^="/products?t="]'))
      .first();
    await expect(childLink).toBeVisible();

    const href = await childLink.getAttribute('href');
    expect(href).toMatch(/^\/products\?t=\d+$/);
    const navigation = shopper.nextNavigationTo('/products');
    await childLink.click();
    const request = await navigation;
    expect(new URL(request.url()).searchParams.get('t')).toBe(new URLSearchParams(href!.split('?')[1]).get('t'));
    if (shopper.onPhone) await expect(shopper.drawer).toBeHidden(); // choosing an item closes the mobile menu
  });

  test('package types follow the product types with pkg=1', async ({ shopper }) => {
    await shopper.visitHome();
    const menu = await shopper.openMenu();
    await expect(menu.locator('a[href*="pkg=1"]').first()).toBeAttached();
  });

  test('searches from the header with Enter and with the icon', async ({ shopper }) => {
    await shopper.visitHome();
    let navigation = shopper.nextNavigationTo('/searching');
    await shopper.searchFor('烏龍茶');
    expect(new URL((await navigation).url()).searchParams.get('keyword')).toBe('烏龍茶');

    await shopper.visitHome();
    navigation = shopper.nextNavigationTo('/searching');
    await shopper.searchFor('咖啡', 'icon');
    expect(new URL((await navigation).url()).searchParams.get('keyword')).toBe('咖啡');
  });
});

test.describe('a shopper who came through an influencer link', { tag: '@desktop' }, () => {
  test('keeps the referral code on every link and search', async ({ shopper }) => {
    await shopper.visitHome('?code=DEMOKOL');

    await expect(shopper.footer.getByRole('link', { name: '最新消息' })).toHaveAttribute('href', '/news?code=DEMOKOL');
    await expect(shopper.hotProductLinks.first()).toHaveAttribute('href', /[?&]code=DEMOKOL(&|$)/);
    await expect(shopper.header.getByRole('link', { name: /購物車/ })).toHaveAttribute('href', '/cart?code=DEMOKOL');

    const navigation = shopper.nextNavigationTo('/searching');
    await shopper.searchFor('茶');
    const url = new URL((await navigation).url());
    expect(url.searchParams.get('keyword')).toBe('茶');
    expect(url.searchParams.get('code')).toBe('DEMOKOL');
  });
});

import { seriousViolations } from './support/accessibility-checks.ts';
import { ShopMember } from './support/shop-owner.ts';
import { expect, test } from './support/shopper.ts';

// The quality bar: labels, names, contrast and structure hold on every screen a shopper uses, on a
// phone and a desktop. axe-core checks what a machine can (WCAG 2.1 A and AA); keyboard and focus
// order are covered by the stories themselves.

const GUEST_PAGES = [
  ['home', '/'],
  ['product list', '/products?t=1'],
  ['product page', '/products?t=1&sn=1'],
  ['bundles', '/bundles'],
  ['search', '/searching?keyword=%E8%8C%B6'],
  ['news', '/news'],
  ['terms', '/terms/members'],
  ['contact', '/contact'],
  ['order lookup', '/searching-order'],
  ['login', '/login'],
  ['empty cart', '/cart'],
] as const;

test.describe('every screen a shopper uses passes the automatic accessibility checks', { tag: '@desktop' }, () => {
  for (const [name, path] of GUEST_PAGES) {
    test(`${name} (${path})`, async ({ shopper, page }) => {
      await shopper.visit(path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the cart with a line in it', async ({ shopper, catalogue, page }) => {
    const product = await catalogue.product();
    await shopper.addToCart(product);
    await shopper.openCart();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the member centre, the orders and the profile form', async ({ shopper, member, page }) => {
    await shopper.login(member.account, member.password);
    for (const path of ['/member', '/member/orders', '/member/personal-info']) {
      await shopper.visit(path);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  test("the ATM result page and a shipped order's page, with their copy buttons and tracking link", async ({
    shopper,
    member,
    catalogue,
    backOffice,
    request,
    page,
  }) => {
    const product = await catalogue.product();
    await shopper.login(member.account, member.password);
    await shopper.addToCart(product);
    await shopper.openCart();
    await shopper.checkout({ name: member.name, phone: member.account, payment: 'ATM 虛擬帳號' });
    await shopper.takeAtmAccountInSimulator('中國信託（822）');
    await shopper.copyWith(shopper.main.getByRole('region', { name: 'ATM 轉帳資訊' }), '複製繳費帳號');
    expect(await seriousViolations(page), 'ATM result').toEqual([]);

    const order = await (await ShopMember.login(request, member)).placeOrder([product.id], 6);
    await backOffice.shipOrder(order.id, { company: '7-ELEVEN 交貨便', trackingNumber: 'F27394810552' });
    await shopper.openMyOrder(order.order_number);
    expect(await seriousViolations(page), 'shipped order').toEqual([]);
  });
});

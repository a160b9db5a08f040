import { describe, expect, it } from 'vitest';
import type { AfterSalesOrder } from './after-sales-eligibility.ts';
import { DeliveryMethod, OrderStatus, PaymentMethod, PromotionType } from './enums.ts';
import { priceOrder } from './order-pricing.ts';
import { orderActions, orderQuoteViewSchema, totalsOfQuote, type OrderQuoteView } from './order-view.ts';

const priced = priceOrder({
  products: [
    { productId: 1, specId: 10, name: '烏龍茶', specName: '150g', salePrice: 600, qty: 2 },
    { productId: 2, specId: null, name: '茶杯', specName: '', salePrice: 300, qty: 1 },
  ],
  packages: [],
  bundles: [
    {
      id: 7,
      title: '好茶任選2件999',
      discount: { type: PromotionType.CombinedPrice, rule: [{ amount: 2, value: 999 }] },
      productIds: [1],
    },
  ],
  deliveryMethod: DeliveryMethod.LowTemperature,
  shipping: { shippingFee: 100, lowTempShippingFee: 160, freeShippingThreshold: 5000 },
  useBonus: 50,
  levelDiscountPercent: 5,
  coupon: { id: 3, code: 'SAVE100', name: '滿千折百', kind: 1, value: 100, minSpend: 1000 },
});

/** The quote the server writes for that order (order-checkout.service.ts), lines left out. */
const quote: OrderQuoteView = orderQuoteViewSchema.parse({
  product_lines: [],
  package_lines: [],
  bundles: priced.bundles.map((b) => ({
    id: b.id,
    title: b.title,
    discount_type: b.discountType,
    discount_rule: b.discountRule,
    item_count: b.itemCount,
    discount: b.discount,
  })),
  goods_amount: priced.goodsAmount,
  celebrity_discount: priced.celebrityDiscount,
  discount_amount: priced.discountAmount,
  level: { name: '銀卡會員', discount_percent: 5 },
  level_discount: priced.levelDiscount,
  coupon: priced.coupon,
  coupon_discount: priced.couponDiscount,
  coupon_error: priced.couponError,
  net_goods_amount: priced.netGoodsAmount,
  shipping: priced.shipping,
  free_shipping: priced.freeShipping,
  use_bonus: priced.useBonus,
  max_usable_bonus: priced.maxUsableBonus,
  bonus_balance: 80,
  bonus_error: null,
  pay_amount: priced.payAmount,
  celebrity: null,
  problems: [],
});

describe('totalsOfQuote', () => {
  it('gives the cart page the totals the order will have', () => {
    const { products: _products, packages: _packages, ...totals } = priced;
    expect(priced.discountAmount).toBeGreaterThan(0); // the bundle took something off
    expect(priced.shipping).toBe(160);
    expect(priced.levelDiscount).toBeGreaterThan(0);
    expect(priced.couponDiscount).toBe(100);
    expect(totalsOfQuote(quote)).toEqual(totals);
  });
});

describe('orderActions: refund_account', () => {
  const NOW = new Date('2026-06-10T04:00:00Z');
  const order = (o: Partial<AfterSalesOrder>): AfterSalesOrder => ({
    status: OrderStatus.Processing,
    payment_type: PaymentMethod.Transfer,
    is_payment: true,
    is_shipping: false,
    pay_amount: 1100,
    cancel_record: null,
    return_record: null,
    ...o,
  });
  const shipped = { is_shipping: true, ship_date: '2026-06-08T01:00:00Z', status: OrderStatus.Complete };
  it.each([
    ['a paid transfer asks for one with its cancel request', {}, 'request', true],
    ['an unpaid transfer is cancelled at once, without one', { is_payment: false }, 'direct', false],
    ['a paid card order goes back through the provider', { payment_type: PaymentMethod.Credit }, 'request', false],
    [
      'a shipped cash-on-delivery order asks for one with its return',
      { ...shipped, payment_type: PaymentMethod.CashOnDelivery, is_payment: false },
      null,
      true,
    ],
    ['a shipped card order returns without one', { ...shipped, payment_type: PaymentMethod.Credit }, null, false],
    ['an order offering neither request asks for none', { ...shipped, ship_date: '2026-05-01T01:00:00Z' }, null, false],
  ] as const)('%s', (_, change, cancel, refundAccount) => {
    const actions = orderActions(order(change), NOW, 7);
    expect(actions.cancel).toBe(cancel);
    expect(actions.refund_account).toBe(refundAccount);
  });
});

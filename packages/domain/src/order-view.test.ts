import { describe, expect, it } from 'vitest';
import { DeliveryMethod, PromotionType } from './enums.ts';
import { priceOrder } from './order-pricing.ts';
import { orderQuoteViewSchema, totalsOfQuote, type OrderQuoteView } from './order-view.ts';

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
    expect(totalsOfQuote(quote)).toEqual(totals);
  });
});

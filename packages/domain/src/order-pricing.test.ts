import { describe, expect, it } from 'vitest';
import { CouponKind, couponMsg, type CouponOffer } from './coupons.ts';
import { DeliveryMethod, DiscountKind, PromotionType } from './enums.ts';
import { msg } from './messages.ts';
import {
  bonusUseError,
  lineSalePrice,
  priceOrder,
  shippingFeeFor,
  type BundleOffer,
  type PriceOrderInput,
  type ProductLineInput,
  type ShippingSettings,
} from './order-pricing.ts';

const settings: ShippingSettings = { shippingFee: 100, lowTempShippingFee: 160, freeShippingThreshold: 1500 };
const line = (productId: number, salePrice: number, qty: number, extra: Partial<ProductLineInput> = {}) => ({
  productId,
  specId: productId * 10,
  name: `商品${productId}`,
  specName: '標準',
  salePrice,
  qty,
  ...extra,
});
const base: PriceOrderInput = {
  products: [],
  packages: [],
  deliveryMethod: DeliveryMethod.GeneralHome,
  shipping: settings,
};

describe('shippingFeeFor', () => {
  it.each([
    [DeliveryMethod.GeneralHome, 500, settings, 100],
    [DeliveryMethod.LowTemperature, 500, settings, 160],
    [DeliveryMethod.ConvenienceStore, 500, settings, 100],
    [DeliveryMethod.BlackCatPickup, 500, settings, 100],
    [DeliveryMethod.GeneralHome, 1499, settings, 100],
    [DeliveryMethod.GeneralHome, 1500, settings, 0],
    [DeliveryMethod.LowTemperature, 1500, settings, 0],
    [DeliveryMethod.GeneralHome, 0, settings, 0],
    [DeliveryMethod.GeneralHome, 99_999, { ...settings, freeShippingThreshold: null }, 100],
    [DeliveryMethod.GeneralHome, 1, { ...settings, freeShippingThreshold: 0 }, 0],
  ])('method %i, goods %i → fee %i', (method, goods, s, fee) => {
    expect(shippingFeeFor(method, goods, s)).toBe(fee);
  });
});

describe('priceOrder', () => {
  it('sums product and package lines and adds shipping', () => {
    const priced = priceOrder({
      ...base,
      products: [line(1, 300, 2)],
      packages: [{ packageId: 5, name: '禮盒', salePrice: 450, qty: 1 }],
    });
    expect(priced).toMatchObject({
      goodsAmount: 1050,
      celebrityDiscount: 0,
      discountAmount: 0,
      netGoodsAmount: 1050,
      shipping: 100,
      freeShipping: false,
      useBonus: 0,
      maxUsableBonus: 1050,
      payAmount: 1150,
    });
    expect(priced.products[0]).toMatchObject({ unitPrice: 300, lineTotal: 600, bundleId: null });
    expect(priced.packages[0]).toMatchObject({ unitPrice: 450, lineTotal: 450 });
  });

  it('drops lines whose qty is below 1 and floors fractions', () => {
    const priced = priceOrder({ ...base, products: [line(1, 100, 0), line(2, 100, 2.7), line(3, 100, -1)] });
    expect(priced.products.map((l) => [l.productId, l.qty])).toEqual([[2, 2]]);
    expect(priced.goodsAmount).toBe(200);
  });

  it('gives free shipping from the threshold on the net amount (after discounts)', () => {
    const bundle: BundleOffer = {
      id: 1,
      title: '任選',
      discount: { type: PromotionType.AmountDiscount, rule: [{ amount: 2, value: 100 }] },
      productIds: [1],
    };
    // 2 × 800 = 1600 goods, −100 → 1500 net: exactly the threshold, free.
    expect(priceOrder({ ...base, products: [line(1, 800, 2)], bundles: [bundle] })).toMatchObject({
      goodsAmount: 1600,
      discountAmount: 100,
      netGoodsAmount: 1500,
      shipping: 0,
      freeShipping: true,
      payAmount: 1500,
    });
    // 2 × 750 = 1500 goods, −100 → 1400 net: under the threshold, pays shipping.
    expect(priceOrder({ ...base, products: [line(1, 750, 2)], bundles: [bundle] })).toMatchObject({
      netGoodsAmount: 1400,
      shipping: 100,
      payAmount: 1500,
    });
  });

  it.each([
    // [type, rule, lines, expected bundle discount]
    [PromotionType.PercentDiscount, [{ amount: 2, value: 80 }], [line(1, 500, 1), line(2, 300, 1)], 160],
    [PromotionType.PercentDiscount, [{ amount: 2, value: 80 }], [line(1, 500, 3)], 200],
    [PromotionType.AmountDiscount, [{ amount: 3, value: 150 }], [line(1, 200, 2), line(2, 100, 1)], 150],
    [PromotionType.AmountDiscount, [{ amount: 3, value: 150 }], [line(1, 200, 2)], 0],
    [PromotionType.CombinedPrice, [{ amount: 2, value: 999 }], [line(1, 600, 1), line(2, 550, 1)], 151],
    [PromotionType.CombinedPrice, [{ amount: 2, value: 999 }], [line(1, 400, 2)], 0],
  ])('bundle type %i rule %j takes off the right amount', (type, rule, products, expected) => {
    const priced = priceOrder({
      ...base,
      products,
      bundles: [{ id: 9, title: '活動', discount: { type, rule }, productIds: [1, 2] }],
    });
    expect(priced.discountAmount).toBe(expected);
    expect(priced.bundles).toHaveLength(expected > 0 ? 1 : 0);
    if (expected > 0) {
      expect(priced.bundles[0]).toMatchObject({ id: 9, discountType: type, discount: expected });
      expect(priced.products.every((l) => l.bundleId === 9)).toBe(true);
    }
  });

  it('counts a product towards the first listed bundle only, and leaves other products out', () => {
    const first: BundleOffer = {
      id: 1,
      title: 'A',
      discount: { type: PromotionType.AmountDiscount, rule: '[{"amount":2,"value":100}]' },
      productIds: [1, 2],
    };
    const second: BundleOffer = {
      id: 2,
      title: 'B',
      discount: { type: PromotionType.AmountDiscount, rule: '[{"amount":2,"value":300}]' },
      productIds: [2, 3],
    };
    const priced = priceOrder({
      ...base,
      products: [line(1, 500, 1), line(2, 500, 1), line(3, 500, 2), line(4, 500, 1)],
      bundles: [first, second],
    });
    expect(priced.products.map((l) => l.bundleId)).toEqual([1, 1, 2, null]);
    expect(priced.discountAmount).toBe(400);
    expect(priced.bundles.map((b) => [b.id, b.itemCount, b.discount])).toEqual([
      [1, 2, 100],
      [2, 2, 300],
    ]);
  });

  it('lets a later bundle take lines an earlier bundle could not use', () => {
    const priced = priceOrder({
      ...base,
      products: [line(1, 500, 1)],
      bundles: [
        { id: 1, title: 'A', discount: { type: 2, rule: [{ amount: 2, value: 100 }] }, productIds: [1] },
        { id: 2, title: 'B', discount: { type: 1, rule: [{ amount: 1, value: 90 }] }, productIds: [1] },
      ],
    });
    expect(priced.products[0]!.bundleId).toBe(2);
    expect(priced.discountAmount).toBe(50);
  });

  it('ignores a bundle with an unusable rule', () => {
    const priced = priceOrder({
      ...base,
      products: [line(1, 500, 2)],
      bundles: [{ id: 1, title: 'A', discount: { type: 1, rule: 'oops' }, productIds: [1] }],
    });
    expect(priced.discountAmount).toBe(0);
    expect(priced.bundles).toEqual([]);
  });

  it.each([
    [{ type: DiscountKind.Discount, value: 50 }, 450, 100],
    [{ type: DiscountKind.PercentOn, value: 90 }, 450, 100],
    [{ type: DiscountKind.PercentOn, value: 85 }, 425, 150],
    [{ type: DiscountKind.Discount, value: 9999 }, 0, 1000],
    [{ type: DiscountKind.PercentOn, value: 150 }, 500, 0],
    [null, 500, 0],
  ])('influencer discount %j on flagged lines: unit %i, total off %i', (discount, unit, off) => {
    const priced = priceOrder({
      ...base,
      products: [line(1, 500, 2, { celebrity: true }), line(2, 300, 1)],
      celebrityDiscount: discount,
    });
    expect(priced.products[0]!.unitPrice).toBe(unit);
    expect(priced.products[1]!.unitPrice).toBe(300);
    expect(priced.celebrityDiscount).toBe(off);
    expect(priced.goodsAmount).toBe(1300);
    expect(priced.netGoodsAmount).toBe(1300 - off);
  });

  it('applies a bundle to the influencer-discounted unit prices', () => {
    const priced = priceOrder({
      ...base,
      products: [line(1, 500, 2, { celebrity: true })],
      celebrityDiscount: { type: DiscountKind.PercentOn, value: 90 },
      bundles: [{ id: 1, title: 'A', discount: { type: 1, rule: [{ amount: 2, value: 80 }] }, productIds: [1] }],
    });
    // 2 × 450 = 900, 8 折 → 720: the bundle takes 180, the influencer 100.
    expect(priced).toMatchObject({ goodsAmount: 1000, celebrityDiscount: 100, discountAmount: 180 });
    expect(priced.netGoodsAmount).toBe(720);
  });

  it('spends points on goods only, never on shipping', () => {
    const priced = priceOrder({ ...base, products: [line(1, 300, 1)], useBonus: 1000 });
    expect(priced).toMatchObject({ maxUsableBonus: 300, useBonus: 300, shipping: 100, payAmount: 100 });
    expect(priceOrder({ ...base, products: [line(1, 300, 1)], useBonus: 120 }).payAmount).toBe(280);
  });

  it('prices an empty cart at zero', () => {
    expect(priceOrder(base)).toMatchObject({ goodsAmount: 0, shipping: 0, payAmount: 0 });
  });

  it('never returns a negative or fractional amount for bad prices', () => {
    const priced = priceOrder({ ...base, products: [line(1, -100, 1), line(2, 99.6, 1), line(3, Number.NaN, 1)] });
    expect(priced.goodsAmount).toBe(100);
    expect(priced.payAmount).toBe(200);
  });
});

describe('priceOrder with a member level and a coupon (docs/decisions/061)', () => {
  const coupon = (extra: Partial<CouponOffer> = {}): CouponOffer => ({
    id: 7,
    code: 'SAVE100',
    name: '滿千折百',
    kind: CouponKind.Amount,
    value: 100,
    minSpend: 1000,
    ...extra,
  });

  it('takes the level percent off the goods after the bundle, then the coupon off what is left', () => {
    const bundle: BundleOffer = {
      id: 3,
      title: '任選2件9折',
      discount: { type: PromotionType.PercentDiscount, rule: [{ amount: 2, value: 90 }] },
      productIds: [1],
    };
    const priced = priceOrder({
      ...base,
      products: [line(1, 600, 2)],
      bundles: [bundle],
      levelDiscountPercent: 5,
      coupon: coupon(),
    });
    // 1200 − 120 (bundle) = 1080; 5% of it = 54; 1026 reaches the NT$1,000 minimum; −100.
    expect(priced).toMatchObject({
      goodsAmount: 1200,
      discountAmount: 120,
      levelDiscount: 54,
      couponDiscount: 100,
      coupon: { id: 7, code: 'SAVE100', name: '滿千折百', discount: 100 },
      couponError: null,
      netGoodsAmount: 926,
      shipping: 100,
      payAmount: 1026,
    });
  });

  it('stacks the level discount after the influencer discount', () => {
    const priced = priceOrder({
      ...base,
      products: [line(1, 1000, 1, { celebrity: true })],
      celebrityDiscount: { type: DiscountKind.PercentOn, value: 90 },
      levelDiscountPercent: 10,
    });
    expect(priced).toMatchObject({ celebrityDiscount: 100, levelDiscount: 90, netGoodsAmount: 810 });
  });

  it('refuses the coupon below its minimum spend, measured after the other discounts', () => {
    const priced = priceOrder({ ...base, products: [line(1, 1000, 1)], levelDiscountPercent: 5, coupon: coupon() });
    expect(priced).toMatchObject({
      levelDiscount: 50,
      couponDiscount: 0,
      coupon: null,
      couponError: couponMsg.minSpend(1000),
      netGoodsAmount: 950,
      payAmount: 1050,
    });
  });

  it('takes a percent coupon rounded down, and measures free shipping and points after it', () => {
    const priced = priceOrder({
      ...base,
      products: [line(1, 1599, 1)],
      coupon: coupon({ kind: CouponKind.Percent, value: 10, minSpend: 0 }),
      useBonus: 5000,
    });
    expect(priced).toMatchObject({
      couponDiscount: 159,
      netGoodsAmount: 1440,
      shipping: 100,
      maxUsableBonus: 1440,
      useBonus: 1440,
      payAmount: 100,
    });
  });

  it('never takes an amount coupon past the goods', () => {
    const priced = priceOrder({ ...base, products: [line(1, 80, 1)], coupon: coupon({ minSpend: 0 }) });
    expect(priced).toMatchObject({ couponDiscount: 80, netGoodsAmount: 0, shipping: 0, payAmount: 0 });
  });

  it('changes nothing without a level or a coupon', () => {
    const priced = priceOrder({ ...base, products: [line(1, 500, 1)] });
    expect(priced).toMatchObject({ levelDiscount: 0, couponDiscount: 0, coupon: null, couponError: null });
  });
});

describe('bonusUseError', () => {
  it.each([
    [0, 0, 0, null],
    [100, 100, 500, null],
    [500, 1000, 500, null],
    [101, 100, 500, msg.bonusInsufficient],
    [501, 1000, 500, msg.bonusOverLimit(500)],
    [-1, 100, 500, msg.bonusNotInteger],
    [1.5, 100, 500, msg.bonusNotInteger],
    [Number.NaN, 100, 500, msg.bonusNotInteger],
  ])('use %d with balance %d and limit %d → %s', (use, balance, max, expected) => {
    expect(bonusUseError(use, balance, max)).toBe(expected);
  });
});

describe('lineSalePrice', () => {
  it('takes the spec price when the line has a spec, else the product price', () => {
    expect(lineSalePrice({ on_sale_price: 500 }, { on_sale_price: 420 })).toBe(420);
    expect(lineSalePrice({ on_sale_price: 500 }, null)).toBe(500);
  });
});

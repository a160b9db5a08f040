import { describe, expect, it } from 'vitest';
import {
  allowanceItemsOf,
  INVOICE_ITEM_NAME_MAX,
  invoiceItemsOf,
  InvoiceItemsMismatch,
  splitInProportion,
  type InvoiceItem,
  type InvoiceOrder,
} from './invoice-items.ts';

const product = (name: string, unit_price: number, qty: number, product_specs_name = '') => ({
  name,
  product_specs_name,
  unit_price,
  qty,
});

const order = (extra: Partial<InvoiceOrder>): InvoiceOrder => ({
  product_info: [],
  package_info: [],
  bundle_info: [],
  discount_amount: 0,
  shipping: 0,
  use_bonus: 0,
  pay_amount: 0,
  ...extra,
});

/** A line as [name, count, word, price, amount], which reads better in a table than the object. */
const rows = (items: InvoiceItem[]) =>
  items.map((i) => [i.ItemName, i.ItemCount, i.ItemWord, i.ItemPrice, i.ItemAmount]);
const total = (items: InvoiceItem[]) => items.reduce((sum, i) => sum + i.ItemAmount, 0);

const longName = '好'.repeat(INVOICE_ITEM_NAME_MAX + 20);

describe('invoiceItemsOf', () => {
  it.each<[string, InvoiceOrder, (string | number)[][]]>([
    [
      'a plain order: a line per product (name and spec) and package at the price paid',
      order({
        product_info: [product('阿里山高山烏龍茶', 980, 1, '150g'), product('梨山冷泡茶包', 390, 2)],
        package_info: [{ name: '好日子禮盒', unit_price: 1200, qty: 1 }],
        pay_amount: 2960,
      }),
      [
        ['阿里山高山烏龍茶 150g', 1, '件', 980, 980],
        ['梨山冷泡茶包', 2, '件', 390, 780],
        ['好日子禮盒', 1, '件', 1200, 1200],
      ],
    ],
    [
      'with shipping: the fee is a line of its own',
      order({ product_info: [product('茶包', 300, 1)], shipping: 100, pay_amount: 400 }),
      [
        ['茶包', 1, '件', 300, 300],
        ['運費', 1, '式', 100, 100],
      ],
    ],
    [
      'with bundle discounts: a negative line per bundle',
      order({
        product_info: [product('茶包', 300, 3), product('茶杯', 200, 1)],
        bundle_info: [
          { title: '任選 3 件 9 折', discount: 90 },
          { title: '茶杯加購', discount: 20 },
        ],
        discount_amount: 110,
        pay_amount: 990,
      }),
      [
        ['茶包', 3, '件', 300, 900],
        ['茶杯', 1, '件', 200, 200],
        ['組合優惠 任選 3 件 9 折', 1, '式', -90, -90],
        ['組合優惠 茶杯加購', 1, '式', -20, -20],
      ],
    ],
    [
      'an older order without its bundle snapshot: the stored discount as one line',
      order({ product_info: [product('茶包', 300, 3)], discount_amount: 90, pay_amount: 810 }),
      [
        ['茶包', 3, '件', 300, 900],
        ['組合優惠', 1, '式', -90, -90],
      ],
    ],
    [
      'with bonus points: a negative line after the shipping fee',
      order({ product_info: [product('茶包', 300, 2)], shipping: 100, use_bonus: 150, pay_amount: 550 }),
      [
        ['茶包', 2, '件', 300, 600],
        ['運費', 1, '式', 100, 100],
        ['紅利點數折抵', 1, '式', -150, -150],
      ],
    ],
    [
      'a free gift stays on the invoice at NT$0',
      order({ product_info: [product('茶包', 300, 1), product('試飲包（贈品）', 0, 1)], pay_amount: 300 }),
      [
        ['茶包', 1, '件', 300, 300],
        ['試飲包（贈品）', 1, '件', 0, 0],
      ],
    ],
  ])('%s', (_, o, expected) => {
    const { amount, items } = invoiceItemsOf(o);
    expect(rows(items)).toEqual(expected);
    expect(amount).toBe(o.pay_amount);
    expect(total(items)).toBe(amount);
    expect(items.map((i) => i.ItemSeq)).toEqual(expected.map((_, i) => i + 1));
    expect(items.every((i) => i.ItemTaxType === '1')).toBe(true);
  });

  it('lists the level discount and the coupon as negative lines, adding up to what was paid', () => {
    const o = order({
      product_info: [product('茶包', 500, 2)],
      bundle_info: [{ title: '任選2件9折', discount: 100 }],
      discount_amount: 100,
      level_discount: 45,
      coupon_code: 'SAVE100',
      coupon_discount: 100,
      use_bonus: 5,
      shipping: 100,
      pay_amount: 850,
    });
    const { amount, items } = invoiceItemsOf(o);
    expect(rows(items)).toEqual([
      ['茶包', 2, '件', 500, 1000],
      ['運費', 1, '式', 100, 100],
      ['組合優惠 任選2件9折', 1, '式', -100, -100],
      ['會員等級折扣', 1, '式', -45, -45],
      ['優惠券折抵 SAVE100', 1, '式', -100, -100],
      ['紅利點數折抵', 1, '式', -5, -5],
    ]);
    expect(total(items)).toBe(amount);
  });

  it('cuts a long name to ItemName String(500) by characters, spec included', () => {
    const { items } = invoiceItemsOf(order({ product_info: [product(longName, 100, 1, '大')], pay_amount: 100 }));
    expect(Array.from(items[0]!.ItemName)).toHaveLength(INVOICE_ITEM_NAME_MAX);
    expect(items[0]!.ItemName).toBe('好'.repeat(INVOICE_ITEM_NAME_MAX));
  });

  it('never cuts a character outside the basic plane in half', () => {
    const name = '🍵'.repeat(INVOICE_ITEM_NAME_MAX + 1);
    const { items } = invoiceItemsOf(order({ product_info: [product(name, 100, 1)], pay_amount: 100 }));
    expect(items[0]!.ItemName).toBe('🍵'.repeat(INVOICE_ITEM_NAME_MAX));
  });

  it('refuses an order whose lines do not add up to what was paid', () => {
    const wrong = order({ product_info: [product('茶包', 300, 2)], pay_amount: 500 });
    expect(() => invoiceItemsOf(wrong)).toThrow(InvoiceItemsMismatch);
    expect(() => invoiceItemsOf(wrong)).toThrow('NT$600');
  });
});

describe('splitInProportion', () => {
  it.each<[number, number[], number[]]>([
    [100, [600, 400], [60, 40]],
    // 100 × 1/3 each: 33 + 33 + 33 leaves NT$1, given to the first of the equal fractions.
    [100, [300, 300, 300], [34, 33, 33]],
    // Exact shares 33.33…, 66.66…: the NT$1 left goes to the larger fraction.
    [100, [100, 200], [33, 67]],
    [0, [500, 200], [0, 0]],
    [50, [500, 0, 200], [36, 0, 14]],
    [10, [], []],
  ])('%i over %j → %j', (amount, weights, shares) => {
    const got = splitInProportion(amount, weights);
    expect(got).toEqual(shares);
    expect(got.reduce((a, b) => a + b, 0)).toBe(weights.length ? amount : 0);
  });
});

describe('allowanceItemsOf (the whole order given back)', () => {
  it.each<[string, InvoiceOrder, (string | number)[][]]>([
    [
      'no discount: the invoice lines as they are',
      order({ product_info: [product('茶包', 300, 2)], shipping: 100, pay_amount: 700 }),
      [
        ['茶包', 2, '件', 300, 600],
        ['運費', 1, '式', 100, 100],
      ],
    ],
    [
      'discount and points folded into the goods in proportion, shipping whole',
      order({
        product_info: [product('茶包', 300, 2), product('茶杯', 400, 1)],
        bundle_info: [{ title: '滿千折百', discount: 100 }],
        discount_amount: 100,
        use_bonus: 50,
        shipping: 100,
        pay_amount: 950,
      }),
      [
        // 150 off 1000: 600 → 510 (2 × 255), 400 → 340.
        ['茶包', 2, '件', 255, 510],
        ['茶杯', 1, '件', 340, 340],
        ['運費', 1, '式', 100, 100],
      ],
    ],
    [
      'a rounding remainder: a line no longer a multiple of its count is split into whole NT$ units',
      order({
        product_info: [product('茶包', 100, 3), product('茶杯', 100, 3)],
        use_bonus: 100,
        pay_amount: 500,
      }),
      [
        // 100 off 600 in halves: 300 → 250 = 2 × 83 + 1 × 84.
        ['茶包', 2, '件', 83, 166],
        ['茶包', 1, '件', 84, 84],
        ['茶杯', 2, '件', 83, 166],
        ['茶杯', 1, '件', 84, 84],
      ],
    ],
    [
      'a rounding remainder between lines goes to the largest fraction',
      order({ product_info: [product('茶包', 100, 1), product('茶杯', 200, 1)], use_bonus: 100, pay_amount: 200 }),
      [
        // Exact shares 33.3 and 66.6 → 33 and 67 off.
        ['茶包', 1, '件', 67, 67],
        ['茶杯', 1, '件', 133, 133],
      ],
    ],
    [
      'a free gift is left out: nothing is given back for it',
      order({ product_info: [product('茶包', 300, 1), product('試飲包（贈品）', 0, 1)], pay_amount: 300 }),
      [['茶包', 1, '件', 300, 300]],
    ],
  ])('%s', (_, o, expected) => {
    const { amount, items } = allowanceItemsOf(o);
    expect(rows(items)).toEqual(expected);
    expect(total(items)).toBe(amount);
    expect(amount).toBe(o.pay_amount);
    expect(items.every((i) => i.ItemAmount > 0 && i.ItemAmount === i.ItemCount * i.ItemPrice)).toBe(true);
  });

  it('folds the level discount and the coupon in as it folds a bundle (docs/decisions/061)', () => {
    const o = order({
      product_info: [product('茶包', 500, 2)],
      level_discount: 50,
      coupon_code: 'SAVE100',
      coupon_discount: 100,
      shipping: 100,
      pay_amount: 950,
    });
    expect(rows(allowanceItemsOf(o).items)).toEqual([
      ['茶包', 2, '件', 425, 850],
      ['運費', 1, '式', 100, 100],
    ]);
  });

  it('refuses discounts larger than the goods', () => {
    const wrong = order({ product_info: [product('茶包', 100, 1)], use_bonus: 150, pay_amount: -50 });
    expect(() => allowanceItemsOf(wrong)).toThrow(InvoiceItemsMismatch);
  });
});

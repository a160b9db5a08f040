import { describe, expect, it } from 'vitest';
import { celebrityDiscountFor, descriptionTabs, findTypePath, specOffers } from './catalogue-detail.ts';

describe('descriptionTabs', () => {
  it.each<[string, string[] | null, Array<string | null>, Array<{ title: string; html: string }>]>([
    [
      'pairs titles with description1 and description2',
      ['商品介紹', '規格說明'],
      ['<p>a</p>', '<p>b</p>'],
      [
        { title: '商品介紹', html: '<p>a</p>' },
        { title: '規格說明', html: '<p>b</p>' },
      ],
    ],
    [
      'drops titles with nothing to show',
      ['商品介紹', '規格說明', '注意事項'],
      ['<p>a</p>', '<p>b</p>'],
      [
        { title: '商品介紹', html: '<p>a</p>' },
        { title: '規格說明', html: '<p>b</p>' },
      ],
    ],
    [
      'gives a default title',
      null,
      ['<p>a</p>', '<p>b</p>'],
      [
        { title: '商品介紹', html: '<p>a</p>' },
        { title: '商品規格', html: '<p>b</p>' },
      ],
    ],
    [
      'skips an empty description but keeps the other one under its own title',
      ['介紹', '規格'],
      ['  ', '<p>b</p>'],
      [{ title: '規格', html: '<p>b</p>' }],
    ],
    ['has no tabs without descriptions', ['介紹'], [null, ''], []],
    [
      'treats a blank title as missing',
      ['  ', ''],
      ['a', 'b'],
      [
        { title: '商品介紹', html: 'a' },
        { title: '商品規格', html: 'b' },
      ],
    ],
  ])('%s', (_, titles, descriptions, expected) => {
    expect(descriptionTabs(titles, descriptions)).toEqual(expected);
  });
});

describe('specOffers', () => {
  const specs = [
    { id: 1, name: '75g', price: 600, on_sale_price: 480, stock: 3 },
    { id: 2, name: '150g', price: 1100, on_sale_price: 1100, sold_out: true },
  ];

  it('keeps each spec its own prices and stock (null when not tracked)', () => {
    expect(specOffers(specs)).toEqual([
      { id: 1, name: '75g', price: 600, salePrice: 480, soldOut: false, stock: 3 },
      { id: 2, name: '150g', price: 1100, salePrice: 1100, soldOut: true, stock: null },
    ]);
  });

  it('lowers each sale price by the celebrity discount (spec §5)', () => {
    expect(specOffers(specs, { type: 2, value: 90 }).map((s) => s.salePrice)).toEqual([432, 990]);
    expect(specOffers(specs, { type: 1, value: 500 }).map((s) => s.salePrice)).toEqual([0, 600]);
  });
});

describe('celebrityDiscountFor', () => {
  const influencer = { celebrity_discount: { type: 1, value: 50 } };
  const relations = [{ product: { id: 7 } }, { product: { id: 9 } }];

  it.each<
    [string, number, typeof influencer | null | { celebrity_discount: null }, { type: number; value: number } | null]
  >([
    ['a recommended product gets the discount', 9, influencer, { type: 1, value: 50 }],
    ['another product does not', 8, influencer, null],
    ['no influencer, no discount', 9, null, null],
    ['an influencer without a discount', 9, { celebrity_discount: null }, null],
  ])('%s', (_, productId, who, expected) => {
    expect(celebrityDiscountFor(productId, who, relations)).toEqual(expected);
  });
});

describe('findTypePath', () => {
  const tree = [
    {
      id: 1,
      name: '保養品',
      childs: [
        { id: 4, name: '臉部保養' },
        { id: 5, name: '身體保養' },
      ],
    },
    { id: 2, name: '台灣茶', childs: [] },
  ];

  it('finds a level-1 type with its children', () => {
    expect(findTypePath(tree, 1)).toEqual({
      parent: null,
      type: { id: 1, name: '保養品' },
      neighbours: [
        { id: 4, name: '臉部保養' },
        { id: 5, name: '身體保養' },
      ],
    });
  });

  it('finds a child with its parent and siblings', () => {
    expect(findTypePath(tree, 5)).toEqual({
      parent: { id: 1, name: '保養品' },
      type: { id: 5, name: '身體保養' },
      neighbours: [
        { id: 4, name: '臉部保養' },
        { id: 5, name: '身體保養' },
      ],
    });
  });

  it('answers null for a type that is not shown', () => {
    expect(findTypePath(tree, 99)).toBeNull();
    expect(findTypePath([], 1)).toBeNull();
  });
});

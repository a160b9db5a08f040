import { describe, expect, it } from 'vitest';
import { productCreateSchema, stockSchema } from './admin-catalogue-schemas.ts';
import { indexAreaCreateSchema, newsCreateSchema } from './admin-content-records.ts';
import { withTaipeiOffset } from './admin-forms.ts';
import { shippingSettingsSchema, siteSettingsSchema } from './admin-settings-schemas.ts';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('withTaipeiOffset', () => {
  it.each([
    ['2026-06-01T09:00', '2026-06-01T09:00:00+08:00'],
    ['2026-06-01T09:00:30', '2026-06-01T09:00:30+08:00'],
    ['2026-06-01T01:00:00Z', '2026-06-01T01:00:00Z'],
    ['明天', '明天'],
  ])('%s → %s', (input, expected) => {
    expect(withTaipeiOffset(input)).toBe(expected);
  });
});

describe('stockSchema', () => {
  it.each<[unknown, number | null]>([
    ['', null],
    [null, null],
    [undefined, null],
    ['12', 12],
    [' 3 ', 3],
    [0, 0],
  ])('reads %j as %j', (input, expected) => {
    expect(stockSchema.parse(input)).toBe(expected);
  });
  it.each([['-1'], ['1.5'], ['abc']])('refuses %j', (input) => {
    expect(stockSchema.safeParse(input).success).toBe(false);
  });
});

describe('productCreateSchema', () => {
  const valid = {
    name: '茶',
    pics: ['a.webp'],
    status: 'on',
    product_type_ids: ['3'],
    internet_celebrity: 'on',
    activity_start_time: '',
    activity_end_time: '',
    specs: [{ name: '罐', price: '100', on_sale_price: '90', stock: '' }],
  };

  it('reads what a form sends: strings, checkboxes, blanks', () => {
    expect(productCreateSchema.parse(valid)).toMatchObject({
      status: 1,
      tag_type: 0,
      index_id: 0,
      product_type_ids: [3],
      internet_celebrity: true,
      activity_start_time: null,
      description_titles: [],
      specs: [{ id: null, name: '罐', price: 100, on_sale_price: 90, stock: null }],
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'a sale price above the price',
      { specs: [{ name: 'x', price: 1, on_sale_price: 2 }] },
      'specs.0.on_sale_price',
      '售價不可高於原價',
    ],
    ['11 pictures', { pics: Array.from({ length: 11 }, (_, i) => `p${i}.webp`) }, 'pics', '最多 10 張圖片'],
    ['a repeated type', { product_type_ids: [3, 3] }, 'product_type_ids', '分類不可重複'],
    [
      'a title over 20 characters',
      { description_titles: ['一二三四五六七八九十一二三四五六七八九十一'] },
      'description_titles.0',
      '最多 20 字',
    ],
  ])('refuses %s', (_case, change, path, message) => {
    expect(issues(productCreateSchema.safeParse({ ...valid, ...change }))).toContainEqual([path, message]);
  });
});

describe('content and settings schemas', () => {
  it('an Article home area needs text, a Carousel one a picture', () => {
    expect(issues(indexAreaCreateSchema.safeParse({ name: 'a', types: 'Article', status: 1 }))).toContainEqual([
      'content',
      '此欄位為必填',
    ]);
    expect(issues(indexAreaCreateSchema.safeParse({ name: 'a', types: 'Carousel', status: 1 }))).toContainEqual([
      'pics',
      '請至少上傳一張圖片',
    ]);
  });

  it('news without a time is published when saved (null), a local time is Taipei time', () => {
    expect(newsCreateSchema.parse({ title: 't', status: 1 }).post_at).toBeNull();
    expect(newsCreateSchema.parse({ title: 't', status: 1, post_at: '2026-01-02T08:00' }).post_at).toBe(
      '2026-01-02T08:00:00+08:00',
    );
  });

  it('a blank free-shipping threshold means never free; a settings row may be new (version 0)', () => {
    expect(
      shippingSettingsSchema.parse({
        shipping_fee: '100',
        low_temp_shipping_fee: '160',
        free_shipping_threshold: '',
        return_days: '7',
        version: '0',
      }),
    ).toEqual({
      shipping_fee: 100,
      low_temp_shipping_fee: 160,
      free_shipping_threshold: null,
      return_days: 7,
      version: 0,
    });
  });

  it('accepts a valid tax id and an empty one', () => {
    const base = { website_title: 'x', version: 1 };
    expect(siteSettingsSchema.safeParse({ ...base, service_tax_id: '' }).success).toBe(true);
    expect(siteSettingsSchema.safeParse({ ...base, service_tax_id: '04595257' }).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  bundleCreateSchema,
  CATALOGUE_RECORD_KINDS,
  packageCreateSchema,
  packageTypeUpdateSchema,
  tagInputSchema,
} from './admin-catalogue-records.ts';
import {
  carouselCreateSchema,
  CONTENT_RECORD_KINDS,
  indexAreaCreateSchema,
  newsCreateSchema,
} from './admin-content-records.ts';
import { couponCreateSchema } from './admin-coupon-records.ts';
import { COURSE_RECORD_KINDS, courseCreateSchema } from './admin-course-records.ts';
import type { FieldDef } from './admin-record-kind.ts';
import { pieceOf, requestSchemasOf } from './admin-record-request.ts';
import { couponMsg } from './coupons.ts';
import { msg } from './messages.ts';

type Parsed = { success: boolean; data?: unknown; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issues = (result: Parsed) => (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('the request piece of a field', () => {
  const text: FieldDef = { type: 'text', name: 'name', label: '名稱', required: true, max: 5 };
  const note: FieldDef = { type: 'textarea', name: 'note', label: '備註', max: 5 };
  const type: FieldDef = {
    type: 'select',
    name: 'type_id',
    label: '分類',
    required: true,
    options: { source: 'types' },
  };
  const parent: FieldDef = { type: 'select', name: 'parent_id', label: '上層', options: { source: 'parents' } };
  const slide: FieldDef = { type: 'picture', name: 'pic', label: '圖', max: 1, required: true };
  const cover: FieldDef = { type: 'picture', name: 'pic', label: '圖', max: 1 };
  const pics: FieldDef = { type: 'picture', name: 'pics', label: '圖', max: 3, required: true };
  const extraPics: FieldDef = { type: 'picture', name: 'pics', label: '圖', max: 3 };
  const picked: FieldDef = {
    type: 'picker',
    name: 'ids',
    label: '商品',
    source: () => 'products',
    max: 2,
    required: true,
  };
  const articles: FieldDef = { type: 'picker', name: 'ids', label: '文章', source: () => 'articles', max: 2 };
  const day: FieldDef = { type: 'date', name: 'day', label: '日' };
  const time: FieldDef = { type: 'datetime', name: 'at', label: '時' };
  const shown: FieldDef = { type: 'status', name: 'status', label: '顯示' };

  it.each<[string, FieldDef, unknown, unknown]>([
    ['a required text, trimmed', text, ' 茶 ', '茶'],
    ['an optional text left out', note, undefined, ''],
    ['a select of a loaded list', type, '3', 3],
    ['an optional select left blank', parent, '', null],
    ['an optional picture left out', cover, undefined, ''],
    ['an optional picture list left out', extraPics, undefined, []],
    ['picked ids sent as strings', picked, ['2', '1'], [2, 1]],
    ['a day left blank', day, '', null],
    ['a datetime-local in shop time', time, '2026-06-01T09:00', '2026-06-01T09:00:00+08:00'],
    ['a ticked checkbox', shown, 'on', 1],
  ])('reads %s', (_, field, value, expected) => {
    expect(pieceOf(field).parse(value)).toEqual(expected);
  });

  it.each<[string, FieldDef, unknown, string]>([
    ['a blank required text', text, '  ', msg.required],
    ['a text over its max', text, '一二三四五六', msg.maxLength(5)],
    ['a textarea over its max', note, '一二三四五六', msg.maxLength(5)],
    ['a required select left blank', type, '', msg.invalidId],
    ['a required picture left out', slide, '', '請上傳圖片'],
    ['a picture path climbing out', cover, '../a.png', '圖片路徑格式錯誤'],
    ['no picture where one is needed', pics, [], msg.uploadAtLeastOne],
    ['more pictures than its max', extraPics, ['a.png', 'b.png', 'c.png', 'd.png'], '最多 3 張圖片'],
    ['nothing picked where one is needed', picked, [], '請至少選擇一項商品'],
    ['more picked than its max', picked, [1, 2, 3], '最多 2 個商品'],
    ['an article picked twice', articles, [4, 4], '文章不可重複'],
    ['an impossible day', day, '2026-02-30', '日期格式應為 yyyy-MM-dd'],
    ['a datetime that is no time', time, '明天', '日期時間格式錯誤'],
  ])('refuses %s', (_, field, value, message) => {
    expect(issues(pieceOf(field).safeParse(value)).map(([, m]) => m)).toEqual([message]);
  });

  it.each<[string, FieldDef]>([
    ['a number, whose meaning its type does not say', { type: 'number', name: 'n', label: 'n' }],
    ['a text without a max', { type: 'text', name: 'link', label: '連結' }],
    ['a select of fixed choices', { type: 'select', name: 'k', label: 'k', options: [{ value: 1, label: '一' }] }],
    ['lines', { type: 'lines', name: 'titles', label: '標題' }],
  ])('asks the description for the piece of %s', (_, field) => {
    expect(() => pieceOf(field)).toThrow(/give the field its input/);
  });
});

describe('requestSchemasOf', () => {
  const fields = [
    { type: 'text', name: 'name', label: '名稱', required: true, max: 10 },
    { type: 'number', name: 'rule.0.value', label: '值' },
    { type: 'status', name: 'status', label: '上架' },
  ] as const satisfies readonly FieldDef[];
  const { create, update } = requestSchemasOf(fields, {
    more: { note: pieceOf({ type: 'textarea', name: 'note', label: '備註', max: 10 }) },
    check: (value, ctx) => {
      if (value.name === value.note) ctx.addIssue({ code: 'custom', path: ['note'], message: '不可與名稱相同' });
    },
  });

  it('takes the form fields and the additions, not the parts of a nested list', () => {
    expect(create.parse({ name: '茶', status: 'on' })).toEqual({ name: '茶', status: 1, note: '' });
    const unknown = create.safeParse({ name: '茶', 'rule.0.value': 1 });
    expect(unknown.success).toBe(false);
    expect(issues(unknown).map(([path]) => path)).toEqual(['']);
  });

  it('checks across fields once every field has its type', () => {
    expect(issues(create.safeParse({ name: '茶', note: '茶' }))).toEqual([['note', '不可與名稱相同']]);
    expect(issues(create.safeParse({ name: 3, note: '3' }))).toEqual([['name', msg.required]]);
  });

  it('updates with the version the form was opened with, and creates without one', () => {
    expect(update.parse({ name: '茶', version: '3' })).toMatchObject({ version: 3 });
    expect(issues(update.safeParse({ name: '茶' }))).toEqual([['version', '缺少版本資訊，請重新整理後再試']]);
    expect(create.safeParse({ name: '茶', version: 3 }).success).toBe(false);
  });

  it.each(
    Object.values({ ...CATALOGUE_RECORD_KINDS, ...COURSE_RECORD_KINDS, ...CONTENT_RECORD_KINDS }).map((k) => [
      k.path,
      k,
    ]),
  )('finds a request piece for every field of %s', (_, kind) => {
    expect(() => requestSchemasOf(kind.fields)).not.toThrow();
  });
});

describe('the requests of the record kinds', () => {
  const pkg = {
    package_type_id: '3',
    name: '禮盒',
    pics: ['a.webp'],
    price: '1000',
    on_sale_price: '900',
    stock: '',
    status: 'on',
    description_titles: ['組合內容'],
  };
  const bundle = {
    title: '任選',
    discount_type: '1',
    discount_rule: [{ amount: '2', value: '85' }],
    activity_start_time: '2026-06-01T09:00',
    activity_end_time: '',
    product_ids: ['1'],
  };
  const course = { course_type_id: '2', name: '課', price: '500', on_sale_price: '400', start_date: '' };
  const area = { name: '區', types: 'Article', content: '<p>關於</p>' };
  const coupon = { code: 'summer', name: '夏', kind: '1', value: '100', per_member_once: '1', status: 'on' };

  it.each<[string, { safeParse: (v: unknown) => Parsed }, unknown]>([
    ['a package with a blank stock', packageCreateSchema, pkg],
    ['a package with its own main picture', packageCreateSchema, { ...pkg, banner: 'b.webp' }],
    ['a bundle', bundleCreateSchema, bundle],
    ['a tag without products', tagInputSchema, { name: '茶', ids: [] }],
    ['a course', courseCreateSchema, course],
    ['news with attachments the form does not show', newsCreateSchema, { title: '新', file: ['a.pdf'] }],
    ['a carousel slide', carouselCreateSchema, { position: '1', pic: 'a.png', link: '/bundles' }],
    ['an article home area', indexAreaCreateSchema, area],
    ['a coupon', couponCreateSchema, coupon],
    ['a package type update', packageTypeUpdateSchema, { name: '禮盒', version: 1 }],
  ])('takes %s', (_, schema, body) => {
    expect(issues(schema.safeParse(body))).toEqual([]);
  });

  it.each<[string, { safeParse: (v: unknown) => Parsed }, unknown, [string, string][]]>([
    [
      'a package on sale above its price',
      packageCreateSchema,
      { ...pkg, on_sale_price: '1001' },
      [['on_sale_price', '售價不可高於原價']],
    ],
    ['a package without pictures', packageCreateSchema, { ...pkg, pics: [] }, [['pics', msg.uploadAtLeastOne]]],
    [
      'a package tab title too long',
      packageCreateSchema,
      { ...pkg, description_titles: ['一'.repeat(21)] },
      [['description_titles.0', msg.maxLength(20)]],
    ],
    ['a package with a negative stock', packageCreateSchema, { ...pkg, stock: '-1' }, [['stock', '庫存不可小於 0']]],
    [
      'a course on sale above its price',
      courseCreateSchema,
      { ...course, on_sale_price: '600' },
      [['on_sale_price', '售價不可高於原價']],
    ],
    [
      'a bundle ending before it starts',
      bundleCreateSchema,
      { ...bundle, activity_end_time: '2026-05-01T09:00' },
      [['activity_end_time', '結束時間不可早於開始時間']],
    ],
    [
      'a bundle at 100 percent',
      bundleCreateSchema,
      { ...bundle, discount_rule: [{ amount: 2, value: 100 }] },
      [['discount_rule.0.value', '折數須為 1 到 99（80 為 8 折）']],
    ],
    [
      'a bundle of no product',
      bundleCreateSchema,
      { ...bundle, product_ids: [] },
      [['product_ids', '請至少選擇一項商品']],
    ],
    [
      'a bundle without its rule',
      bundleCreateSchema,
      { ...bundle, discount_rule: [] },
      [['discount_rule', '請填寫優惠規則']],
    ],
    [
      'a bundle of an unknown type',
      bundleCreateSchema,
      { ...bundle, discount_type: '4' },
      [['discount_type', '請選擇優惠方式']],
    ],
    ['a tag without its product list', tagInputSchema, { name: '茶' }, [['ids', msg.badRequest]]],
    [
      'a carousel in no section',
      carouselCreateSchema,
      { position: '9', pic: 'a.png' },
      [['position', '請選擇顯示位置']],
    ],
    [
      'a carousel linking off-site without http',
      carouselCreateSchema,
      { position: '1', pic: 'a.png', link: '//x' },
      [['link', '連結須為 / 開頭的站內路徑或 http(s) 網址']],
    ],
    [
      'an article home area without text',
      indexAreaCreateSchema,
      { ...area, content: ' ' },
      [['content', msg.required]],
    ],
    [
      'a picture home area without pictures',
      indexAreaCreateSchema,
      { ...area, types: 'Carousel' },
      [['pics', msg.uploadAtLeastOne]],
    ],
    ['a home area of no type', indexAreaCreateSchema, { ...area, types: 'x' }, [['types', '請選擇區塊類型']]],
    [
      'a percent coupon over its max',
      couponCreateSchema,
      { ...coupon, kind: '2', value: '95' },
      [['value', couponMsg.percentRange]],
    ],
    [
      'a coupon ending before it starts',
      couponCreateSchema,
      { ...coupon, valid_from: '2026-07-01T00:00', valid_until: '2026-06-01T00:00' },
      [['valid_until', couponMsg.windowOrder]],
    ],
    [
      'a coupon with a limit of 0',
      couponCreateSchema,
      { ...coupon, usage_limit: '0' },
      [['usage_limit', couponMsg.limitRange]],
    ],
  ])('refuses %s', (_, schema, body, expected) => {
    expect(issues(schema.safeParse(body))).toEqual(expected);
  });
});

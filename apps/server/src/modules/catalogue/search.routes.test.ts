import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Status } from '@shop/domain';
import { packageTypes, productPackages, type products, productTypes, tags } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertCatalogueProduct } from './catalogue-fixtures.ts';

const NOW = new Date('2026-06-01T04:00:00Z');
const day = 86_400_000;
let t: TestApp;
const ids: Record<string, number> = {};

async function addProduct(name: string, extra: Partial<typeof products.$inferInsert> = {}, typeIds: number[] = []) {
  ids[name] = await insertCatalogueProduct(
    t.db,
    { name, price: 500, onSalePrice: 450, ...extra },
    { spec: { name: '單入', price: 500, onSalePrice: 450 }, typeIds },
  );
  return ids[name];
}

type Hit = { kind: string; name: string; description2: string };
const names = (res: { json(): { data: Hit[] } }) => res.json().data.map((h) => h.name);
const search = (query: string) => t.guest('GET', `/api/v1/search?${query}`);
const kw = (keyword: string, extra = '') => search(`keyword=${encodeURIComponent(keyword)}${extra}`);

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  await addProduct('阿里山高山烏龍茶', { indexId: 3, description1: '花香清揚' });
  await addProduct('文山包種茶', { indexId: 2, description2: '<p>清香型<strong>烏龍茶</strong></p>' });
  await addProduct('衣索比亞咖啡豆', { indexId: 1, description1: '莓果調性的烏龍茶感' });
  await addProduct('梨山冷泡茶包', { indexId: 4 });
  await addProduct('過期烏龍茶', { activityEndTime: new Date(NOW.getTime() - day) });
  await addProduct('停售烏龍茶', { status: Status.InActive });
  await addProduct('網紅烏龍茶', { internetCelebrity: true });
  await addProduct('百分之百 100% 果汁', { indexId: 5 });
  await addProduct('A_B 測試品', { indexId: 6 });
  await addProduct('Oolong Tea Bags', { indexId: 7 });
  await addProduct('危險描述', {
    indexId: 8,
    description2: '<p>好茶</p><script>alert(1)</script><img src=x onerror="alert(2)">',
  });

  const [pkgType] = await t.db.insert(packageTypes).values({ name: '茶禮盒' }).returning();
  const [hiddenType] = await t.db.insert(packageTypes).values({ name: '停用類', status: Status.InActive }).returning();
  await t.db.insert(productPackages).values([
    {
      packageTypeId: pkgType!.id,
      name: '舊烏龍茶禮盒',
      price: 1200,
      onSalePrice: 999,
      createdAt: new Date(NOW.getTime() - 3 * day),
    },
    {
      packageTypeId: pkgType!.id,
      name: '新春茶禮',
      description2: '<p>內含烏龍茶兩罐</p>',
      price: 1500,
      onSalePrice: 1500,
      createdAt: new Date(NOW.getTime() - day),
    },
    { packageTypeId: pkgType!.id, name: '停售烏龍茶禮盒', price: 1, onSalePrice: 1, status: Status.InActive },
    { packageTypeId: hiddenType!.id, name: '停用類烏龍茶禮盒', price: 1, onSalePrice: 1 },
  ]);

  // A tag named like the keyword lists its products first, in its own order (spec §5).
  await t.db.insert(tags).values([
    {
      name: '烏龍茶',
      ids: JSON.stringify([{ id: ids['梨山冷泡茶包'] }, { id: ids['阿里山高山烏龍茶'] }, { id: ids['過期烏龍茶'] }]),
      indexId: 1,
    },
    { name: '烏龍茶', ids: JSON.stringify([{ id: ids['網紅烏龍茶'] }, { id: ids['梨山冷泡茶包'] }]), indexId: 2 },
    { name: '烏龍茶', ids: JSON.stringify([{ id: ids['衣索比亞咖啡豆'] }]), status: Status.InActive, indexId: 3 },
    { name: '壞標籤', ids: 'not json' },
  ]);

  // issue 20: the shop's categories as search words.
  const [care] = await t.db.insert(productTypes).values({ name: '保養品', level: 1, indexId: 1 }).returning();
  const [face, body] = await t.db
    .insert(productTypes)
    .values([
      { name: '臉部保養', level: 2, parentId: care!.id, indexId: 1 },
      { name: '身體保養', level: 2, parentId: care!.id, indexId: 2 },
    ])
    .returning();
  const [hiddenCare] = await t.db
    .insert(productTypes)
    .values({ name: '停用保養', level: 1, status: Status.InActive, indexId: 3 })
    .returning();
  const typed: Array<[string, number, Partial<typeof products.$inferInsert>?]> = [
    ['護手霜', body!.id, { indexId: 20 }],
    ['乳木果身體乳', body!.id, { indexId: 21 }],
    ['玫瑰精華液', face!.id, { indexId: 22 }],
    ['潔顏慕斯', care!.id, { indexId: 23 }],
    ['舊款化妝水', face!.id, { indexId: 24, status: Status.InActive }],
    ['過季面膜', face!.id, { indexId: 25, activityEndTime: new Date(NOW.getTime() - day) }],
    ['洗髮精', hiddenCare!.id, { indexId: 26 }],
  ];
  for (const [name, typeId, extra] of typed) {
    await addProduct(name, extra, [typeId]);
  }
  await addProduct('竹炭牙刷', { indexId: 19, description1: '日常口腔保養' });
  await t.db.insert(tags).values({ name: '保養', ids: JSON.stringify([{ id: ids['潔顏慕斯'] }]), indexId: 4 });
});

afterAll(() => t?.close());

describe('GET /search (spec §5)', () => {
  it('lists tag products first, then products by index_id, then packages newest first', async () => {
    const res = await kw('烏龍茶');
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual([
      '梨山冷泡茶包', // tag order, although its name does not contain the keyword
      '阿里山高山烏龍茶', // tag order; listed once although it matches by name too
      '衣索比亞咖啡豆', // description1, index_id 1
      '文山包種茶', // description2, index_id 2
      '新春茶禮', // package, newer, by description2
      '舊烏龍茶禮盒',
    ]);
    expect(res.headers['x-total-count']).toBe('6');
    expect(res.json().data.map((h: Hit) => h.kind)).toEqual([
      'product',
      'product',
      'product',
      'product',
      'package',
      'package',
    ]);
  });

  it('leaves out inactive, out-of-window and influencer-only products, inactive packages and packages of inactive types (spec §4)', async () => {
    const found = names(await kw('烏龍茶'));
    for (const hidden of ['過期烏龍茶', '停售烏龍茶', '網紅烏龍茶', '停售烏龍茶禮盒', '停用類烏龍茶禮盒']) {
      expect(found).not.toContain(hidden);
    }
  });

  it('pages 12 by default and honours page and size, keeping the total', async () => {
    const first = await kw('烏龍茶', '&page=1&size=4');
    expect(names(first)).toEqual(['梨山冷泡茶包', '阿里山高山烏龍茶', '衣索比亞咖啡豆', '文山包種茶']);
    const second = await kw('烏龍茶', '&page=2&size=4');
    expect(names(second)).toEqual(['新春茶禮', '舊烏龍茶禮盒']);
    expect(second.headers['x-total-count']).toBe('6');
    const past = await kw('烏龍茶', '&page=9&size=4');
    expect(past.json().data).toEqual([]);
    expect(past.headers['x-total-count']).toBe('6');
  });

  it('matches one- and two-character Chinese keywords (no trigram) and Latin text without case', async () => {
    expect(names(await kw('茶'))).toContain('梨山冷泡茶包');
    expect(names(await kw('咖啡'))).toEqual(['衣索比亞咖啡豆']);
    expect(names(await kw('oolong'))).toEqual(['Oolong Tea Bags']);
  });

  it('treats % _ and backslash as plain text', async () => {
    expect(names(await kw('100%'))).toEqual(['百分之百 100% 果汁']);
    expect(names(await kw('%'))).toEqual(['百分之百 100% 果汁']);
    expect(names(await kw('A_B'))).toEqual(['A_B 測試品']);
    expect(names(await kw('_'))).toEqual(['A_B 測試品']);
    expect((await kw('\\')).json().data).toEqual([]);
  });

  it('treats SQL as plain text', async () => {
    for (const keyword of ["' OR 1=1 --", "烏龍茶'; DROP TABLE products; --", '") UNION SELECT 1 --']) {
      const res = await kw(keyword);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
    }
    expect((await kw('阿里山')).json().data).toHaveLength(1);
  });

  it('trims the keyword and answers nothing found with an empty list', async () => {
    expect(names(await kw('  咖啡  '))).toEqual(['衣索比亞咖啡豆']);
    const none = await kw('不存在的東西');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ code: 200, data: [] });
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('issue 20: lists the products of a matching type and its children after tag products, before descriptions', async () => {
    const res = await kw('保養');
    expect(names(res)).toEqual([
      '潔顏慕斯', // tag 保養
      '護手霜', // 保養品 and its children, by index_id; the tag's product not again
      '乳木果身體乳',
      '玫瑰精華液',
      '竹炭牙刷', // description1, although its index_id is the lowest
    ]);
    expect(res.headers['x-total-count']).toBe('5');
  });

  it('issue 20: a child type lists only its own shown products', async () => {
    expect(names(await kw('臉部'))).toEqual(['玫瑰精華液']);
    expect(names(await kw('停用'))).toEqual([]);
  });

  it('ignores a tag whose ids cannot be parsed (spec §8)', async () => {
    const res = await kw('壞標籤');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('answers sanitised descriptions', async () => {
    const [hit] = (await kw('危險描述')).json().data as Hit[];
    expect(hit!.description2).toContain('<p>好茶</p>');
    expect(hit!.description2).not.toMatch(/script|onerror/);
  });

  it('answers products with specs and type ids, packages with their type name', async () => {
    const data = (await kw('烏龍茶')).json().data;
    expect(data[0].product_specs).toEqual([expect.objectContaining({ name: '單入', price: 500, on_sale_price: 450 })]);
    expect(data[4].product_package_types_name).toBe('茶禮盒');
  });

  it.each([
    ['', '請輸入搜尋關鍵字'],
    ['keyword=', '請輸入搜尋關鍵字'],
    ['keyword=%20%20', '請輸入搜尋關鍵字'],
    ['keyword=%00', '請輸入搜尋關鍵字'],
    [`keyword=${encodeURIComponent('茶'.repeat(101))}`, '搜尋關鍵字最多 100 字'],
    [`keyword=${'x'.repeat(500)}`, '搜尋關鍵字最多 100 字'],
  ])('answers 400 in zh-TW for %s', async (query, message) => {
    const res = await search(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: '輸入資料有誤', errors: [{ field: 'keyword', msg: message }] });
  });

  it.each(['page=0', 'page=abc', 'size=1000', 'size=-1'])('answers 400 for a bad %s', async (query) => {
    const res = await search(`keyword=${encodeURIComponent('茶')}&${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: '輸入資料有誤' });
  });

  it('searches with a NUL byte inside a keyword as a space', async () => {
    const res = await search(`keyword=${encodeURIComponent('阿里山')}%00`);
    expect(res.statusCode).toBe(200);
  });

  it('needs the guest credential or a member token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/guest/search?keyword=a' })).statusCode).toBe(401);
    expect((await t.asMember(1, 'GET', `/api/v1/search?keyword=${encodeURIComponent('咖啡')}`)).statusCode).toBe(200);
  });
});

describe('GET /search after a back-office change (docs/decisions/016)', () => {
  it('finds a product the back office just added, and no longer finds one it just stopped selling', async () => {
    expect(names(await kw('蜜香紅茶'))).toEqual([]);
    const [type] = await t.db.insert(productTypes).values({ name: '紅茶', level: 1 }).returning();
    const created = await t.asStaff('staff', 'POST', '/api/v1/admin/products', {
      name: '花蓮蜜香紅茶',
      description1: '小綠葉蟬叮咬後的天然蜜香',
      description2: '',
      pics: ['admin/2026/06/black-tea.webp'],
      description_titles: [],
      tag_type: 0,
      status: Status.Active,
      index_id: 9,
      product_type_ids: [type!.id],
      activity_start_time: '',
      activity_end_time: '',
      internet_celebrity: false,
      specs: [{ name: '50g', price: 600, on_sale_price: 520, stock: null }],
    });
    expect(created.statusCode, created.body).toBe(201);
    // The very next search sees it: the save dropped the caches and the search snapshot.
    expect(names(await kw('蜜香紅茶'))).toEqual(['花蓮蜜香紅茶']);

    const { id, version } = created.json().data as { id: number; version: number };
    const stopped = await t.asStaff('staff', 'PATCH', `/api/v1/admin/products/${id}/status`, {
      status: Status.InActive,
      version,
    });
    expect(stopped.statusCode, stopped.body).toBeLessThan(300);
    expect(names(await kw('蜜香紅茶'))).toEqual([]);
  });
});

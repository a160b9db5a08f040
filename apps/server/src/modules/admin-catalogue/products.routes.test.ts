import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OrderStatus, ReturnStatus } from '@shop/domain';
import { auditLog, orders, productSpecs, productTypes, products } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertOrder, insertReturnRecord } from '../admin-orders/test-fixtures.ts';

const NOW = new Date('2026-06-01T04:00:00Z');
let t: TestApp;
let topType: number;
let childType: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const [top] = await t.db.insert(productTypes).values({ name: '茶葉', level: 1, indexId: 1 }).returning();
  const [child] = await t.db
    .insert(productTypes)
    .values({ name: '烏龍茶', level: 2, parentId: top!.id, indexId: 1 })
    .returning();
  topType = top!.id;
  childType = child!.id;
});
afterAll(() => t?.close());

function productBody(overrides: Record<string, unknown> = {}) {
  return {
    name: '阿里山高山茶',
    description1: '清香回甘',
    description2: '<p>高海拔茶園</p>',
    pics: ['admin/2026/06/tea-a.webp', 'admin/2026/06/tea-b.webp'],
    description_titles: ['商品介紹', '沖泡方式'],
    tag_type: 1,
    status: 1,
    index_id: 5,
    product_type_ids: [childType],
    activity_start_time: '',
    activity_end_time: '',
    internet_celebrity: false,
    specs: [
      { name: '150g', price: 900, on_sale_price: 800, stock: 20 },
      { name: '300g', price: 1600, on_sale_price: 1500, stock: null },
    ],
    ...overrides,
  };
}

async function createProduct(overrides: Record<string, unknown> = {}) {
  const res = await t.asStaff('staff', 'POST', '/api/v1/admin/products', productBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: number;
    version: number;
    name: string;
    specs: { id: number; name: string; price: number; on_sale_price: number; stock: number | null }[];
  };
}

function errorFields(res: { json(): { errors?: { field: string; msg: string }[] } }) {
  return Object.fromEntries((res.json().errors ?? []).map((e) => [e.field, e.msg]));
}

describe('who may manage products', () => {
  it('refuses no token, a member token and the guest credential', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/products' })).statusCode).toBe(401);
    expect((await t.asMember(1, 'GET', '/api/v1/admin/products')).statusCode).toBe(401);
    expect((await t.asMember(1, 'POST', '/api/v1/admin/products', productBody())).statusCode).toBe(401);
    expect((await t.guest('GET', '/api/v1/admin/products')).statusCode).toBe(401);
  });

  it('lets staff and the owner in', async () => {
    expect((await t.asStaff('staff', 'GET', '/api/v1/admin/products')).statusCode).toBe(200);
    expect((await t.asStaff('owner', 'GET', '/api/v1/admin/products')).statusCode).toBe(200);
  });
});

describe('creating a product', () => {
  it('stores specs, pictures in order, types and sanitised html, audits it, and the storefront shows it', async () => {
    const before = await t.guest('GET', '/api/v1/products');
    expect(before.json().data).toEqual([]);

    const created = await createProduct({ description2: '<p onclick="x()">好茶</p><script>alert(1)</script>' });
    expect(created).toMatchObject({
      name: '阿里山高山茶',
      banner: 'admin/2026/06/tea-a.webp',
      pics: ['admin/2026/06/tea-a.webp', 'admin/2026/06/tea-b.webp'],
      description_titles: ['商品介紹', '沖泡方式'],
      description2: '<p>好茶</p>',
      // cards show the cheapest spec
      price: 900,
      on_sale_price: 800,
      product_type_ids: [childType],
      stock: 20,
      version: 1,
    });
    expect(created.specs.map((s) => [s.name, s.stock])).toEqual([
      ['150g', 20],
      ['300g', null],
    ]);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'products'), eq(auditLog.entityId, String(created.id))));
    expect(audit).toMatchObject({ action: 'create', staffId: await t.staffId('staff'), before: null });
    expect(audit!.after).toMatchObject({ name: '阿里山高山茶', product_type_ids: [childType] });

    // The public answer was cached empty above; the save cleared it.
    const after = await t.guest('GET', '/api/v1/products');
    expect(after.json().data.map((p: { id: number }) => p.id)).toContain(created.id);
    const byType = await t.guest('GET', `/api/v1/products?type=${topType}`);
    expect(byType.json().data.map((p: { id: number }) => p.id)).toContain(created.id);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no name', { name: '  ' }, 'name', '此欄位為必填'],
    ['no picture', { pics: [] }, 'pics', '請至少上傳一張圖片'],
    ['a picture path with ..', { pics: ['../etc/passwd'] }, 'pics.0', '圖片路徑格式錯誤'],
    ['no type', { product_type_ids: [] }, 'product_type_ids', '請至少選擇一個分類'],
    ['no spec', { specs: [] }, 'specs', '請至少新增一個規格'],
    [
      'a sale price above the list price',
      { specs: [{ name: 'A', price: 100, on_sale_price: 200, stock: '' }] },
      'specs.0.on_sale_price',
      '售價不可高於原價',
    ],
    [
      'a negative stock',
      { specs: [{ name: 'A', price: 100, on_sale_price: 100, stock: -1 }] },
      'specs.0.stock',
      '庫存不可小於 0',
    ],
    [
      'a price with decimals',
      { specs: [{ name: 'A', price: '99.5', on_sale_price: 90, stock: 1 }] },
      'specs.0.price',
      '請輸入整數金額',
    ],
    [
      'two specs with one name',
      {
        specs: [
          { name: 'A', price: 100, on_sale_price: 100, stock: 1 },
          { name: 'A', price: 200, on_sale_price: 200, stock: 1 },
        ],
      },
      'specs.1.name',
      '規格名稱不可重複',
    ],
    [
      'an end before the start',
      { activity_start_time: '2026-06-10T00:00', activity_end_time: '2026-06-01T00:00' },
      'activity_end_time',
      '結束時間不可早於開始時間',
    ],
    ['an unknown badge', { tag_type: 7 }, 'tag_type', '標籤只能是無、熱銷、新品或精選'],
    ['an unknown field', { price: 1 }, 'body', ''],
  ])('refuses %s with a zh-TW field error', async (_case, change, field, message) => {
    const res = await t.asStaff('staff', 'POST', '/api/v1/admin/products', productBody(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('輸入資料有誤');
    if (message) expect(errorFields(res)[field]).toBe(message);
    else expect(res.json().errors.length).toBeGreaterThan(0);
  });

  it('refuses a type that does not exist', async () => {
    const res = await t.asStaff('staff', 'POST', '/api/v1/admin/products', productBody({ product_type_ids: [999999] }));
    expect(res.statusCode).toBe(400);
    expect(errorFields(res).product_type_ids).toBe('找不到所選的分類，請重新整理');
  });

  it('reads a datetime-local activity window as Taipei time', async () => {
    const created = await createProduct({
      name: '限時茶',
      activity_start_time: '2026-06-01T09:00',
      activity_end_time: '2026-06-30T21:00',
    });
    const res = await t.asStaff('staff', 'GET', `/api/v1/admin/products/${created.id}`);
    expect(res.json().data.activity_start_time).toBe('2026-06-01T01:00:00.000Z');
    expect(res.json().data.activity_end_time).toBe('2026-06-30T13:00:00.000Z');
  });
});

describe('the product list', () => {
  it('searches, filters, sorts by index_id and pages with X-Total-Count', async () => {
    await createProduct({ name: '凍頂烏龍', index_id: 1 });
    await createProduct({ name: '東方美人', index_id: 2, status: 0, product_type_ids: [topType] });
    const page = await t.asStaff('staff', 'GET', '/api/v1/admin/products?size=2&page=1');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const total = Number(page.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(page.json().data).toHaveLength(2);
    const indexes = page.json().data.map((p: { index_id: number }) => p.index_id);
    expect(indexes).toEqual([...indexes].sort((a: number, b: number) => a - b));

    const desc = await t.asStaff('staff', 'GET', '/api/v1/admin/products?sort=-index_id&size=100');
    const descIndexes = desc.json().data.map((p: { index_id: number }) => p.index_id);
    expect(descIndexes).toEqual([...descIndexes].sort((a: number, b: number) => b - a));

    const found = await t.asStaff('staff', 'GET', `/api/v1/admin/products?q=${encodeURIComponent('烏龍')}`);
    expect(found.json().data.map((p: { name: string }) => p.name)).toEqual(['凍頂烏龍']);

    const inactive = await t.asStaff('staff', 'GET', '/api/v1/admin/products?status=0');
    expect(inactive.json().data.map((p: { name: string }) => p.name)).toEqual(['東方美人']);

    // A level-1 type lists its children's products too; a child only its own.
    const child = await t.asStaff('staff', 'GET', `/api/v1/admin/products?type_id=${childType}&size=100`);
    expect(child.json().data.map((p: { name: string }) => p.name)).not.toContain('東方美人');
    const top = await t.asStaff('staff', 'GET', `/api/v1/admin/products?type_id=${topType}&size=100`);
    expect(top.json().data.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['東方美人', '凍頂烏龍']),
    );
  });

  it('refuses a bad query with field errors', async () => {
    const res = await t.asStaff('staff', 'GET', '/api/v1/admin/products?sort=price&size=1000');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorFields(res)).sort()).toEqual(['size', 'sort']);
  });
});

describe('editing a product', () => {
  it('keeps spec ids, adds and removes specs, and answers 409 for a stale version', async () => {
    const p = await createProduct({ name: '包種茶' });
    const [small, large] = p.specs;
    const res = await t.asStaff('staff', 'PUT', `/api/v1/admin/products/${p.id}`, {
      ...productBody({ name: '文山包種茶' }),
      specs: [
        { id: small!.id, name: '150g', price: 950, on_sale_price: 850, stock: 15 },
        { name: '禮盒', price: 2000, on_sale_price: 1800, stock: 5 },
      ],
      version: p.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data;
    expect(updated.version).toBe(p.version + 1);
    expect(updated.specs.map((s: { id: number; name: string }) => s.name)).toEqual(['150g', '禮盒']);
    expect(updated.specs[0].id).toBe(small!.id);
    expect((await t.db.select().from(productSpecs).where(eq(productSpecs.id, large!.id))).length).toBe(0);

    const stale = await t.asStaff('staff', 'PUT', `/api/v1/admin/products/${p.id}`, {
      ...productBody({ name: '舊表單' }),
      version: p.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('資料已被其他人修改，請重新整理後再試');
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(row!.name).toBe('文山包種茶');

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(p.id)), eq(auditLog.action, 'update')));
    expect(audit!.before).toMatchObject({ name: '包種茶' });
    expect(audit!.after).toMatchObject({ name: '文山包種茶' });
  });

  it('lets exactly one of two simultaneous saves of the same version through', async () => {
    const p = await createProduct({ name: '同時編輯' });
    const save = (name: string) =>
      t.asStaff('staff', 'PUT', `/api/v1/admin/products/${p.id}`, {
        ...productBody({ name }),
        specs: p.specs.map((s) => ({
          id: s.id,
          name: s.name,
          price: s.price,
          on_sale_price: s.on_sale_price,
          stock: s.stock,
        })),
        version: p.version,
      });
    const answers = await Promise.all([save('甲的版本'), save('乙的版本')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data.name;
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({ name: winner, version: p.version + 1 });
  });

  it('refuses a spec id of another product', async () => {
    const a = await createProduct({ name: '紅茶' });
    const b = await createProduct({ name: '綠茶' });
    const res = await t.asStaff('staff', 'PUT', `/api/v1/admin/products/${a.id}`, {
      ...productBody({ name: '紅茶' }),
      specs: [{ id: b.specs[0]!.id, name: '偷來的', price: 1, on_sale_price: 1, stock: 1 }],
      version: a.version,
    });
    expect(res.statusCode).toBe(400);
    expect(errorFields(res)['specs.0.id']).toBe('此規格已不存在，請重新整理');
  });

  it('toggles the status from the list and hides the product from the storefront', async () => {
    const p = await createProduct({ name: '白茶' });
    expect((await t.guest('GET', `/api/v1/products/${p.id}`)).statusCode).toBe(200);
    const res = await t.asStaff('staff', 'PATCH', `/api/v1/admin/products/${p.id}/status`, {
      status: 0,
      version: p.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe(0);
    expect((await t.guest('GET', `/api/v1/products/${p.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for a product that does not exist and 400 for a bad id', async () => {
    expect((await t.asStaff('staff', 'GET', '/api/v1/admin/products/999999')).json()).toEqual({
      code: 404,
      msg: '找不到此商品',
    });
    expect((await t.asStaff('staff', 'GET', '/api/v1/admin/products/abc')).statusCode).toBe(400);
  });
});

describe('deleting a product', () => {
  it('is refused while an open order holds it, with the order number, and allowed once the order is over', async () => {
    const p = await createProduct({ name: '鐵觀音' });
    const line = {
      id: p.id,
      name: p.name,
      product_specs_name: p.specs[0]!.name,
      spec_id: p.specs[0]!.id,
      on_sale_price: 800,
      qty: 1,
    };
    const order = await insertOrder(t.db, { lines: [line] });
    const refused = await t.asStaff('staff', 'DELETE', `/api/v1/admin/products/${p.id}?version=${p.version}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(`商品「鐵觀音」仍在處理中的訂單（${order.orderNumber}）裡，無法刪除，請改為下架`);

    // Removing only the spec the order holds is refused as well.
    const specGone = await t.asStaff('staff', 'PUT', `/api/v1/admin/products/${p.id}`, {
      ...productBody({ name: '鐵觀音' }),
      specs: [{ id: p.specs[1]!.id, name: '300g', price: 1600, on_sale_price: 1500, stock: null }],
      version: p.version,
    });
    expect(specGone.statusCode).toBe(409);
    expect(specGone.json().msg).toContain('規格「150g」');

    // Shipped, with a return being handled: still open (the units may come back).
    await t.db.update(orders).set({ status: OrderStatus.Complete, isShipping: true }).where(eq(orders.id, order.id));
    await insertReturnRecord(t.db, order, ReturnStatus.Returning);
    expect((await t.asStaff('staff', 'DELETE', `/api/v1/admin/products/${p.id}`)).statusCode).toBe(409);

    await t.db.update(orders).set({ status: OrderStatus.Cancel }).where(eq(orders.id, order.id));
    const { orderReturnRecords } = await import('../../db/schema/index.ts');
    await t.db
      .update(orderReturnRecords)
      .set({ status: ReturnStatus.Refunded })
      .where(eq(orderReturnRecords.orderId, order.id));
    const stale = await t.asStaff('staff', 'DELETE', `/api/v1/admin/products/${p.id}?version=${p.version + 5}`);
    expect(stale.statusCode).toBe(409);
    const ok = await t.asStaff('staff', 'DELETE', `/api/v1/admin/products/${p.id}?version=${p.version}`);
    expect(ok.statusCode).toBe(200);
    expect((await t.db.select().from(products).where(eq(products.id, p.id))).length).toBe(0);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(p.id)), eq(auditLog.action, 'delete')));
    expect(audit!.before).toMatchObject({ name: '鐵觀音' });
  });
});

describe('pickers', () => {
  it('finds products by name and answers chosen ids in their order', async () => {
    const a = await createProduct({ name: '蜜香紅茶' });
    const b = await createProduct({ name: '蜜香綠茶' });
    const found = await t.asStaff('staff', 'GET', `/api/v1/admin/options/products?q=${encodeURIComponent('蜜香')}`);
    expect(
      found
        .json()
        .data.map((o: { name: string }) => o.name)
        .sort(),
    ).toEqual(['蜜香紅茶', '蜜香綠茶']);
    const chosen = await t.asStaff('staff', 'GET', `/api/v1/admin/options/products?ids=${b.id},${a.id}`);
    expect(chosen.json().data.map((o: { id: number }) => o.id)).toEqual([b.id, a.id]);
    expect((await t.asMember(1, 'GET', '/api/v1/admin/options/products')).statusCode).toBe(401);
  });
});

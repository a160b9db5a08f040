import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PromotionType, Status } from '@shop/domain';
import {
  bundleProducts,
  packageTypes,
  productBundles,
  productPackages,
  type products,
  productSpecs,
  productTypes,
} from '../../db/schema/index.ts';
import { expectBadInput, expectGuestCredentialRefused } from '../../test/replies.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertCatalogueProduct } from './catalogue-fixtures.ts';

const NOW = new Date('2026-06-01T04:00:00Z');
const day = 86_400_000;
let t: TestApp;
const ids: Record<string, number> = {};

async function addProduct(name: string, extra: Partial<typeof products.$inferInsert> = {}, typeIds: number[] = []) {
  ids[name] = await insertCatalogueProduct(t.db, { name, ...extra }, { typeIds });
  return ids[name];
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const [top] = await t.db.insert(productTypes).values({ name: '保養品', level: 1, indexId: 1 }).returning();
  const [child] = await t.db
    .insert(productTypes)
    .values({ name: '臉部保養', level: 2, parentId: top!.id, indexId: 1 })
    .returning();
  await t.db.insert(productTypes).values({ name: '停用分類', level: 1, status: Status.InActive, indexId: 2 });
  ids.top = top!.id;
  ids.child = child!.id;

  await addProduct('精華液', { indexId: 2 }, [child!.id]);
  await addProduct('化妝水', { indexId: 1 }, [top!.id]);
  await addProduct('過期商品', { activityEndTime: new Date(NOW.getTime() - day) }, [child!.id]);
  await addProduct('未來商品', { activityStartTime: new Date(NOW.getTime() + day) }, [child!.id]);
  await addProduct('停售商品', { status: Status.InActive }, [child!.id]);
  await addProduct('網紅限定', { internetCelebrity: true, indexId: 3 }, [child!.id]);
  await addProduct('壞圖片', { pics: 'not json', indexId: 4 });

  const [pkgType] = await t.db.insert(packageTypes).values({ name: '送禮首選' }).returning();
  await t.db.insert(productPackages).values([
    {
      packageTypeId: pkgType!.id,
      name: '舊禮盒',
      price: 2000,
      onSalePrice: 1800,
      createdAt: new Date(NOW.getTime() - 2 * day),
    },
    {
      packageTypeId: pkgType!.id,
      name: '新禮盒',
      price: 2500,
      onSalePrice: 2500,
      createdAt: new Date(NOW.getTime() - day),
    },
  ]);

  const [bundle] = await t.db
    .insert(productBundles)
    .values({
      title: '任選兩件',
      discountType: PromotionType.PercentDiscount,
      discountRule: '[{"amount":2,"value":85}]',
    })
    .returning();
  await t.db.insert(productBundles).values({
    title: '已結束活動',
    discountType: PromotionType.AmountDiscount,
    discountRule: '[{"amount":3,"value":100}]',
    activityEndTime: new Date(NOW.getTime() - day),
  });
  ids.bundle = bundle!.id;
  await t.db.insert(bundleProducts).values([
    { bundleId: bundle!.id, productId: ids['精華液']! },
    { bundleId: bundle!.id, productId: ids['化妝水']! },
  ]);
});

afterAll(() => t?.close());

const names = (body: { data: Array<{ name: string }> }) => body.data.map((p) => p.name);

describe('GET /products', () => {
  it('lists visible products without influencer-only ones, by index_id', async () => {
    const res = await t.guest('GET', '/api/v1/products');
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['化妝水', '精華液', '壞圖片']);
  });

  it('falls back to the banner when pics cannot be parsed (spec §3)', async () => {
    const res = await t.guest('GET', `/api/v1/products/${ids['壞圖片']}`);
    expect(res.json().data.pics).toEqual(['demo/壞圖片.webp']);
  });

  it('gives each product its specs and type ids', async () => {
    const res = await t.guest('GET', `/api/v1/products/${ids['精華液']}`);
    const product = res.json().data;
    expect(product.product_type_ids).toEqual([ids.child]);
    expect(product.product_specs).toEqual([expect.objectContaining({ name: '標準', price: 1000, on_sale_price: 800 })]);
  });

  it('lists a level-1 type together with its children', async () => {
    const res = await t.guest('GET', `/api/v1/products?type=${ids.top}`);
    expect(names(res.json())).toEqual(['化妝水', '精華液']);
  });

  it('pages with the total in X-Total-Count', async () => {
    const res = await t.guest('GET', '/api/v1/products?page=2&size=2');
    expect(res.headers['x-total-count']).toBe('3');
    expect(names(res.json())).toEqual(['壞圖片']);
  });

  it('filters by ids and by bundle', async () => {
    expect(names((await t.guest('GET', `/api/v1/products?ids=${ids['精華液']},${ids['過期商品']}`)).json())).toEqual([
      '精華液',
    ]);
    expect(names((await t.guest('GET', `/api/v1/products?bundle=${ids.bundle}`)).json())).toEqual(['化妝水', '精華液']);
  });

  it.each(['過期商品', '未來商品', '停售商品'])('answers 404 for %s', async (name) => {
    const res = await t.guest('GET', `/api/v1/products/${ids[name]}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '找不到此商品' });
  });

  it('shows an influencer-only product by id', async () => {
    expect((await t.guest('GET', `/api/v1/products/${ids['網紅限定']}`)).statusCode).toBe(200);
  });

  it.each([
    '/api/v1/products/abc',
    '/api/v1/products/-1',
    '/api/v1/products/1.5',
    '/api/v1/products/99999999999',
    '/api/v1/products?page=0',
    '/api/v1/products?ids=1,x',
    '/api/v1/products?size=1000',
  ])('answers 400 with a zh-TW envelope for %s', async (url) => {
    const res = await t.guest('GET', url);
    expectBadInput(res, expect.any(String));
  });
});

describe('types, packages and bundles', () => {
  it('lists active types with their children', async () => {
    const res = await t.guest('GET', '/api/v1/product-types');
    const top = res.json().data.find((x: { id: number }) => x.id === ids.top);
    expect(top.childs.map((c: { name: string }) => c.name)).toEqual(['臉部保養']);
    expect(res.json().data.map((x: { name: string }) => x.name)).not.toContain('停用分類');
  });

  it('lists packages newest first with their type name', async () => {
    const res = await t.guest('GET', '/api/v1/product-package');
    expect(names(res.json())).toEqual(['新禮盒', '舊禮盒']);
    expect(res.json().data[0].product_package_types_name).toBe('送禮首選');
    const byName = await t.guest('GET', `/api/v1/product-package-by-name/${encodeURIComponent('送禮首選')}`);
    expect(names(byName.json())).toEqual(['新禮盒', '舊禮盒']);
  });

  it('describes bundles with their discount and products; in-activity drops ended ones', async () => {
    const all = (await t.guest('GET', '/api/v1/product-bundles')).json().data;
    expect(all.map((b: { title: string }) => b.title)).toEqual(['任選兩件', '已結束活動']);
    expect(all[0].discount).toEqual({ type: PromotionType.PercentDiscount, rule: [{ amount: 2, value: 85 }] });
    const active = (await t.guest('GET', '/api/v1/product-bundles-in-activity')).json().data;
    expect(active.map((b: { title: string }) => b.title)).toEqual(['任選兩件']);
  });
});

describe('GET /catalogue-sitemap', () => {
  it('lists every listed product with its first type and every shown package with its type name', async () => {
    const res = await t.guest('GET', '/api/v1/catalogue-sitemap');
    expect(res.statusCode).toBe(200);
    const { products: listed, packages } = res.json().data as {
      products: Array<{ id: number; product_type_id: number | null; updated_at: string }>;
      packages: Array<{ id: number; product_package_types_name: string; updated_at: string }>;
    };
    // spec §4: the same products as the list, in its order; hidden, out-of-window and influencer-only ones stay out.
    expect(listed.map((p) => p.id)).toEqual([ids['化妝水'], ids['精華液'], ids['壞圖片']]);
    expect(listed.find((p) => p.id === ids['精華液'])?.product_type_id).toBe(ids.child);
    expect(listed.find((p) => p.id === ids['壞圖片'])?.product_type_id).toBeNull();
    expect(Number.isNaN(Date.parse(listed[0]!.updated_at))).toBe(false);
    expect(packages.map((p) => p.product_package_types_name)).toEqual(['送禮首選', '送禮首選']);
  });
});

describe('access rules', () => {
  it('refuses a guest without the Basic credential', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/guest/products' });
    expectGuestCredentialRefused(res);
  });

  it('refuses a forged bearer token with token驗證失敗', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('token驗證失敗');
  });

  it('serves a member with a valid token on the normal path', async () => {
    const res = await t.asMember(1, 'GET', '/api/v1/product-types');
    expect(res.statusCode).toBe(200);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.guest('GET', '/api/v1/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '找不到此路徑' });
  });
});

describe('stock on the product page', () => {
  it('tells how many of each spec are left, null when not tracked (issue 20 item 11: the page caps at it)', async () => {
    // Made last, in a describe of its own: the lists above count the products.
    const id = await addProduct('限量茶', {}, []);
    await t.db.update(productSpecs).set({ stock: 3 }).where(eq(productSpecs.productId, id));
    await t.db.insert(productSpecs).values({ productId: id, name: '不限量', price: 100, onSalePrice: 90 });
    t.app.responseCache.clear(); // written behind the back office's back: say so, as its saves do
    const product = (await t.guest('GET', `/api/v1/products/${id}`)).json().data;
    expect(product.product_specs.map((s: { name: string; stock: number | null; sold_out: boolean }) => s)).toEqual([
      expect.objectContaining({ name: '標準', stock: 3, sold_out: false }),
      expect.objectContaining({ name: '不限量', stock: null, sold_out: false }),
    ]);
  });
});

describe('a product the kept catalogue does not know yet', () => {
  it('is answered from the database, never 404', async () => {
    // Made last, as above. Read first, so the snapshot exists without the product.
    expect((await t.guest('GET', '/api/v1/products')).statusCode).toBe(200);
    const id = await addProduct('剛上架的茶', {}, []);
    const res = await t.guest('GET', `/api/v1/products/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('剛上架的茶');
  });
});

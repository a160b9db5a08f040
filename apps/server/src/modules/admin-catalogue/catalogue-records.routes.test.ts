import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PromotionType } from '@shop/domain';
import { auditLog, productTypeLinks } from '../../db/schema/index.ts';
import { created, errorsByField } from '../../test/replies.ts';
import { type TestApp, useTestApp } from '../../test/test-app.ts';
import { insertOrder, insertPackage, insertProduct } from '../admin-orders/test-fixtures.ts';

const NOW = new Date('2026-06-01T04:00:00Z');
const t = useTestApp({ now: () => NOW });

type Res = Awaited<ReturnType<TestApp['asStaff']>>;
const data = (res: Res) => res.json().data;

async function lastAudit(entity: string, id: number) {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))));
  return rows.at(-1);
}

describe('product types (two levels)', () => {
  it('creates level 1 and level 2 types and refuses a third level', async () => {
    const top = await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/product-types', { name: '茶具', status: 1, index_id: 1 }),
    );
    expect(top).toMatchObject({ level: 1, parent_id: null });
    const child = await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/product-types', {
        name: '茶壺',
        parent_id: top.id,
        status: 1,
        index_id: 1,
      }),
    );
    expect(child).toMatchObject({ level: 2, parent_id: top.id });
    const grandchild = await t.asStaff('staff', 'POST', '/api/v1/admin/product-types', {
      name: '小茶壺',
      parent_id: child.id,
      status: 1,
    });
    expect(grandchild.statusCode).toBe(400);
    expect(errorsByField(grandchild).parent_id).toBe('分類最多兩層，上層分類須為第一層');

    // A type with children cannot become a child.
    const other = await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/product-types', { name: '杯子', status: 1 }),
    );
    const move = await t.asStaff('staff', 'PUT', `/api/v1/admin/product-types/${top.id}`, {
      name: '茶具',
      parent_id: other.id,
      status: 1,
      index_id: 1,
      version: top.version,
    });
    expect(errorsByField(move).parent_id).toBe('此分類下還有子分類，不能改為第二層');

    // The public menu shows the tree.
    const menu = await t.guest('GET', '/api/v1/product-types');
    const entry = menu.json().data.find((x: { id: number }) => x.id === top.id);
    expect(entry.childs.map((c: { name: string }) => c.name)).toEqual(['茶壺']);

    const children = await t.asStaff('staff', 'GET', `/api/v1/admin/product-types?parent_id=${top.id}`);
    expect(data(children).map((x: { name: string }) => x.name)).toEqual(['茶壺']);
    const tops = await t.asStaff('staff', 'GET', '/api/v1/admin/product-types?parent_id=0&size=100');
    expect(data(tops).every((x: { level: number }) => x.level === 1)).toBe(true);
  });

  it('refuses to delete a type with children or products, then deletes an empty one', async () => {
    const top = await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/product-types', { name: '器皿', status: 1 }),
    );
    const child = await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/product-types', { name: '碗', parent_id: top.id, status: 1 }),
    );
    const withChild = await t.asStaff('staff', 'DELETE', `/api/v1/admin/product-types/${top.id}`);
    expect(withChild.statusCode).toBe(409);
    expect(withChild.json().msg).toBe('此分類下還有子分類，請先刪除或移走子分類');

    const { product } = await insertProduct(t.db, '青瓷碗', 500);
    await t.db.insert(productTypeLinks).values({ productId: product.id, productTypeId: child.id });
    const withProduct = await t.asStaff('staff', 'DELETE', `/api/v1/admin/product-types/${child.id}`);
    expect(withProduct.statusCode).toBe(409);
    expect(withProduct.json().msg).toBe('此分類下還有 1 項商品，請先把商品改到其他分類，或將分類下架');

    await t.db.delete(productTypeLinks).where(eq(productTypeLinks.productId, product.id));
    expect((await t.asStaff('staff', 'DELETE', `/api/v1/admin/product-types/${child.id}`)).statusCode).toBe(200);
    expect((await lastAudit('product_types', child.id))?.action).toBe('delete');
  });
});

describe('package types and packages', () => {
  it('keeps package type names unique', async () => {
    await created(await t.asStaff('staff', 'POST', '/api/v1/admin/package-types', { name: '彌月禮盒', status: 1 }));
    const again = await t.asStaff('staff', 'POST', '/api/v1/admin/package-types', { name: '彌月禮盒', status: 1 });
    expect(again.statusCode).toBe(400);
    expect(errorsByField(again).name).toBe('此名稱已被使用');
  });

  it('creates a package under a type, lists it with the type name, refuses to delete its type', async () => {
    const type = await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/package-types', { name: '中秋禮盒', status: 1 }),
    );
    const pkg = await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/product-packages', {
        package_type_id: type.id,
        name: '月光禮盒',
        description1: '茶與月餅',
        description2: '<p>內含<img src="x" onerror="alert(1)"></p>',
        pics: ['admin/2026/06/moon.webp'],
        price: 1200,
        on_sale_price: 990,
        stock: 30,
        status: 1,
        index_id: 1,
      }),
    );
    expect(pkg).toMatchObject({ banner: 'admin/2026/06/moon.webp', pics: ['admin/2026/06/moon.webp'], stock: 30 });
    expect(pkg.description2).toBe('<p>內含<img src="x" /></p>');

    const list = await t.asStaff('staff', 'GET', `/api/v1/admin/product-packages?package_type_id=${type.id}`);
    expect(data(list)).toEqual([expect.objectContaining({ name: '月光禮盒', product_package_types_name: '中秋禮盒' })]);

    const refused = await t.asStaff('staff', 'DELETE', `/api/v1/admin/package-types/${type.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('此分類下還有 1 個組合商品，請先移走組合商品，或將分類下架');

    const publicList = await t.guest('GET', '/api/v1/product-package');
    expect(publicList.json().data.map((p: { name: string }) => p.name)).toContain('月光禮盒');
  });

  it('refuses to delete a package in an open order', async () => {
    const pkg = await insertPackage(t.db, '端午禮盒', 800);
    const order = await insertOrder(t.db, { packages: [{ id: pkg.id, name: pkg.name, on_sale_price: 800, qty: 1 }] });
    const res = await t.asStaff('staff', 'DELETE', `/api/v1/admin/product-packages/${pkg.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(`組合商品「端午禮盒」仍在處理中的訂單（${order.orderNumber}）裡，無法刪除，請改為下架`);
  });

  it('refuses an unknown package type with a field error', async () => {
    const res = await t.asStaff('staff', 'POST', '/api/v1/admin/product-packages', {
      package_type_id: 999999,
      name: 'x',
      pics: ['a.webp'],
      price: 1,
      on_sale_price: 1,
      status: 1,
    });
    expect(errorsByField(res).package_type_id).toBe('找不到所選的組合分類');
  });
});

describe('bundles through the spec §7 paths', () => {
  it('creates, reads, updates and deletes a bundle; the storefront shows its discount', async () => {
    const a = await insertProduct(t.db, '杯A', 300);
    const b = await insertProduct(t.db, '杯B', 400);
    const body = {
      title: '杯子任選兩件 85 折',
      banner: 'admin/2026/06/cups.webp',
      description: '限時活動',
      status: 1,
      discount_type: PromotionType.PercentDiscount,
      discount_rule: [{ amount: 2, value: 85 }],
      activity_start_time: '',
      activity_end_time: '',
      index_id: 1,
      product_ids: [b.product.id, a.product.id],
    };
    expect((await t.asMember(1, 'POST', '/api/v1/product-bundles', body)).statusCode).toBe(401);
    const bundle = await created(await t.asStaff('staff', 'POST', '/api/v1/product-bundles', body));
    expect(bundle).toMatchObject({ discount_text: '任選 2 件 85 折', product_ids: [a.product.id, b.product.id] });

    const pub = await t.guest('GET', `/api/v1/product-bundles/${bundle.id}`);
    expect(pub.json().data.discount).toEqual({ type: 1, rule: [{ amount: 2, value: 85 }] });

    const updated = await t.asStaff('staff', 'PUT', `/api/v1/product-bundles/${bundle.id}`, {
      ...body,
      discount_type: PromotionType.CombinedPrice,
      discount_rule: [{ amount: 2, value: 600 }],
      product_ids: [a.product.id],
      version: bundle.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(data(updated)).toMatchObject({ discount_text: '任選 2 件 600 元', product_ids: [a.product.id] });
    const audit = await lastAudit('product_bundles', bundle.id);
    expect(audit?.before).toMatchObject({ product_ids: [a.product.id, b.product.id] });

    const listed = await t.asStaff('staff', 'GET', '/api/v1/admin/product-bundles');
    expect(listed.headers['x-total-count']).toBe('1');

    expect((await t.asStaff('staff', 'DELETE', `/api/v1/product-bundles/${bundle.id}`)).statusCode).toBe(200);
    expect((await t.guest('GET', `/api/v1/product-bundles/${bundle.id}`)).statusCode).toBe(404);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      '100 percent',
      { discount_rule: [{ amount: 2, value: 100 }] },
      'discount_rule.0.value',
      '折數須為 1 到 99（80 為 8 折）',
    ],
    ['zero items', { discount_rule: [{ amount: 0, value: 80 }] }, 'discount_rule.0.amount', '件數至少 1 件'],
    ['no rule', { discount_rule: [] }, 'discount_rule', '請填寫優惠規則'],
    ['no products', { product_ids: [] }, 'product_ids', '請至少選擇一項商品'],
    ['an unknown type', { discount_type: 9 }, 'discount_type', '請選擇優惠方式'],
  ])('refuses %s', async (_case, change, field, message) => {
    const res = await t.asStaff('staff', 'POST', '/api/v1/product-bundles', {
      title: '活動',
      status: 1,
      discount_type: 1,
      discount_rule: [{ amount: 2, value: 80 }],
      product_ids: [1],
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsByField(res)[field]).toBe(message);
  });

  it('refuses a product that does not exist', async () => {
    const res = await t.asStaff('staff', 'POST', '/api/v1/product-bundles', {
      title: '活動',
      status: 1,
      discount_type: 2,
      discount_rule: [{ amount: 2, value: 100 }],
      product_ids: [999999],
    });
    expect(errorsByField(res)['product_ids.0']).toBe('找不到商品編號 999999');
  });
});

describe('courses and course types through the spec §7 paths', () => {
  it('creates a type and a course, updates and deletes them, refusing to delete a type in use', async () => {
    const type = await created(await t.asStaff('staff', 'POST', '/api/v1/course-types', { name: '品茶課', status: 1 }));
    const course = await created(
      await t.asStaff('staff', 'POST', '/api/v1/courses', {
        course_type_id: type.id,
        name: '初階品茶',
        description: '<p>認識六大茶類</p><iframe src="https://evil.example"></iframe>',
        price: 1500,
        on_sale_price: 1200,
        start_date: '2026-07-01',
        location: '台北市大安區',
        status: 1,
      }),
    );
    expect(course).toMatchObject({ start_date: '2026-07-01', description: '<p>認識六大茶類</p>' });
    expect((await t.guest('GET', `/api/v1/courses/${course.id}`)).json().data.name).toBe('初階品茶');

    const inUse = await t.asStaff('staff', 'DELETE', `/api/v1/course-types/${type.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().msg).toBe('此分類下還有 1 堂課程，請先移走課程，或將分類下架');

    const moved = await t.asStaff('staff', 'PUT', `/api/v1/courses/${course.id}`, {
      course_type_id: type.id,
      name: '初階品茶（週末班）',
      price: 1500,
      on_sale_price: 1500,
      start_date: '',
      status: 1,
      version: course.version,
    });
    expect(moved.statusCode).toBe(200);
    expect(data(moved)).toMatchObject({ name: '初階品茶（週末班）', start_date: null, version: course.version + 1 });

    const bad = await t.asStaff('staff', 'PUT', `/api/v1/courses/${course.id}`, {
      course_type_id: type.id,
      name: 'x',
      price: 1,
      on_sale_price: 1,
      start_date: '2026/07/01',
      status: 1,
      version: course.version + 1,
    });
    expect(errorsByField(bad).start_date).toBe('日期格式應為 yyyy-MM-dd');

    expect((await t.asStaff('staff', 'DELETE', `/api/v1/courses/${course.id}`)).statusCode).toBe(200);
    expect((await t.asStaff('staff', 'DELETE', `/api/v1/course-types/${type.id}`)).statusCode).toBe(200);
    const list = await t.asStaff('staff', 'GET', '/api/v1/admin/courses');
    expect(data(list)).toEqual([]);
  });

  it('refuses the writes to a member token', async () => {
    expect((await t.asMember(1, 'POST', '/api/v1/courses', { name: 'x' })).statusCode).toBe(401);
    expect((await t.asMember(1, 'DELETE', '/api/v1/course-types/1')).statusCode).toBe(401);
  });
});

describe('tags', () => {
  it('stores the product ids in order and search lists them first', async () => {
    const a = await insertProduct(t.db, '香片', 200);
    const b = await insertProduct(t.db, '茉莉香片', 250);
    const tag = await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/tags', {
        name: '花茶',
        ids: [b.product.id, a.product.id],
        status: 1,
        index_id: 1,
      }),
    );
    expect(tag.ids).toEqual([b.product.id, a.product.id]);
    const pub = await t.guest('GET', '/api/v1/tags');
    expect(pub.json().data).toEqual([expect.objectContaining({ name: '花茶', ids: [b.product.id, a.product.id] })]);

    const missing = await t.asStaff('staff', 'PUT', `/api/v1/admin/tags/${tag.id}`, {
      name: '花茶',
      ids: [a.product.id, 999999],
      status: 1,
      version: tag.version,
    });
    expect(errorsByField(missing)['ids.1']).toBe('找不到商品編號 999999');
    const twice = await t.asStaff('staff', 'POST', '/api/v1/admin/tags', {
      name: 'x',
      ids: [a.product.id, a.product.id],
      status: 1,
    });
    expect(errorsByField(twice).ids).toBe('商品不可重複');
  });

  it('toggles the status with the version and answers 409 for a stale one', async () => {
    const tag = await created(
      await t.asStaff('staff', 'POST', '/api/v1/admin/tags', { name: '冷泡', ids: [], status: 1 }),
    );
    const off = await t.asStaff('staff', 'PATCH', `/api/v1/admin/tags/${tag.id}/status`, {
      status: 0,
      version: tag.version,
    });
    expect(data(off)).toMatchObject({ status: 0, version: tag.version + 1 });
    const stale = await t.asStaff('staff', 'PATCH', `/api/v1/admin/tags/${tag.id}/status`, {
      status: 1,
      version: tag.version,
    });
    expect(stale.statusCode).toBe(409);
    expect((await lastAudit('tags', tag.id))?.action).toBe('status');
  });
});

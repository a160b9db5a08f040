import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg } from '@shop/domain';
import { packageShoppingCarts, productPackages, productSpecs, products, shoppingCarts } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertMember, insertPackage, insertProduct, resetFixtures } from '../orders/order-fixtures.ts';

let t: TestApp;
const NOW = new Date('2026-06-01T04:00:00Z');

beforeAll(async () => {
  resetFixtures();
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t?.close());

/** The reply's JSON envelope (light-my-request types it loosely). */
const body = (res: Awaited<ReturnType<TestApp['app']['inject']>>) => res.json();

describe('product cart lines', () => {
  it('adds a line, sums the same product + spec into it, and lists it joined with the product', async () => {
    const member = await insertMember(t.db);
    const p = await insertProduct(t.db, { name: '玫瑰精華' }, [
      { name: '30ml', onSalePrice: 450 },
      { name: '50ml', onSalePrice: 680 },
    ]);
    const first = await t.asMember(member, 'POST', '/api/v1/shopping-carts', {
      members_id: member,
      products_id: p.id,
      spec_id: p.specIds[1],
      qty: 2,
    });
    expect(first.statusCode).toBe(201);
    expect(body(first).data).toEqual({
      id: expect.any(Number),
      members_id: member,
      products_id: p.id,
      spec_id: p.specIds[1],
      qty: 2,
    });
    const again = await t.asMember(member, 'POST', '/api/v1/shopping-carts', {
      products_id: p.id,
      spec_id: p.specIds[1],
      qty: 3,
    });
    expect(body(again).data).toMatchObject({ id: body(first).data.id, qty: 5 });
    await t.asMember(member, 'POST', '/api/v1/shopping-carts', { products_id: p.id, spec_id: p.specIds[0], qty: 1 });

    const list = await t.asMember(member, 'GET', `/api/v1/shopping-carts-by-members-id/${member}`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const lines = body(list).data;
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      products_id: p.id,
      spec_id: p.specIds[1],
      qty: 5,
      unit_price: 680,
      available: true,
      problem: null,
      spec: { id: p.specIds[1], name: '50ml', on_sale_price: 680 },
      product: { id: p.id, name: '玫瑰精華', product_specs: [{ name: '30ml' }, { name: '50ml' }] },
    });
    expect(lines[0].product).not.toHaveProperty('description2');
  });

  it('sums concurrent adds of the same line without losing one', async () => {
    const member = await insertMember(t.db);
    const p = await insertProduct(t.db);
    await Promise.all(
      Array.from({ length: 8 }, () =>
        t.asMember(member, 'POST', '/api/v1/shopping-carts', { products_id: p.id, spec_id: p.specIds[0], qty: 1 }),
      ),
    );
    const rows = await t.db.select().from(shoppingCarts).where(eq(shoppingCarts.memberId, member));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.qty).toBe(8);
  });

  it('takes a product without specs with spec_id null, and refuses a missing or foreign spec', async () => {
    const member = await insertMember(t.db);
    const plain = await insertProduct(t.db, {}, []);
    const withSpecs = await insertProduct(t.db);
    const other = await insertProduct(t.db);
    expect(
      (await t.asMember(member, 'POST', '/api/v1/shopping-carts', { products_id: plain.id, qty: 1 })).statusCode,
    ).toBe(201);
    const noSpec = await t.asMember(member, 'POST', '/api/v1/shopping-carts', { products_id: withSpecs.id, qty: 1 });
    expect(noSpec.statusCode).toBe(400);
    expect(body(noSpec).errors).toEqual([{ field: 'spec_id', msg: '請選擇規格' }]);
    const foreign = await t.asMember(member, 'POST', '/api/v1/shopping-carts', {
      products_id: withSpecs.id,
      spec_id: other.specIds[0],
      qty: 1,
    });
    expect(foreign.statusCode).toBe(400);
    expect(body(foreign).errors).toEqual([{ field: 'spec_id', msg: '找不到此規格' }]);
  });

  it.each([0, -1, 1.5, 1e9, '1e9', 'two', null])('answers 400 with the zh-TW message for qty %j', async (qty) => {
    const member = await insertMember(t.db);
    const p = await insertProduct(t.db);
    const res = await t.asMember(member, 'POST', '/api/v1/shopping-carts', {
      products_id: p.id,
      spec_id: p.specIds[0],
      qty,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, msg: '輸入資料有誤', errors: [{ field: 'qty', msg: msg.qtyRange }] });
    const put = await t.asMember(member, 'PUT', '/api/v1/shopping-carts/1', { qty });
    expect(put.statusCode).toBe(400);
  });

  it('refuses a sum above 999 and leaves the line as it was', async () => {
    const member = await insertMember(t.db);
    const p = await insertProduct(t.db);
    await t.asMember(member, 'POST', '/api/v1/shopping-carts', { products_id: p.id, spec_id: p.specIds[0], qty: 990 });
    const res = await t.asMember(member, 'POST', '/api/v1/shopping-carts', {
      products_id: p.id,
      spec_id: p.specIds[0],
      qty: 10,
    });
    expect(res.statusCode).toBe(400);
    const [row] = await t.db.select().from(shoppingCarts).where(eq(shoppingCarts.memberId, member));
    expect(row!.qty).toBe(990);
  });

  it('answers 409 naming the product when it is out of its window or sold out, 404 when inactive or missing', async () => {
    const member = await insertMember(t.db);
    const ended = await insertProduct(t.db, { name: '已下檔', activityEndTime: new Date('2026-05-01T00:00:00Z') });
    const inactive = await insertProduct(t.db, { status: 0 });
    const limited = await insertProduct(t.db, { name: '限量禮盒' }, [{ name: '單盒', stock: 3 }]);
    const add = (products_id: number, spec_id: number | undefined, qty = 1) =>
      t.asMember(member, 'POST', '/api/v1/shopping-carts', { products_id, spec_id, qty });
    const res = await add(ended.id, ended.specIds[0]);
    expect(res.statusCode).toBe(409);
    expect(body(res).msg).toBe(msg.productUnavailable('已下檔'));
    expect((await add(inactive.id, inactive.specIds[0])).statusCode).toBe(404);
    expect((await add(999_999, undefined)).statusCode).toBe(404);
    expect((await add(limited.id, limited.specIds[0], 3)).statusCode).toBe(201);
    const over = await add(limited.id, limited.specIds[0], 1);
    expect(over.statusCode).toBe(409);
    expect(body(over).msg).toBe('「限量禮盒 單盒」庫存僅剩 3 件，購物車已有 3 件');
  });

  it('refuses a new quantity above the stock left with a zh-TW message and keeps the line (issue 20 item 11)', async () => {
    const member = await insertMember(t.db);
    const limited = await insertProduct(t.db, { name: '烏龍茶' }, [{ name: '150g', stock: 3 }]);
    const open = await insertProduct(t.db, {}, [{ stock: null }]);
    const line = body(
      await t.asMember(member, 'POST', '/api/v1/shopping-carts', {
        products_id: limited.id,
        spec_id: limited.specIds[0],
        qty: 2,
      }),
    ).data;
    const over = await t.asMember(member, 'PUT', `/api/v1/shopping-carts/${line.id}`, { qty: 99 });
    expect(over.statusCode).toBe(409);
    expect(body(over)).toEqual({ code: 409, msg: '「烏龍茶 150g」庫存僅剩 3 件' });
    expect(body(await t.asMember(member, 'PUT', `/api/v1/shopping-carts/${line.id}`, { qty: 3 })).data.qty).toBe(3);
    await t.db.update(productSpecs).set({ stock: 0 }).where(eq(productSpecs.id, limited.specIds[0]!));
    const soldOut = await t.asMember(member, 'PUT', `/api/v1/shopping-carts/${line.id}`, { qty: 1 });
    expect(soldOut.statusCode).toBe(409);
    expect(body(soldOut).msg).toBe('「烏龍茶 150g」已售完');
    const [row] = await t.db.select().from(shoppingCarts).where(eq(shoppingCarts.id, line.id));
    expect(row!.qty).toBe(3);
    // Untracked stock: only the line maximum applies.
    const untracked = body(
      await t.asMember(member, 'POST', '/api/v1/shopping-carts', {
        products_id: open.id,
        spec_id: open.specIds[0],
        qty: 1,
      }),
    ).data;
    expect(body(await t.asMember(member, 'PUT', `/api/v1/shopping-carts/${untracked.id}`, { qty: 999 })).data.qty).toBe(
      999,
    );
  });

  it('updates and deletes only the caller’s own lines', async () => {
    const owner = await insertMember(t.db);
    const stranger = await insertMember(t.db);
    const p = await insertProduct(t.db);
    const created = body(
      await t.asMember(owner, 'POST', '/api/v1/shopping-carts', { products_id: p.id, spec_id: p.specIds[0], qty: 1 }),
    ).data;
    expect((await t.asMember(stranger, 'PUT', `/api/v1/shopping-carts/${created.id}`, { qty: 4 })).statusCode).toBe(
      403,
    );
    expect((await t.asMember(stranger, 'DELETE', `/api/v1/shopping-carts/${created.id}`)).statusCode).toBe(403);
    expect((await t.asMember(owner, 'PUT', '/api/v1/shopping-carts/999999', { qty: 4 })).statusCode).toBe(404);
    const put = await t.asMember(owner, 'PUT', `/api/v1/shopping-carts/${created.id}`, { qty: 4, members_id: owner });
    expect(body(put).data.qty).toBe(4);
    expect((await t.asMember(owner, 'DELETE', `/api/v1/shopping-carts/${created.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(shoppingCarts).where(eq(shoppingCarts.memberId, owner))).toEqual([]);
  });

  it('answers 403 for another member’s id in the path or the body', async () => {
    const owner = await insertMember(t.db);
    const stranger = await insertMember(t.db);
    const p = await insertProduct(t.db);
    expect((await t.asMember(stranger, 'GET', `/api/v1/shopping-carts-by-members-id/${owner}`)).statusCode).toBe(403);
    expect((await t.asMember(stranger, 'DELETE', `/api/v1/shopping-carts-by-members-id/${owner}`)).statusCode).toBe(
      403,
    );
    const res = await t.asMember(stranger, 'POST', '/api/v1/shopping-carts', {
      members_id: owner,
      products_id: p.id,
      spec_id: p.specIds[0],
      qty: 1,
    });
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(shoppingCarts).where(eq(shoppingCarts.memberId, owner))).toEqual([]);
  });

  it('refuses guests: the guest cart lives in the browser', async () => {
    expect((await t.guest('GET', '/api/v1/shopping-carts-by-members-id/1')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/shopping-carts', payload: {} })).statusCode).toBe(401);
  });

  it('drops lines whose spec no longer exists and flags lines that cannot be bought now', async () => {
    const member = await insertMember(t.db);
    const gone = await insertProduct(t.db, {}, [{ name: 'A' }, { name: 'B' }]);
    const later = await insertProduct(t.db);
    const limited = await insertProduct(t.db, {}, [{ stock: 5 }]);
    for (const [p, spec] of [
      [gone, gone.specIds[1]],
      [later, later.specIds[0]],
      [limited, limited.specIds[0]],
    ] as const) {
      await t.asMember(member, 'POST', '/api/v1/shopping-carts', { products_id: p.id, spec_id: spec, qty: 2 });
    }
    await t.db.delete(productSpecs).where(eq(productSpecs.id, gone.specIds[1]!));
    await t.db.update(products).set({ status: 0 }).where(eq(products.id, later.id));
    await t.db.update(productSpecs).set({ stock: 1 }).where(eq(productSpecs.id, limited.specIds[0]!));
    const lines = body(await t.asMember(member, 'GET', `/api/v1/shopping-carts-by-members-id/${member}`)).data;
    expect(
      lines.map((l: { products_id: number; available: boolean; problem: string | null }) => [
        l.products_id,
        l.available,
        l.problem,
      ]),
    ).toEqual([
      [later.id, false, 'unavailable'],
      [limited.id, false, 'out_of_stock'],
    ]);
  });

  it('empties the cart', async () => {
    const member = await insertMember(t.db);
    const p = await insertProduct(t.db, {}, [{}, {}]);
    for (const spec of p.specIds) {
      await t.asMember(member, 'POST', '/api/v1/shopping-carts', { products_id: p.id, spec_id: spec, qty: 1 });
    }
    const res = await t.asMember(member, 'DELETE', `/api/v1/shopping-carts-by-members-id/${member}`);
    expect(body(res).data).toEqual({ deleted: 2 });
    expect(body(await t.asMember(member, 'GET', `/api/v1/shopping-carts-by-members-id/${member}`)).data).toEqual([]);
  });
});

describe('joining a guest cart at login (POST /shopping-carts-merge, issue 20 item 11)', () => {
  const merge = (member: number, payload: object) =>
    t.asMember(member, 'POST', '/api/v1/shopping-carts-merge', payload);

  it('keeps what the stock allows, says so line by line, and adds what fits', async () => {
    const member = await insertMember(t.db);
    const tea = await insertProduct(t.db, { name: '烏龍茶' }, [{ name: '150g', stock: 3 }]);
    const cups = await insertProduct(t.db, { name: '茶杯' }, [{ name: '白', stock: 5 }]);
    const gone = await insertProduct(t.db, { name: '絕版茶' }, [{ name: '罐', stock: 0 }]);
    const open = await insertProduct(t.db, { name: '茶巾' }, []);
    const giftBox = await insertPackage(t.db, { name: '中秋禮盒', stock: 2 });
    // The member already holds one cup: the guest's four join it, up to the five in stock.
    await t.asMember(member, 'POST', '/api/v1/shopping-carts', {
      products_id: cups.id,
      spec_id: cups.specIds[0],
      qty: 1,
    });
    const res = await merge(member, {
      members_id: member,
      lines: [
        { products_id: tea.id, spec_id: tea.specIds[0], qty: 99 },
        { products_id: cups.id, spec_id: cups.specIds[0], qty: 4 },
        { products_id: gone.id, spec_id: gone.specIds[0], qty: 1 },
        { products_id: open.id, spec_id: null, qty: 7 },
      ],
      packages: [{ product_packages_id: giftBox, qty: 5 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body(res).data).toEqual({
      lines: [
        {
          products_id: tea.id,
          spec_id: tea.specIds[0],
          name: '烏龍茶 150g',
          asked: 99,
          kept: 3,
          stock: 3,
          outcome: 'capped',
        },
        {
          products_id: cups.id,
          spec_id: cups.specIds[0],
          name: '茶杯 白',
          asked: 4,
          kept: 5,
          stock: 5,
          outcome: 'added',
        },
        {
          products_id: gone.id,
          spec_id: gone.specIds[0],
          name: '絕版茶 罐',
          asked: 1,
          kept: 0,
          stock: 0,
          outcome: 'sold_out',
        },
        { products_id: open.id, spec_id: null, name: '茶巾', asked: 7, kept: 7, stock: null, outcome: 'added' },
      ],
      packages: [{ product_packages_id: giftBox, name: '中秋禮盒', asked: 5, kept: 2, stock: 2, outcome: 'capped' }],
    });
    const rows = await t.db.select().from(shoppingCarts).where(eq(shoppingCarts.memberId, member));
    expect(rows.map((r) => [r.productId, r.qty]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [tea.id, 3],
      [cups.id, 5],
      [open.id, 7],
    ]);
    const packages = await t.db.select().from(packageShoppingCarts).where(eq(packageShoppingCarts.memberId, member));
    expect(packages.map((r) => r.qty)).toEqual([2]);
  });

  it('leaves out what the shop no longer sells, and never takes the member’s own units away', async () => {
    const member = await insertMember(t.db);
    const ended = await insertProduct(t.db, { name: '已下檔', activityEndTime: new Date('2026-05-01T00:00:00Z') });
    const inactivePackage = await insertPackage(t.db, { name: '舊禮盒', status: 0 });
    const shrunk = await insertProduct(t.db, { name: '紅茶' }, [{ name: '罐', stock: 5 }]);
    await t.asMember(member, 'POST', '/api/v1/shopping-carts', {
      products_id: shrunk.id,
      spec_id: shrunk.specIds[0],
      qty: 5,
    });
    await t.db.update(productSpecs).set({ stock: 2 }).where(eq(productSpecs.id, shrunk.specIds[0]!));
    const res = await merge(member, {
      lines: [
        { products_id: ended.id, spec_id: ended.specIds[0], qty: 1 },
        { products_id: 999_999, spec_id: null, qty: 1 },
        { products_id: shrunk.id, spec_id: shrunk.specIds[0], qty: 1 },
      ],
      packages: [{ product_packages_id: inactivePackage, qty: 1 }],
    });
    expect(res.statusCode).toBe(200);
    const { lines, packages } = body(res).data;
    expect(lines.map((l: { name: string; kept: number; outcome: string }) => [l.name, l.kept, l.outcome])).toEqual([
      ['已下檔 規格1', 0, 'unavailable'],
      ['', 0, 'unavailable'],
      ['紅茶 罐', 5, 'capped'],
    ]);
    expect(packages).toEqual([
      { product_packages_id: inactivePackage, name: '舊禮盒', asked: 1, kept: 0, stock: null, outcome: 'unavailable' },
    ]);
  });

  it('answers 400 for a bad line, 403 for another member, 401 for a guest; nothing is added', async () => {
    const member = await insertMember(t.db);
    const other = await insertMember(t.db);
    const p = await insertProduct(t.db);
    const bad = await merge(member, { lines: [{ products_id: p.id, spec_id: p.specIds[0], qty: 1000 }] });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors).toEqual([{ field: 'lines.0.qty', msg: msg.qtyRange }]);
    const foreign = await merge(member, {
      members_id: other,
      lines: [{ products_id: p.id, spec_id: p.specIds[0], qty: 1 }],
    });
    expect(foreign.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/shopping-carts-merge', payload: { lines: [] } })).statusCode,
    ).toBe(401);
    expect(await t.db.select().from(shoppingCarts).where(eq(shoppingCarts.memberId, member))).toEqual([]);
    expect(await t.db.select().from(shoppingCarts).where(eq(shoppingCarts.memberId, other))).toEqual([]);
  });
});

describe('package cart lines', () => {
  it('adds, sums, lists, updates and deletes package lines of the caller', async () => {
    const member = await insertMember(t.db);
    const stranger = await insertMember(t.db);
    const pkg = await insertPackage(t.db, { name: '中秋禮盒', onSalePrice: 1280 });
    const first = await t.asMember(member, 'POST', '/api/v1/package-shopping-carts', {
      members_id: member,
      product_packages_id: pkg,
      qty: 1,
    });
    expect(first.statusCode).toBe(201);
    const id = body(first).data.id;
    await t.asMember(member, 'POST', '/api/v1/package-shopping-carts', { product_packages_id: pkg, qty: 2 });
    const list = await t.asMember(member, 'GET', `/api/v1/package-shopping-carts-by-members-id/${member}`);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(body(list).data).toEqual([
      expect.objectContaining({
        id,
        product_packages_id: pkg,
        qty: 3,
        unit_price: 1280,
        available: true,
        product_package: expect.objectContaining({ id: pkg, name: '中秋禮盒', on_sale_price: 1280 }),
      }),
    ]);
    expect(
      (await t.asMember(stranger, 'GET', `/api/v1/package-shopping-carts-by-members-id/${member}`)).statusCode,
    ).toBe(403);
    expect((await t.asMember(stranger, 'PUT', `/api/v1/package-shopping-carts/${id}`, { qty: 9 })).statusCode).toBe(
      403,
    );
    expect((await t.asMember(stranger, 'DELETE', `/api/v1/package-shopping-carts/${id}`)).statusCode).toBe(403);
    expect(body(await t.asMember(member, 'PUT', `/api/v1/package-shopping-carts/${id}`, { qty: 9 })).data.qty).toBe(9);
    await t.db.update(productPackages).set({ stock: 9 }).where(eq(productPackages.id, pkg));
    const over = await t.asMember(member, 'PUT', `/api/v1/package-shopping-carts/${id}`, { qty: 10 });
    expect(over.statusCode).toBe(409);
    expect(body(over).msg).toBe('「中秋禮盒」庫存僅剩 9 件');
    expect((await t.asMember(member, 'DELETE', `/api/v1/package-shopping-carts/${id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(packageShoppingCarts).where(eq(packageShoppingCarts.memberId, member))).toEqual([]);
  });

  it.each([0, -1, 1.5, 1e9])('answers 400 for qty %j', async (qty) => {
    const member = await insertMember(t.db);
    const pkg = await insertPackage(t.db);
    const res = await t.asMember(member, 'POST', '/api/v1/package-shopping-carts', { product_packages_id: pkg, qty });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual([{ field: 'qty', msg: msg.qtyRange }]);
  });

  it('refuses an inactive package and another member’s id in the body; clears all lines', async () => {
    const member = await insertMember(t.db);
    const other = await insertMember(t.db);
    const inactive = await insertPackage(t.db, { status: 0 });
    const pkg = await insertPackage(t.db);
    expect(
      (await t.asMember(member, 'POST', '/api/v1/package-shopping-carts', { product_packages_id: inactive, qty: 1 }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.asMember(member, 'POST', '/api/v1/package-shopping-carts', {
          members_id: other,
          product_packages_id: pkg,
          qty: 1,
        })
      ).statusCode,
    ).toBe(403);
    await t.asMember(member, 'POST', '/api/v1/package-shopping-carts', { product_packages_id: pkg, qty: 1 });
    expect(
      (await t.asMember(other, 'DELETE', `/api/v1/package-shopping-carts-by-members-id/${member}`)).statusCode,
    ).toBe(403);
    const res = await t.asMember(member, 'DELETE', `/api/v1/package-shopping-carts-by-members-id/${member}`);
    expect(body(res).data).toEqual({ deleted: 1 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontReads } from '@shop/domain';
import {
  carousels,
  courseTypes,
  courses,
  memberProductRelations,
  members,
  packageTypes,
  productPackages,
  productTypes,
  products,
} from '../db/schema/index.ts';
import { insertCatalogueProduct } from '../modules/catalogue/catalogue-fixtures.ts';
import { keepCatalogue } from '../modules/catalogue/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createStorefrontReads } from './storefront-reads.ts';

const NOW = new Date('2026-06-01T04:00:00Z');
let t: TestApp;
let reads: StorefrontReads;
const ids: Record<string, number> = {};

/** The `data` of a public GET through the guest path, as a browser would get it. */
async function publicAnswer(url: string) {
  const res = await t.guest('GET', url);
  expect(res.statusCode, url).toBe(200);
  return { data: res.json().data as unknown, total: res.headers['x-total-count'] };
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  reads = createStorefrontReads({
    db: t.db,
    now: () => NOW,
    cache: t.app.responseCache,
    catalogue: keepCatalogue(t.db, t.app.responseCache),
    log: t.app.log,
  });
  const [top] = await t.db.insert(productTypes).values({ name: '保養品', level: 1, indexId: 1 }).returning();
  const [child] = await t.db
    .insert(productTypes)
    .values({ name: '臉部保養', level: 2, parentId: top!.id, indexId: 1 })
    .returning();
  ids.top = top!.id;
  for (const [i, name] of ['精華液', '化妝水', '乳液'].entries()) {
    ids[name] = await insertCatalogueProduct(
      t.db,
      { name, onSalePrice: 800 - i, banner: `demo/${i}.webp`, indexId: i },
      { typeIds: [i === 0 ? top!.id : child!.id] },
    );
  }
  const [kolOnly] = await t.db
    .insert(products)
    .values({ name: '網紅限定', price: 500, onSalePrice: 450, internetCelebrity: true })
    .returning();
  ids.kolOnly = kolOnly!.id;
  const [pkgType] = await t.db.insert(packageTypes).values({ name: '送禮首選' }).returning();
  const [pkg] = await t.db
    .insert(productPackages)
    .values({ packageTypeId: pkgType!.id, name: '禮盒', price: 2000, onSalePrice: 1800 })
    .returning();
  ids.pkg = pkg!.id;
  await t.db.insert(carousels).values({ position: 2, pic: 'demo/banner.webp', title: '商品', indexId: 1 });
  const [crafts] = await t.db.insert(courseTypes).values({ name: '生活手作', indexId: 1 }).returning();
  const [candles] = await t.db
    .insert(courseTypes)
    .values({ name: '香氛蠟燭', parentId: crafts!.id, indexId: 2 })
    .returning();
  const [closed] = await t.db.insert(courseTypes).values({ name: '停辦', status: 0 }).returning();
  ids.crafts = crafts!.id;
  for (const [i, [name, typeId, status]] of (
    [
      ['陶杯手捏', crafts!.id, 1],
      ['大豆蠟蠟燭', candles!.id, 1],
      ['停開的課', crafts!.id, 0],
      ['停辦分類的課', closed!.id, 1],
    ] as const
  ).entries()) {
    const [row] = await t.db
      .insert(courses)
      .values({ name, courseTypeId: typeId, status, createdAt: new Date(NOW.getTime() - i * 60_000) })
      .returning();
    ids[name] = row!.id;
  }
  const [kol] = await t.db
    .insert(members)
    .values({
      account: '0912345678',
      cellPhone: '0912345678',
      passwordHash: 'never-a-login',
      name: '小美',
      isInternetCelebrity: true,
      internetCelebrityCode: 'MEI',
    })
    .returning();
  await t.db.insert(memberProductRelations).values({ memberId: kol!.id, productId: kolOnly!.id });
});
afterAll(() => t.close());

describe('the server render reads what the public API answers', () => {
  it('answers the same records as the guest GETs, without HTTP', async () => {
    expect(await reads.productTypes()).toEqual((await publicAnswer('/api/v1/product-types')).data);
    expect(await reads.packageTypes()).toEqual((await publicAnswer('/api/v1/product-package-types')).data);
    expect(await reads.product(ids['精華液']!)).toEqual((await publicAnswer(`/api/v1/products/${ids['精華液']}`)).data);
    expect(await reads.package(ids.pkg!)).toEqual((await publicAnswer(`/api/v1/product-package/${ids.pkg}`)).data);
    expect(await reads.packages('送禮首選')).toEqual(
      (await publicAnswer(`/api/v1/product-package-by-name/${encodeURIComponent('送禮首選')}`)).data,
    );
    expect(await reads.carousels(2)).toEqual((await publicAnswer('/api/v1/carousels?position=2')).data);
    expect(await reads.influencer('MEI')).toEqual(
      (await publicAnswer('/api/v1/members-by-internet-celebrity-code/MEI')).data,
    );
    expect(await reads.influencerRelations('MEI')).toEqual(
      (await publicAnswer('/api/v1/member-product-relation-by-internet-celebrity-code/MEI')).data,
    );
  });

  it('pages the product list with its total, a level-1 type including its children', async () => {
    const page = await reads.products({ type: ids.top!, page: 1, size: 2 });
    const http = await publicAnswer(`/api/v1/products?type=${ids.top}&page=1&size=2`);
    expect(page.items).toEqual(http.data);
    expect(page.total).toBe(3);
    expect(String(page.total)).toBe(http.total);
    // Influencer-only products are left out of lists, as on the API.
    const all = await reads.products({});
    expect(all.items.map((p) => p.name)).not.toContain('網紅限定');
  });

  it('reads the shown courses and course types, a page of a type with its children', async () => {
    expect(await reads.courseTypes()).toEqual((await publicAnswer('/api/v1/course-types')).data);
    expect(await reads.courses()).toEqual((await publicAnswer('/api/v1/courses')).data);
    expect((await reads.courses()).map((c) => c.name)).toEqual(['陶杯手捏', '大豆蠟蠟燭']);
    expect(await reads.course(ids['大豆蠟蠟燭']!)).toEqual(
      (await publicAnswer(`/api/v1/courses/${ids['大豆蠟蠟燭']}`)).data,
    );
    const all = await reads.coursePage(null, 2, 1);
    expect(all).toEqual({ items: [expect.objectContaining({ name: '大豆蠟蠟燭' })], total: 2 });
    const http = await publicAnswer(`/api/v1/courses-by-parent/${ids.crafts}?page=1&size=12`);
    const ofType = await reads.coursePage(ids.crafts!, 1, 12);
    expect(ofType.items).toEqual(http.data);
    expect(String(ofType.total)).toBe(http.total);
    expect(ofType.items.map((c) => c.name)).toEqual(['陶杯手捏', '大豆蠟蠟燭']);
    expect(await reads.course(ids['停開的課']!)).toBeNull();
    expect(await reads.course(ids['停辦分類的課']!)).toBeNull();
    expect(await reads.course(999_999)).toBeNull();
    expect(await reads.coursePage(999_999, 1, 12)).toEqual({ items: [], total: 0 });
  });

  it('answers null for what does not exist or is hidden, instead of throwing', async () => {
    expect(await reads.product(999_999)).toBeNull();
    expect(await reads.package(999_999)).toBeNull();
    expect(await reads.bundle(999_999)).toBeNull();
    expect(await reads.influencer('NOBODY')).toBeNull();
    expect(await reads.influencerRelations('NOBODY')).toEqual([]);
    // What could never be a code is nobody's, without asking the database.
    expect(await reads.influencer('\u0000; DROP')).toBeNull();
    expect(await reads.influencerRelationPage('x'.repeat(500), 1, 12)).toEqual({ items: [], total: 0 });
  });

  it('shares one frozen answer between renders, and reads again after a back-office change', async () => {
    const first = await reads.productTypes();
    expect(await reads.productTypes()).toBe(first);
    expect(Object.isFrozen(first[0])).toBe(true);
    expect(() => {
      (first[0] as { name: string }).name = '改掉';
    }).toThrow(TypeError);

    const record = await t.asStaff('staff', 'GET', `/api/v1/admin/product-types/${ids.top}`);
    const res = await t.asStaff('staff', 'PUT', `/api/v1/admin/product-types/${ids.top}`, {
      name: '保養系列',
      status: 1,
      index_id: 1,
      version: record.json().data.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await reads.productTypes();
    expect(after).not.toBe(first);
    expect(after.find((type) => type.id === ids.top)?.name).toBe('保養系列');
  });
});

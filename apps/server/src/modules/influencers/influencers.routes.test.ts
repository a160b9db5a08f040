import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscountKind, Status } from '@shop/domain';
import { memberProductRelations, members, productSpecs, products } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const NOW = new Date('2026-06-01T04:00:00Z');
const day = 86_400_000;
let t: TestApp;
const ids: Record<string, number> = {};

async function addMember(account: string, extra: Partial<typeof members.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(members)
    .values({ account, passwordHash: 'argon2-hash-never-shown', cellPhone: account, name: account, ...extra })
    .returning();
  return row!.id;
}

async function addProduct(name: string, extra: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(products)
    .values({ name, price: 1000, onSalePrice: 800, banner: `demo/${name}.webp`, ...extra })
    .returning();
  await t.db.insert(productSpecs).values({ productId: row!.id, name: '標準', price: 1000, onSalePrice: 800 });
  ids[name] = row!.id;
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  ids.kol = await addMember('0922222222', {
    name: '林美玲',
    avatar: 'members/mei.webp',
    email: 'mei@example.tw',
    isInternetCelebrity: true,
    internetCelebrityCode: 'MEIKOL',
    celebrityDiscountType: DiscountKind.PercentOn,
    celebrityDiscountValue: 90,
  });
  ids.former = await addMember('0933333333', { isInternetCelebrity: false, internetCelebrityCode: 'FORMER' });
  ids.inactive = await addMember('0944444444', {
    isInternetCelebrity: true,
    internetCelebrityCode: 'SLEEPY',
    status: Status.InActive,
  });
  ids.bare = await addMember('0955555555', { isInternetCelebrity: true, internetCelebrityCode: 'NODISC' });

  // Relations of MEIKOL, in index order: shown, influencer-only (shown), then the ones that must not show.
  const shown = await addProduct('精華液', { indexId: 9 });
  const only = await addProduct('網紅限定組', { internetCelebrity: true, indexId: 1 });
  const offSale = await addProduct('停售商品', { status: Status.InActive });
  const ended = await addProduct('過期商品', { activityEndTime: new Date(NOW.getTime() - day) });
  const future = await addProduct('未上架商品', { activityStartTime: new Date(NOW.getTime() + day) });
  const paused = await addProduct('暫停推薦');
  await t.db.insert(memberProductRelations).values([
    { memberId: ids.kol, productId: shown, indexId: 1 },
    { memberId: ids.kol, productId: only, indexId: 2 },
    { memberId: ids.kol, productId: offSale, indexId: 3 },
    { memberId: ids.kol, productId: ended, indexId: 4 },
    { memberId: ids.kol, productId: future, indexId: 5 },
    { memberId: ids.kol, productId: paused, indexId: 6, status: Status.InActive },
    { memberId: ids.former, productId: shown, indexId: 1 },
    { memberId: ids.inactive, productId: shown, indexId: 1 },
  ]);
  // 15 more for paging.
  for (let i = 1; i <= 15; i += 1) {
    const id = await addProduct(`加購品${String(i).padStart(2, '0')}`);
    await t.db.insert(memberProductRelations).values({ memberId: ids.kol, productId: id, indexId: 10 + i });
  }
});

afterAll(() => t?.close());

describe('GET /members-by-internet-celebrity-code/{code}', () => {
  it('answers only the public profile of an influencer, with the celebrity discount', async () => {
    const res = await t.guest('GET', '/api/v1/members-by-internet-celebrity-code/MEIKOL');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: ids.kol,
      name: '林美玲',
      avatar: 'members/mei.webp',
      code: 'MEIKOL',
      is_internet_celebrity: true,
      celebrity_discount: { type: DiscountKind.PercentOn, value: 90 },
    });
    const text = res.body;
    for (const secret of ['0922222222', 'argon2', 'mei@example.tw', 'password', 'token']) {
      expect(text).not.toContain(secret);
    }
  });

  it('gives no discount when the influencer has none', async () => {
    const res = await t.guest('GET', '/api/v1/members-by-internet-celebrity-code/NODISC');
    expect(res.json().data.celebrity_discount).toBeNull();
  });

  it.each([
    ['an unknown code', 'NOBODY'],
    ['a member who is no longer an influencer', 'FORMER'],
    ['an inactive influencer', 'SLEEPY'],
    ['another case of the code', 'meikol'],
  ])('answers the same 404 for %s', async (_name, code) => {
    const res = await t.guest('GET', `/api/v1/members-by-internet-celebrity-code/${code}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '找不到此推薦碼' });
  });

  it.each([
    ['too short', 'AB'],
    ['too long', 'A'.repeat(33)],
    ['SQL', encodeURIComponent("' OR 1=1 --")],
    ['wildcards', encodeURIComponent('%_%')],
    ['script', encodeURIComponent('<script>')],
  ])('answers 400, not 500, for a code that is %s', async (_name, code) => {
    const res = await t.guest('GET', `/api/v1/members-by-internet-celebrity-code/${code}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBeTruthy();
  });

  it('needs the guest credential or a token (spec §6)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/guest/members-by-internet-celebrity-code/MEIKOL' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /member-product-relation-by-internet-celebrity-code/{code}', () => {
  const url = (code: string, query = '') =>
    `/api/v1/member-product-relation-by-internet-celebrity-code/${code}${query}`;
  const productNames = (body: { data: Array<{ product: { name: string } }> }) => body.data.map((r) => r.product.name);

  it('lists Active relations with an active, in-window product, in relation order (spec §4)', async () => {
    const res = await t.guest('GET', url('MEIKOL'));
    expect(res.statusCode).toBe(200);
    const names = productNames(res.json());
    expect(names.slice(0, 2)).toEqual(['精華液', '網紅限定組']);
    expect(names).toHaveLength(17);
    for (const hidden of ['停售商品', '過期商品', '未上架商品', '暫停推薦']) expect(names).not.toContain(hidden);
  });

  it('gives each relation with its status and nested product (spec §3)', async () => {
    const [first] = (await t.guest('GET', url('MEIKOL'))).json().data;
    expect(first).toMatchObject({
      members_id: ids.kol,
      status: Status.Active,
      index_id: 1,
      product: { id: ids['精華液'], name: '精華液', price: 1000, on_sale_price: 800, status: Status.Active },
    });
    expect(first.product.product_specs).toHaveLength(1);
  });

  it('pages by 12 with the full count (spec §9)', async () => {
    const first = await t.guest('GET', url('MEIKOL', '?page=1'));
    expect(first.json().data).toHaveLength(12);
    expect(first.headers['x-total-count']).toBe('17');
    const second = await t.guest('GET', url('MEIKOL', '?page=2'));
    expect(productNames(second.json())).toEqual(['加購品11', '加購品12', '加購品13', '加購品14', '加購品15']);
    const past = await t.guest('GET', url('MEIKOL', '?page=9'));
    expect(past.json().data).toEqual([]);
    expect(past.headers['x-total-count']).toBe('17');
  });

  it.each(['FORMER', 'SLEEPY', 'NOBODY'])(
    'answers an empty list for %s (the page shows its empty state)',
    async (code) => {
      const res = await t.guest('GET', url(code, '?page=1'));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
      expect(res.headers['x-total-count']).toBe('0');
    },
  );

  it.each(['?page=0', '?page=abc', '?page=-1', '?size=1000', "?page=1'--"])(
    'answers 400, not 500, for %s',
    async (query) => {
      const res = await t.guest('GET', url('MEIKOL', query));
      expect(res.statusCode).toBe(400);
    },
  );

  it('works for a logged-in member too', async () => {
    const res = await t.asMember(ids.former!, 'GET', url('MEIKOL', '?page=1'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(12);
  });
});

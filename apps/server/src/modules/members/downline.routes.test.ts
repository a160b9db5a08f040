import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, PaymentMethod, msg } from '@shop/domain';
import { orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addLevel, addMember } from './member-fixtures.ts';

// 2026-06-20 12:00 Taipei.
const NOW = new Date('2026-06-20T04:00:00Z');
let t: TestApp;
const ids: Record<string, number> = {};
let orderSeq = 0;

/** A completed, paid order of `memberId` shipped at `shipped` (Taipei wall time +08:00). */
async function addOrder(
  memberId: number,
  shipped: string,
  payAmount: number,
  over: Partial<typeof orders.$inferInsert> = {},
) {
  orderSeq += 1;
  await t.db.insert(orders).values({
    orderNumber: `T2026${String(orderSeq).padStart(6, '0')}`,
    memberId,
    memberCellphone: '0900000000',
    paymentType: PaymentMethod.Transfer,
    isPayment: true,
    isShipping: true,
    shipDate: new Date(`${shipped}+08:00`),
    status: OrderStatus.Complete,
    goodsAmount: payAmount,
    shipping: 100,
    payAmount: payAmount + 100,
    recvName: '收件人',
    recvCellphone: '0900000000',
    ...over,
  });
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const gold = await addLevel(t, '金卡會員', 10_000);
  // ming ← hua ← kai, ming ← lan; pei is nobody's.
  ids.ming = await addMember(t, '0911111111', { name: '王小明' });
  ids.hua = await addMember(t, '0912222222', { name: '李小華', referrerId: ids.ming, memberLevelId: gold });
  ids.lan = await addMember(t, '0913333333', { name: '張蘭', referrerId: ids.ming });
  ids.kai = await addMember(t, '0914444444', { name: '歐陽開心', referrerId: ids.hua });
  ids.deep = await addMember(t, '0915555555', { name: '第三層', referrerId: ids.kai });
  ids.pei = await addMember(t, '0916666666', { name: '陳佩' });

  // June 2026: approved = shipped + 7 days, at the end of that Taipei day; NOW is 06-20 noon.
  await addOrder(ids.hua, '2026-05-28T10:00:00', 1_000); // approved 06-05 00:00 → June
  await addOrder(ids.hua, '2026-06-05T10:00:00', 2_999); // approved 06-13 → June
  await addOrder(ids.hua, '2026-06-15T10:00:00', 5_000); // approved 06-23: not yet
  await addOrder(ids.hua, '2026-06-01T10:00:00', 9_000, { isReturn: true }); // returned
  await addOrder(ids.kai, '2026-06-02T10:00:00', 4_000); // level 2
  await addOrder(ids.deep, '2026-06-02T10:00:00', 8_000); // level 3: not counted
  await addOrder(ids.pei, '2026-06-02T10:00:00', 8_000); // outside the downline
  await addOrder(ids.lan, '2026-05-20T10:00:00', 700); // approved 05-28: May
});

afterAll(() => t?.close());

describe('GET /members-find-2-level-by-account/{account}', () => {
  it('lists the two levels below the member, names and numbers masked, no-store', async () => {
    const res = await t.asMember(ids.ming!, 'GET', '/api/v1/members-find-2-level-by-account/0911111111');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(data.account).toBe('0911111111');
    expect(data.members).toEqual([
      expect.objectContaining({
        id: ids.hua,
        name: '李*華',
        account: '0912***222',
        level: 1,
        referrer_id: ids.ming,
        member_level_name: '金卡會員',
      }),
      expect.objectContaining({ id: ids.lan, name: '張*', account: '0913***333', level: 1, referrer_id: ids.ming }),
      expect.objectContaining({ id: ids.kai, name: '歐**心', level: 2, referrer_id: ids.hua }),
    ]);
    expect(res.body).not.toContain('0912222222');
  });

  it('answers an empty list for a member nobody joined through', async () => {
    const res = await t.asMember(ids.pei!, 'GET', '/api/v1/members-find-2-level-by-account/0916666666');
    expect(res.json().data.members).toEqual([]);
  });

  it("answers 403 for another member's account", async () => {
    const res = await t.asMember(ids.pei!, 'GET', '/api/v1/members-find-2-level-by-account/0911111111');
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(msg.forbidden);
  });

  it('answers 401 to guests and 400 for a malformed account', async () => {
    expect((await t.guest('GET', '/api/v1/members-find-2-level-by-account/0911111111')).statusCode).toBe(401);
    expect((await t.asMember(ids.ming!, 'GET', '/api/v1/members-find-2-level-by-account/0911')).statusCode).toBe(400);
  });
});

describe('GET /members-find-2-level-by-account-with-calc-approve-revenue-bonus/{account}', () => {
  const url = (account: string, query = '') =>
    `/api/v1/members-find-2-level-by-account-with-calc-approve-revenue-bonus/${account}${query}`;

  it('pays 5 % of level 1 and 2 % of level 2 revenue approved in the current Taipei month', async () => {
    const res = await t.asMember(ids.ming!, 'GET', url('0911111111'));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ account: '0911111111', month: '2026-06', percent: { 1: 5, 2: 2 } });
    const line = (id: number) => data.members.find((m: { id: number }) => m.id === id);
    // hua: 1,000 + 2,999 (shipping excluded); the unapproved and the returned order left out.
    expect(line(ids.hua!)).toMatchObject({ level: 1, order_count: 2, approved_revenue: 3_999, bonus: 199 });
    expect(line(ids.lan!)).toMatchObject({ level: 1, order_count: 0, approved_revenue: 0, bonus: 0 });
    expect(line(ids.kai!)).toMatchObject({ level: 2, order_count: 1, approved_revenue: 4_000, bonus: 80 });
    expect(data.members).toHaveLength(3);
    expect(data.total_revenue).toBe(7_999);
    expect(data.total_bonus).toBe(279);
  });

  it('answers another month on ?month=YYYY-MM', async () => {
    const data = (await t.asMember(ids.ming!, 'GET', url('0911111111', '?month=2026-05'))).json().data;
    expect(data.month).toBe('2026-05');
    expect(data.total_revenue).toBe(700);
    expect(data.total_bonus).toBe(35);
  });

  it.each(['?month=2026-13', '?month=june', '?month=2026-06&x=1'])('answers 400 for %s', async (query) => {
    expect((await t.asMember(ids.ming!, 'GET', url('0911111111', query))).statusCode).toBe(400);
  });

  it("answers 403 for another member's account", async () => {
    expect((await t.asMember(ids.hua!, 'GET', url('0911111111'))).statusCode).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DiscountKind } from '@shop/domain';
import { bonusLedger, contactMessages, memberLevels } from '../../db/schema/index.ts';
import { errorsByField } from '../../test/replies.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertMember, insertOrder, insertProduct, productLine } from '../admin-orders/test-fixtures.ts';

const NOW = new Date('2026-06-10T04:00:00Z');
let t: TestApp;
let goldLevel: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const [gold] = await t.db.insert(memberLevels).values({ name: '金卡會員', threshold: 10000 }).returning();
  goldLevel = gold!.id;
});
afterAll(() => t?.close());

type Res = Awaited<ReturnType<TestApp['asStaff']>>;
const data = (res: Res) => res.json().data;

function memberUpdate(version: number, change: Record<string, unknown> = {}) {
  return {
    version,
    member_level_id: null,
    status: 1,
    is_internet_celebrity: false,
    internet_celebrity_code: '',
    celebrity_discount_type: null,
    celebrity_discount_value: null,
    ...change,
  };
}

describe('members', () => {
  it('lists and searches members; a member token is refused', async () => {
    await insertMember(t.db, { name: '林小花', cellPhone: '0966123456', account: '0966123456' }, 20);
    const found = await t.asStaff('staff', 'GET', `/api/v1/admin/members?keyword=${encodeURIComponent('小花')}`);
    expect(found.statusCode).toBe(200);
    expect(data(found)).toEqual([expect.objectContaining({ name: '林小花', bonus: 20 })]);
    expect(found.headers['x-total-count']).toBe('1');
    expect((await t.asMember(1, 'GET', '/api/v1/admin/members')).statusCode).toBe(401);
  });

  it('shows a member with orders, changes the level, makes an influencer with a code, and answers 409 when stale', async () => {
    const member = await insertMember(t.db, { name: '張網紅' }, 0);
    const tea = await insertProduct(t.db, '冷泡茶', 300);
    const order = await insertOrder(t.db, { memberId: member.id, lines: [productLine(tea, 1)] });
    const detail = data(await t.asStaff('staff', 'GET', `/api/v1/admin/members/${member.id}`));
    expect(detail.orders.map((o: { id: number }) => o.id)).toEqual([order.id]);

    const noCode = await t.asStaff(
      'staff',
      'PUT',
      `/api/v1/admin/members/${member.id}`,
      memberUpdate(detail.version, { is_internet_celebrity: true }),
    );
    expect(errorsByField(noCode).internet_celebrity_code).toBe('網紅會員須設定推薦碼');

    const saved = await t.asStaff(
      'staff',
      'PUT',
      `/api/v1/admin/members/${member.id}`,
      memberUpdate(detail.version, {
        member_level_id: goldLevel,
        is_internet_celebrity: true,
        internet_celebrity_code: 'TEAKOL',
        celebrity_discount_type: DiscountKind.PercentOn,
        celebrity_discount_value: 90,
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data(saved)).toMatchObject({ member_level_id: goldLevel, internet_celebrity_code: 'TEAKOL' });
    const stale = await t.asStaff('staff', 'PUT', `/api/v1/admin/members/${member.id}`, memberUpdate(detail.version));
    expect(stale.statusCode).toBe(409);

    // The influencer page (spec §7) now answers for the code.
    const other = await insertMember(t.db);
    const otherDetail = data(await t.asStaff('staff', 'GET', `/api/v1/admin/members/${other.id}`));
    const taken = await t.asStaff(
      'staff',
      'PUT',
      `/api/v1/admin/members/${other.id}`,
      memberUpdate(otherDetail.version, { is_internet_celebrity: true, internet_celebrity_code: 'TEAKOL' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(errorsByField(taken).internet_celebrity_code).toBe('此推薦碼已被使用');
  });

  it('adjusts bonus points with a reason, writes the ledger, and refuses going below zero', async () => {
    const member = await insertMember(t.db, {}, 100);
    const noReason = await t.asStaff('staff', 'POST', `/api/v1/admin/members/${member.id}/bonus-adjustments`, {
      delta: 50,
      reason: '',
    });
    expect(errorsByField(noReason).reason).toBe('此欄位為必填');
    const added = await t.asStaff('staff', 'POST', `/api/v1/admin/members/${member.id}/bonus-adjustments`, {
      delta: 50,
      reason: '客訴補償',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(data(added)).toEqual({ bonus: 150 });
    const [entry] = await t.db.select().from(bonusLedger).where(eq(bonusLedger.memberId, member.id));
    expect(entry).toMatchObject({ delta: 50, reason: '客訴補償', staffId: await t.staffId('staff') });
    const tooMuch = await t.asStaff('staff', 'POST', `/api/v1/admin/members/${member.id}/bonus-adjustments`, {
      delta: -500,
      reason: '誤發',
    });
    expect(errorsByField(tooMuch).delta).toBe('紅利點數不足，無法扣除');
  });

  it('adds, hides and removes a recommended product', async () => {
    const member = await insertMember(t.db, { isInternetCelebrity: true, internetCelebrityCode: 'KOLTWO' });
    const cup = await insertProduct(t.db, '隨行杯', 450);
    const options = await t.asStaff(
      'staff',
      'GET',
      `/api/v1/admin/members/product-options?keyword=${encodeURIComponent('隨行')}`,
    );
    expect(data(options).map((o: { id: number }) => o.id)).toContain(cup.product.id);

    const added = await t.asStaff('staff', 'POST', `/api/v1/admin/members/${member.id}/product-relations`, {
      product_id: cup.product.id,
    });
    expect(added.statusCode, added.body).toBe(201);
    const twice = await t.asStaff('staff', 'POST', `/api/v1/admin/members/${member.id}/product-relations`, {
      product_id: cup.product.id,
    });
    expect(twice.statusCode).toBe(409);
    const pub = await t.guest('GET', '/api/v1/member-product-relation-by-internet-celebrity-code/KOLTWO');
    expect(pub.json().data.map((r: { product: { id: number } }) => r.product.id)).toEqual([cup.product.id]);

    const relation = data(added);
    const hidden = await t.asStaff('staff', 'PUT', `/api/v1/admin/member-product-relations/${relation.id}`, {
      status: 0,
      index_id: 2,
    });
    expect(data(hidden)).toMatchObject({ status: 0, index_id: 2 });
    expect(
      (await t.guest('GET', '/api/v1/member-product-relation-by-internet-celebrity-code/KOLTWO')).json().data,
    ).toEqual([]);
    expect(
      (await t.asStaff('staff', 'DELETE', `/api/v1/admin/member-product-relations/${relation.id}`)).statusCode,
    ).toBe(200);
    expect(
      (await t.asStaff('staff', 'DELETE', `/api/v1/admin/member-product-relations/${relation.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('the contact inbox', () => {
  it('lists messages with the unread count and marks one read', async () => {
    const [message] = await t.db
      .insert(contactMessages)
      .values({ name: '王先生', phone: '0912000111', email: 'wang@example.tw', content: '請問有實體店嗎？' })
      .returning();
    const unread = await t.asStaff('staff', 'GET', '/api/v1/admin/contact-messages?state=unread');
    expect(unread.headers['x-unread-count']).toBe('1');
    expect(data(unread)).toEqual([expect.objectContaining({ id: message!.id, is_read: false })]);

    const read = await t.asStaff('staff', 'PUT', `/api/v1/admin/contact-messages/${message!.id}/read`, { read: true });
    expect(data(read)).toMatchObject({ is_read: true, read_at: NOW.toISOString() });
    const after = await t.asStaff('staff', 'GET', '/api/v1/admin/contact-messages');
    expect(after.headers['x-unread-count']).toBe('0');
    expect(
      (await t.asStaff('staff', 'PUT', '/api/v1/admin/contact-messages/999999/read', { read: true })).statusCode,
    ).toBe(404);
    expect((await t.asMember(1, 'GET', '/api/v1/admin/contact-messages')).statusCode).toBe(401);
  });
});

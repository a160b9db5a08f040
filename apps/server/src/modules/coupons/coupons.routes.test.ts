// Member-level prices and coupons through the API (issue 21 item 3, docs/decisions/061): the owner's
// coupons, the quote and the order priced by the server, the use taken once, given back on cancel,
// and the limit held under concurrent orders (real overlap on PostgreSQL; one after another on PGlite).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CouponKind, couponMsg, invoiceItemsOf } from '@shop/domain';
import { couponRedemptions, coupons, memberLevels, orders } from '../../db/schema/index.ts';
import { insertCancelRecord } from '../admin-orders/test-fixtures.ts';
import { invoiceOrderOf } from '../orders/index.ts';
import { insertCartLine, insertMember, insertProduct, orderBody, useOrderTestApp } from '../orders/order-fixtures.ts';

let seq = 0;

const t = useOrderTestApp({ settings: { freeShippingThreshold: 5000 } });

const day = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function couponForm(extra: Record<string, unknown> = {}) {
  seq += 1;
  return {
    code: `save${seq}x`,
    name: '滿千折百',
    kind: CouponKind.Amount,
    value: 100,
    min_spend: 1000,
    valid_from: iso(-day),
    valid_until: iso(30 * day),
    usage_limit: null,
    per_member_once: true,
    status: 1,
    ...extra,
  };
}

async function createCoupon(extra: Record<string, unknown> = {}) {
  const res = await t.asStaff('owner', 'POST', '/api/v1/admin/coupons', couponForm(extra));
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; code: string; version: number };
}

/** A member with one NT$600 × qty line in the cart (qty 2 = NT$1,200 of goods). */
async function shopper(qty = 2, values: Parameters<typeof insertMember>[1] = {}) {
  const member = await insertMember(t.db, values);
  const p = await insertProduct(t.db, {}, [{ onSalePrice: 600, stock: 1000 }]);
  await insertCartLine(t.db, member, p.id, p.specIds[0]!, qty);
  return member;
}

const quote = (member: number, body: Record<string, unknown>) =>
  t.asMember(member, 'POST', '/api/v1/orders-preview', body);
const order = (member: number, extra: Record<string, unknown> = {}) =>
  t.asMember(member, 'POST', '/api/v1/orders', orderBody(extra));

describe('the owner’s coupons', () => {
  it('creates a coupon with an upper-case code and lists it', async () => {
    const created = await createCoupon({ code: ' spring-50 ', kind: CouponKind.Percent, value: 10, min_spend: '' });
    expect(created).toMatchObject({ code: 'SPRING-50', used_count: 0, min_spend: 0, description: '10% off（9 折）' });
    const list = await t.asStaff('owner', 'GET', '/api/v1/admin/coupons?q=spring');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { code: string }) => c.code)).toEqual(['SPRING-50']);
  });

  it('refuses a code already taken, bad values and unknown fields with zh-TW field errors', async () => {
    const first = await createCoupon();
    const taken = await t.asStaff('owner', 'POST', '/api/v1/admin/coupons', couponForm({ code: first.code }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toContainEqual({ field: 'code', msg: couponMsg.codeTaken });
    const bad = await t.asStaff(
      'owner',
      'POST',
      '/api/v1/admin/coupons',
      couponForm({ kind: CouponKind.Percent, value: 120, usage_limit: 0, valid_until: iso(-2 * day) }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'value', msg: couponMsg.percentRange },
        { field: 'usage_limit', msg: couponMsg.limitRange },
        { field: 'valid_until', msg: couponMsg.windowOrder },
      ]),
    );
    const junk = await t.asStaff('owner', 'POST', '/api/v1/admin/coupons', { ...couponForm(), used_count: 0 });
    expect(junk.statusCode).toBe(400);
  });

  it('is the owner’s alone: staff and members are refused', async () => {
    expect((await t.asStaff('staff', 'GET', '/api/v1/admin/coupons')).statusCode).toBe(403);
    expect((await t.asStaff('staff', 'POST', '/api/v1/admin/coupons', couponForm())).statusCode).toBe(403);
    const member = await insertMember(t.db);
    expect((await t.asMember(member, 'GET', '/api/v1/admin/coupons')).statusCode).toBe(401);
  });

  it('edits under the version and deletes an unused coupon; a used one is kept', async () => {
    const c = await createCoupon();
    const { id: _id, version: _v, ...form } = { ...couponForm({ code: c.code, name: '改名' }), id: 0, version: 0 };
    const edited = await t.asStaff('owner', 'PUT', `/api/v1/admin/coupons/${c.id}`, { ...form, version: c.version });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.name).toBe('改名');
    const stale = await t.asStaff('owner', 'PUT', `/api/v1/admin/coupons/${c.id}`, { ...form, version: c.version });
    expect(stale.statusCode).toBe(409);

    const member = await shopper();
    expect((await order(member, { coupon_code: c.code })).statusCode).toBe(201);
    const used = await t.asStaff('owner', 'DELETE', `/api/v1/admin/coupons/${c.id}?version=${c.version + 1}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().msg).toBe(couponMsg.inUse);

    const unused = await createCoupon();
    const gone = await t.asStaff('owner', 'DELETE', `/api/v1/admin/coupons/${unused.id}?version=${unused.version}`);
    expect(gone.statusCode).toBe(200);
  });
});

describe('member-level prices', () => {
  it('takes the level percent off the quote and the order, and the owner sets it in the bonus settings', async () => {
    const [level] = await t.db
      .insert(memberLevels)
      .values({ name: '金卡會員', threshold: 30_000, discountPercent: 5 })
      .returning();
    const member = await shopper(2, { memberLevelId: level!.id });
    const q = await quote(member, {});
    expect(q.statusCode).toBe(200);
    expect(q.json().data).toMatchObject({
      goods_amount: 1200,
      level: { name: '金卡會員', discount_percent: 5 },
      level_discount: 60,
      net_goods_amount: 1140,
      pay_amount: 1240,
    });
    const placed = await order(member);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data).toMatchObject({ level_discount: 60, pay_amount: 1240 });

    const settings = (await t.asStaff('owner', 'GET', '/api/v1/admin/settings')).json().data.bonus;
    expect(settings.levels).toContainEqual(expect.objectContaining({ id: level!.id, discount_percent: 5 }));
    const levels = settings.levels.map((l: { id: number; bonus_rate: number }) => ({
      id: l.id,
      bonus_rate: l.bonus_rate,
      discount_percent: l.id === level!.id ? 60 : 0,
    }));
    const tooMuch = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/bonus', { ...settings, levels });
    expect(tooMuch.statusCode).toBe(400);
    expect(JSON.stringify(tooMuch.json().errors)).toContain('會員折扣最多 50%');
  });
});

describe('coupons at checkout', () => {
  it('quotes a coupon: unknown, below the minimum, then applied', async () => {
    const c = await createCoupon();
    const member = await shopper(1);
    expect((await quote(member, { coupon_code: 'nope' })).json().data).toMatchObject({
      coupon: null,
      coupon_discount: 0,
      coupon_error: couponMsg.notFound,
    });
    expect((await quote(member, { coupon_code: c.code.toLowerCase() })).json().data).toMatchObject({
      coupon: null,
      coupon_error: couponMsg.minSpend(1000),
      pay_amount: 700,
    });
    await insertCartLine(t.db, member, ...(await productLine()));
    expect((await quote(member, { coupon_code: c.code })).json().data).toMatchObject({
      goods_amount: 1200,
      coupon: { code: c.code, name: '滿千折百', discount: 100 },
      coupon_discount: 100,
      coupon_error: null,
      pay_amount: 1200,
    });
  });

  it('stores the coupon on the order, records its use once, and refuses a second use by the same member', async () => {
    const c = await createCoupon();
    const member = await shopper();
    const placed = await order(member, { coupon_code: c.code });
    expect(placed.statusCode).toBe(201);
    const view = placed.json().data;
    expect(view).toMatchObject({ coupon_code: c.code, coupon_discount: 100, pay_amount: 1200 });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, view.id));
    expect(row).toMatchObject({ couponId: c.id, couponCode: c.code, couponDiscount: 100 });
    const uses = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, view.id));
    expect(uses).toMatchObject([{ couponId: c.id, memberId: member, discount: 100, releasedAt: null }]);
    const [stored] = await t.db.select().from(coupons).where(eq(coupons.id, c.id));
    expect(stored!.usedCount).toBe(1);

    // The e-invoice shows the coupon as a line and adds up to what was paid.
    const invoice = invoiceItemsOf(invoiceOrderOf(row!));
    expect(invoice.amount).toBe(1200);
    expect(invoice.items.map((i) => [i.ItemName, i.ItemAmount])).toContainEqual([`優惠券折抵 ${c.code}`, -100]);

    await insertCartLine(t.db, member, ...(await productLine(2)));
    const again = await order(member, { coupon_code: c.code });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([{ field: 'coupon_code', msg: couponMsg.usedByYou }]);
    expect((await quote(member, { coupon_code: c.code })).json().data.coupon_error).toBe(couponMsg.usedByYou);
  });

  it('refuses an expired, a not yet valid and a withdrawn coupon, and one below its minimum, writing nothing', async () => {
    const expired = await createCoupon({ valid_from: iso(-10 * day), valid_until: iso(-day) });
    const early = await createCoupon({ valid_from: iso(day) });
    const off = await createCoupon({ status: 0 });
    const high = await createCoupon({ min_spend: 5000 });
    const member = await shopper();
    for (const [code, message] of [
      [expired.code, couponMsg.expired],
      [early.code, couponMsg.notStarted],
      [off.code, couponMsg.notFound],
      [high.code, couponMsg.minSpend(5000)],
    ] as const) {
      const res = await order(member, { coupon_code: code });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'coupon_code', msg: message }]);
    }
    expect(await t.db.select().from(orders).where(eq(orders.memberId, member))).toHaveLength(0);
  });

  it('gives the use back when the unpaid order is cancelled, so the member may use it again', async () => {
    const c = await createCoupon({ usage_limit: 1 });
    const member = await shopper();
    const placed = (await order(member, { coupon_code: c.code })).json().data;
    const cancelled = await t.asMember(member, 'PUT', `/api/v1/orders/${placed.id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    const [stored] = await t.db.select().from(coupons).where(eq(coupons.id, c.id));
    expect(stored!.usedCount).toBe(0);
    const [use] = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, placed.id));
    expect(use!.releasedAt).not.toBeNull();

    await insertCartLine(t.db, member, ...(await productLine(2)));
    expect((await order(member, { coupon_code: c.code })).statusCode).toBe(201);
    const other = await shopper();
    const refused = await order(other, { coupon_code: c.code });
    expect(refused.json().errors).toEqual([{ field: 'coupon_code', msg: couponMsg.usedUp }]);
  });

  it('gives the use back when the shop approves the cancel request of a paid order', async () => {
    const c = await createCoupon({ usage_limit: 2 });
    const member = await shopper();
    const placed = (await order(member, { coupon_code: c.code })).json().data;
    const [paid] = await t.db
      .update(orders)
      .set({ isPayment: true, paidAt: new Date() })
      .where(eq(orders.id, placed.id))
      .returning();
    await insertCancelRecord(t.db, paid!);
    const approved = await t.asStaff('staff', 'POST', `/api/v1/admin/orders/${placed.id}/cancel-request/approve`, {
      version: paid!.version,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [stored] = await t.db.select().from(coupons).where(eq(coupons.id, c.id));
    expect(stored!.usedCount).toBe(0);
    const [use] = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, placed.id));
    expect(use!.releasedAt).not.toBeNull();
  });

  it('validates the code as input: too long is refused with the zh-TW message, never a 500', async () => {
    const member = await shopper();
    const res = await quote(member, { coupon_code: 'X'.repeat(40) });
    expect(res.statusCode).toBe(400);
    const wrongType = await order(member, { coupon_code: 12 });
    expect(wrongType.statusCode).toBe(400);
  });

  it('a coupon limited to 3 makes exactly 3 discounted orders out of 12 placed at once', async () => {
    const c = await createCoupon({ usage_limit: 3, per_member_once: false });
    const members = await Promise.all(Array.from({ length: 12 }, () => shopper()));
    const replies = await Promise.all(members.map((m) => order(m, { coupon_code: c.code })));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    for (const refused of replies.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ field: 'coupon_code', msg: couponMsg.usedUp }]);
    }
    const [stored] = await t.db.select().from(coupons).where(eq(coupons.id, c.id));
    expect(stored!.usedCount).toBe(3);
    expect(await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, c.id))).toHaveLength(3);
  });
});

/** Another NT$600 product line for a member's cart: [productId, specId, qty]. */
async function productLine(qty = 1): Promise<[number, number, number]> {
  const p = await insertProduct(t.db, {}, [{ onSalePrice: 600, stock: 1000 }]);
  return [p.id, p.specIds[0]!, qty];
}

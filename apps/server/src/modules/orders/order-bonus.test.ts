// Issue 21 items 1–2: a paid order holds the points its buyer's level earns (待入帳紅利); completion,
// after the return window, credits them and pays the referrers 5 % and 2 % of the goods; a cancel
// lets the held points go; a return takes back the returned share and settles the rest. Nothing is
// paid twice, whichever path runs again.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BonusSource, PaymentMethod } from '@shop/domain';
import { bonusLedger, memberBonus, memberLevels, orderEvents, orders, systemSettings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertCancelRecord, insertReturnRecord } from '../admin-orders/test-fixtures.ts';
import { COMPLETION_REASON, completeOrders } from './order-completion.ts';
import { insertMember, insertSettings, insertShopOrder, resetFixtures } from './order-fixtures.ts';

let t: TestApp;
const NOW = new Date('2026-06-10T04:00:00Z');
/** 2026-06-18 00:30 in Taipei: the window of an order shipped on 06-10 (7 days) closed half an hour ago. */
const AFTER_WINDOW = new Date('2026-06-17T16:30:00Z');
/** 2026-06-17 23:30 in Taipei: the last day of that window. */
const LAST_DAY = new Date('2026-06-17T15:30:00Z');

let silver: number;
/** 林美玲 → 王小明 → the buyer: two referrers above every buyer made by `buyer()`. */
let grand: number;
let parent: number;

beforeAll(async () => {
  resetFixtures();
  t = await createTestApp({ now: () => NOW });
  await insertSettings(t.db, { returnDays: 7 });
  const [, level] = await t.db
    .insert(memberLevels)
    .values([
      { name: '一般會員', bonusRate: 1, indexId: 1 },
      { name: '銀卡會員', bonusRate: 2, indexId: 2 },
    ])
    .returning({ id: memberLevels.id });
  silver = level!.id;
  grand = await insertMember(t.db, { name: '林美玲' });
  parent = await insertMember(t.db, { name: '王小明', referrerId: grand });
});
afterAll(() => t?.close());

const buyer = () => insertMember(t.db, { name: '陳大文', memberLevelId: silver, referrerId: parent });

async function balances(memberId: number) {
  const [row] = await t.db.select().from(memberBonus).where(eq(memberBonus.memberId, memberId));
  return { bonus: row!.bonus, tmp: row!.tmpBonus };
}

async function orderRow(id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function staff(method: 'POST', path: string, body: Record<string, unknown>) {
  const res = await t.asStaff('staff', method, `/api/v1/admin/orders/${path}`, body);
  expect(res.statusCode, res.body).toBe(200);
}

/** NT$1,000 of goods + NT$100 shipping, by transfer, confirmed paid by the staff. */
async function paidOrder(memberId: number | null) {
  const order = await insertShopOrder(t.db, memberId, {
    paymentType: PaymentMethod.Transfer,
    createdAt: new Date(NOW.getTime() - 86_400_000),
  });
  await staff('POST', `${order.id}/payment-confirmation`, { version: order.version });
  return order.id;
}

async function ship(id: number) {
  await staff('POST', `${id}/shipment`, {
    version: (await orderRow(id)).version,
    freight_company: '黑貓宅急便',
    tracking_number: '9055-1234-5678',
    ship_date: '2026-06-10',
  });
}

const ledgerOf = (orderId: number) =>
  t.db
    .select({ memberId: bonusLedger.memberId, delta: bonusLedger.delta, source: bonusLedger.source })
    .from(bonusLedger)
    .where(and(eq(bonusLedger.orderId, orderId)))
    .orderBy(asc(bonusLedger.id));

describe('points earned by an order', () => {
  it('holds the level’s 2 % of the goods when paid, and credits them with the referrers’ bonus when completed', async () => {
    const me = await buyer();
    const before = { parent: await balances(parent), grand: await balances(grand) };
    const id = await paidOrder(me);
    expect(await balances(me)).toEqual({ bonus: 0, tmp: 20 });
    expect((await orderRow(id)).bonusEarned).toBe(20);

    await ship(id);
    expect(await completeOrders(t.db, { now: LAST_DAY, defaultReturnDays: 7 })).toBe(0);
    expect(await balances(me)).toEqual({ bonus: 0, tmp: 20 });

    expect(await completeOrders(t.db, { now: AFTER_WINDOW, defaultReturnDays: 7 })).toBeGreaterThanOrEqual(1);
    expect(await balances(me)).toEqual({ bonus: 20, tmp: 0 });
    expect(await balances(parent)).toEqual({ bonus: before.parent.bonus + 50, tmp: 0 });
    expect(await balances(grand)).toEqual({ bonus: before.grand.bonus + 20, tmp: 0 });
    expect(await ledgerOf(id)).toEqual([
      { memberId: me, delta: 20, source: BonusSource.OrderReward },
      { memberId: parent, delta: 50, source: BonusSource.Downline },
      { memberId: grand, delta: 20, source: BonusSource.Downline },
    ]);
    const row = await orderRow(id);
    expect(row.completedAt).toEqual(AFTER_WINDOW);
    expect(row.bonusCreditedAt).toEqual(AFTER_WINDOW);
    const [last] = await t.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.id))
      .offset(2);
    expect(last).toMatchObject({ event: 'complete', fromState: 'shipped', toState: 'completed', actor: 'system' });
    expect(last!.reason).toBe(COMPLETION_REASON);

    // A second sweep, or a second process's, finds nothing left to do.
    expect(await completeOrders(t.db, { now: AFTER_WINDOW, defaultReturnDays: 7 })).toBe(0);
    expect(await balances(me)).toEqual({ bonus: 20, tmp: 0 });
    expect(await ledgerOf(id)).toHaveLength(3);
  });

  it('counts the window from the pickup the store reported, not from shipping (issue 21 item 6)', async () => {
    const me = await buyer();
    const id = await paidOrder(me);
    await ship(id);
    await t.db
      .update(orders)
      .set({ deliveryState: 'picked_up', receivedAt: new Date('2026-06-14T04:00:00Z') })
      .where(eq(orders.id, id));
    await completeOrders(t.db, { now: AFTER_WINDOW, defaultReturnDays: 7 });
    expect((await orderRow(id)).completedAt).toBeNull();
    // Picked up on 06-14: the window closes at the end of 06-21 (Taipei).
    const after = new Date('2026-06-21T16:30:00Z');
    await completeOrders(t.db, { now: after, defaultReturnDays: 7 });
    expect((await orderRow(id)).completedAt).toEqual(after);
    expect(await balances(me)).toEqual({ bonus: 20, tmp: 0 });
  });

  it('refuses a return once the order is completed', async () => {
    const me = await buyer();
    const id = await paidOrder(me);
    await ship(id);
    await completeOrders(t.db, { now: AFTER_WINDOW, defaultReturnDays: 7 });
    const res = await t.asMember(me, 'POST', '/api/v1/order-return-records', {
      orders_id: id,
      order_number: (await orderRow(id)).orderNumber,
      members_id: me,
      reason: '商品與描述不符',
    });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('lets the held points go when a paid order is cancelled', async () => {
    const me = await buyer();
    const id = await paidOrder(me);
    expect(await balances(me)).toEqual({ bonus: 0, tmp: 20 });
    await insertCancelRecord(t.db, await orderRow(id));
    await staff('POST', `${id}/cancel-request/approve`, { version: (await orderRow(id)).version });
    expect(await balances(me)).toEqual({ bonus: 0, tmp: 0 });
    expect((await orderRow(id)).bonusEarned).toBe(0);
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('takes back the returned share and credits the rest, with the referrers paid on the goods kept', async () => {
    const me = await buyer();
    const before = { parent: await balances(parent), grand: await balances(grand) };
    const id = await paidOrder(me);
    await ship(id);
    await insertReturnRecord(t.db, await orderRow(id));
    await staff('POST', `${id}/return-request/approve`, {
      version: (await orderRow(id)).version,
      items: [{ line: 0, qty: 1 }],
      refund_amount: 550,
    });
    // 550 of 1,000 goods back: ceil(20 × 0.55) = 11 points go, 9 stay; the kept NT$450 pays 22 and 9.
    expect(await balances(me)).toEqual({ bonus: 9, tmp: 0 });
    expect(await balances(parent)).toEqual({ bonus: before.parent.bonus + 22, tmp: 0 });
    expect(await balances(grand)).toEqual({ bonus: before.grand.bonus + 9, tmp: 0 });
    expect((await orderRow(id)).bonusEarned).toBe(9);
    // The sweep leaves an order with a return alone.
    expect(await completeOrders(t.db, { now: AFTER_WINDOW, defaultReturnDays: 7 })).toBe(0);
    expect(await ledgerOf(id)).toHaveLength(3);
  });

  it('earns nothing for a guest, and pays no referrer', async () => {
    const id = await paidOrder(null);
    expect((await orderRow(id)).bonusEarned).toBe(0);
    await ship(id);
    await completeOrders(t.db, { now: AFTER_WINDOW, defaultReturnDays: 7 });
    expect((await orderRow(id)).completedAt).toEqual(AFTER_WINDOW);
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('uses the percents the owner set', async () => {
    await t.db.update(systemSettings).set({
      downlinePercent1: 10,
      downlinePercent2: 0,
    });
    const me = await buyer();
    const before = { parent: await balances(parent), grand: await balances(grand) };
    const id = await paidOrder(me);
    await ship(id);
    await completeOrders(t.db, { now: AFTER_WINDOW, defaultReturnDays: 7 });
    expect(await balances(parent)).toEqual({ bonus: before.parent.bonus + 100, tmp: 0 });
    expect(await balances(grand)).toEqual(before.grand);
    await t.db.update(systemSettings).set({ downlinePercent1: 5, downlinePercent2: 2 });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL, sweeps of several processes at once', () => {
  it('complete and credit an order once', async () => {
    const me = await buyer();
    const id = await paidOrder(me);
    await ship(id);
    const counts = await Promise.all(
      Array.from({ length: 4 }, () => completeOrders(t.db, { now: AFTER_WINDOW, defaultReturnDays: 7 })),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await balances(me)).toEqual({ bonus: 20, tmp: 0 });
    expect(await ledgerOf(id)).toHaveLength(3);
  });
});

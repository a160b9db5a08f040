// Issue 20 item 3 (decision 045): an unpaid order waits for its money until its payment deadline,
// offering 前往付款 meanwhile; then the shop's job cancels it through the lifecycle, giving back its
// stock and points, once, and never an order whose money arrived.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OrderStatus, PaymentMethod } from '@shop/domain';
import { memberBonus, orderEvents, orders, productSpecs } from '../../db/schema/index.ts';
import { placeNewMemberOrder, useOrderTestApp } from './order-fixtures.ts';
import { cancelOverdueOrders, OVERDUE_REASON } from './orders.service.ts';

const NOW = new Date('2026-06-01T04:00:00Z');
const HOUR = 3_600_000;
const later = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
const sweep = (hours: number) => cancelOverdueOrders(t.db, { now: later(hours), defaultReturnDays: 7 });

const t = useOrderTestApp({ now: () => NOW });

const stockOf = async (specId: number) =>
  (await t.db.select({ stock: productSpecs.stock }).from(productSpecs).where(eq(productSpecs.id, specId)))[0]!.stock;
const bonusOf = async (memberId: number) =>
  (await t.db.select({ bonus: memberBonus.bonus }).from(memberBonus).where(eq(memberBonus.memberId, memberId)))[0]!
    .bonus;
const statusOf = async (orderId: number) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;

/** A member's order of 2 units (stock 5) with 100 points spent, placed at NOW. */
async function placeOrder(paymentType: number) {
  const { member, specId, res } = await placeNewMemberOrder(t, {
    member: { bonus: 100 },
    qty: 2,
    spec: { onSalePrice: 800, stock: 5 },
    body: { payment_type: paymentType, use_bonus: 100 },
  });
  expect(res.statusCode).toBe(201);
  return { member, specId, order: res.json().data as { id: number } };
}

describe('an unpaid card order', () => {
  it('offers 前往付款 until a day after it was placed, and says when it will be cancelled', async () => {
    const { member, order } = await placeOrder(PaymentMethod.Credit);
    const res = await t.asMember(member, 'GET', `/api/v1/orders/${order.id}`);
    expect(res.json().data).toMatchObject({
      payment_deadline: later(24).toISOString(),
      actions: { pay: true, cancel: 'direct' },
    });
  });

  it('is cancelled by the job once its deadline passed: stock and points back, its history says why', async () => {
    const { member, specId, order } = await placeOrder(PaymentMethod.Credit);
    expect(await stockOf(specId)).toBe(3);
    expect(await bonusOf(member)).toBe(0);

    await sweep(23.9);
    expect(await statusOf(order.id)).toBe(OrderStatus.Processing);

    expect(await sweep(24)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(order.id)).toBe(OrderStatus.Cancel);
    expect(await stockOf(specId)).toBe(5);
    expect(await bonusOf(member)).toBe(100);
    const [event] = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.event, 'cancel')));
    expect(event).toMatchObject({ fromState: 'placed', toState: 'cancelled', actor: 'system', reason: OVERDUE_REASON });

    // Given back once: a second sweep (another process, the next round) finds nothing to do.
    await sweep(48);
    expect(await stockOf(specId)).toBe(5);
    expect(await bonusOf(member)).toBe(100);
  });
});

describe('orders the job leaves alone', () => {
  it('a paid card order, cash on delivery, and a transfer whose remittance was notified', async () => {
    const paid = await placeOrder(PaymentMethod.Credit);
    await t.db
      .update(orders)
      .set({ isPayment: true, paidAt: later(1) })
      .where(eq(orders.id, paid.order.id));
    const cash = await placeOrder(PaymentMethod.CashOnDelivery);
    const notified = await placeOrder(PaymentMethod.Transfer);
    await t.db.update(orders).set({ lastNumberOfTransfer: '12345' }).where(eq(orders.id, notified.order.id));

    await sweep(24 * 30);
    for (const { order } of [paid, cash, notified]) expect(await statusOf(order.id)).toBe(OrderStatus.Processing);
  });

  it('a bank transfer waits three days', async () => {
    const { order } = await placeOrder(PaymentMethod.Transfer);
    await sweep(71.9);
    expect(await statusOf(order.id)).toBe(OrderStatus.Processing);
    await sweep(72);
    expect(await statusOf(order.id)).toBe(OrderStatus.Cancel);
  });
});

describe('an unpaid 超商代碼 order (issue 40)', () => {
  it('waits for its code until three days after it was placed', async () => {
    const { order } = await placeOrder(PaymentMethod.CvsCode);
    await sweep(71);
    expect(await statusOf(order.id)).toBe(OrderStatus.Processing);
    await sweep(72);
    expect(await statusOf(order.id)).toBe(OrderStatus.Cancel);
  });

  it("with its code, waits until the code's own deadline and is cancelled then", async () => {
    const { order } = await placeOrder(PaymentMethod.CvsCode);
    await t.db
      .update(orders)
      .set({ paymentCode: 'LLL22251222', paymentCodeExpireDate: later(100) })
      .where(eq(orders.id, order.id));
    await sweep(99);
    expect(await statusOf(order.id)).toBe(OrderStatus.Processing);
    await sweep(100);
    expect(await statusOf(order.id)).toBe(OrderStatus.Cancel);
  });
});

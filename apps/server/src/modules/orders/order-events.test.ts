// Every move of an order leaves an order_events row in the transaction that made it, and a move the
// lifecycle table refuses answers 409 naming the current state and writes nothing (issue 15).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderStatus, PaymentMethod } from '@shop/domain';
import { orderEvents, orders } from '../../db/schema/index.ts';
import { Conflict } from '../../errors.ts';
import {
  insertCartLine,
  insertMember,
  insertProduct,
  insertShopOrder,
  orderBody,
  useOrderTestApp,
} from './order-fixtures.ts';
import { listShopperOrderEvents, orderFlags, readOrderFlags, recordOrderMove } from './order-events.ts';

const NOW = new Date('2026-06-10T04:00:00Z');

const t = useOrderTestApp({ now: () => NOW, settings: { returnDays: 7 } });

const eventsOf = (orderId: number) =>
  t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);

describe('the history of an order', () => {
  it('starts when the member places it and follows a direct cancel', async () => {
    const member = await insertMember(t.db);
    const product = await insertProduct(t.db);
    await insertCartLine(t.db, member, product.id, product.specIds[0]!, 1);
    const placed = await t.asMember(member, 'POST', '/api/v1/orders', orderBody({ members_id: member }));
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().data.id as number;

    const cancelled = await t.asMember(member, 'PUT', `/api/v1/orders/${id}/cancel`, { id });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await eventsOf(id)).toEqual([
      expect.objectContaining({ event: 'place', fromState: null, toState: 'placed', actor: 'member', actorId: member }),
      expect.objectContaining({ event: 'cancel', fromState: 'placed', toState: 'cancelled', actor: 'member' }),
    ]);
    expect(await listShopperOrderEvents(t.db, id)).toEqual([
      { state: 'placed', created_at: NOW.toISOString() },
      { state: 'cancelled', created_at: NOW.toISOString() },
    ]);
  });

  it('records a cancel request with the member’s reason', async () => {
    const member = await insertMember(t.db);
    const order = await insertShopOrder(t.db, member, { isPayment: true, paymentType: PaymentMethod.Credit });
    const res = await t.asMember(member, 'POST', '/api/v1/order-cancel-records', {
      orders_id: order.id,
      order_number: order.orderNumber,
      members_id: member,
      contact_phone: '0912345678',
      reason: '買錯尺寸了',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await eventsOf(order.id)).toEqual([
      expect.objectContaining({
        event: 'request_cancel',
        fromState: 'paid',
        toState: 'cancel_requested',
        reason: '買錯尺寸了',
      }),
    ]);
  });

  it('refuses a move the table does not allow with 409 naming the current state, and writes nothing', async () => {
    const order = await insertShopOrder(t.db, null, { status: OrderStatus.Cancel });
    const before = (await readOrderFlags(t.db as never, order.id))!;
    expect(before).toEqual(orderFlags(order, null, null));
    const attempt = t.db.transaction((tx) =>
      recordOrderMove(tx, { orderId: order.id, before, event: 'ship', by: { actor: 'staff', id: 1 }, now: NOW }),
    );
    await expect(attempt).rejects.toThrow(Conflict);
    await expect(attempt).rejects.toThrow('訂單目前為「已取消」，無法出貨');
    expect(await eventsOf(order.id)).toEqual([]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe(OrderStatus.Cancel);
  });
});

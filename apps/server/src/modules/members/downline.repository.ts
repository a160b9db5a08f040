import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { OrderStatus, type BonusOrder } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';

/**
 * Completed, paid, shipped orders of the given members shipped within [from, to). A read-only view
 * for the revenue-bonus calculation; it belongs in the orders module's service once that offers one
 * (ARCHITECTURE.md: modules read each other's data through services).
 */
export async function findShippedOrders(db: Db, memberIds: number[], from: Date, to: Date): Promise<BonusOrder[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .select({
      memberId: orders.memberId,
      status: orders.status,
      isPayment: orders.isPayment,
      isShipping: orders.isShipping,
      isReturn: orders.isReturn,
      shipDate: orders.shipDate,
      payAmount: orders.payAmount,
      shipping: orders.shipping,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.memberId, memberIds),
        eq(orders.status, OrderStatus.Complete),
        eq(orders.isShipping, true),
        gte(orders.shipDate, from),
        lt(orders.shipDate, to),
      ),
    );
  return rows.map((r) => ({
    member_id: r.memberId ?? 0,
    status: r.status,
    is_payment: r.isPayment,
    is_shipping: r.isShipping,
    is_return: r.isReturn,
    ship_date: r.shipDate,
    pay_amount: r.payAmount,
    shipping: r.shipping,
  }));
}

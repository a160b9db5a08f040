// The daily sums the sales report reads (issue 42, docs/decisions/084): a payment adds its order to the
// Taiwan day it was paid, a refund subtracts on the day the money went back, in the transaction of the
// lifecycle move, so the report is exact the moment the move commits. Concurrent payments of one day
// meet on the same rows; `ON CONFLICT DO UPDATE SET x = x + excluded.x` adds under the row lock.
import { sql } from 'drizzle-orm';
import { taipeiDate, type OrderEvent, type OrderFlags, type OrderState } from '@shop/domain';
import { orderReturnRecords, orders, salesDaily, salesDailyProducts, salesMemberDays } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { productLines } from './order-lines.ts';
import type { Tx } from './orders.repository.ts';
import { countSalesChange } from './sales-change-count.ts';

/** A refund's own amount and day when someone states them (a refund recorded by hand), else the move's. */
export interface RefundFacts {
  amount: number;
  at: Date;
}

export interface SalesMove {
  orderId: number;
  event: OrderEvent;
  before: OrderFlags;
  from: OrderState;
  now: Date;
  refund?: RefundFacts;
}

/** Adds a payment or a refund to the day's sums; other moves leave the money where it is. */
export async function recordSalesEffects(tx: Tx, move: SalesMove): Promise<void> {
  // spec: cancelled unpaid orders count nowhere, and a second payment notice adds nothing.
  if (move.event === 'pay' && !move.before.is_payment) {
    await addPayment(tx, move);
    await countSalesChange(tx);
  }
  if (move.event === 'refund' && move.before.is_payment) {
    await addRefund(tx, move);
    await countSalesChange(tx);
  }
}

async function readOrder(tx: Tx, orderId: number) {
  const [order] = await tx
    .select({
      paidAt: orders.paidAt,
      payAmount: orders.payAmount,
      paymentType: orders.paymentType,
      deliveryMethod: orders.deliveryMethod,
      memberId: orders.memberId,
      productInfo: orders.productInfo,
      returnRefund: orderReturnRecords.refundAmount,
    })
    .from(orders)
    .leftJoin(orderReturnRecords, eq(orderReturnRecords.orderId, orders.id))
    .where(eq(orders.id, orderId));
  return order;
}

async function addDay(
  tx: Tx,
  day: string,
  order: { paymentType: number; deliveryMethod: number },
  add: { orders?: number; paid?: number; refundCount?: number; refunded?: number },
) {
  await tx
    .insert(salesDaily)
    .values({ day, paymentType: order.paymentType, deliveryMethod: order.deliveryMethod, ...add })
    .onConflictDoUpdate({
      target: [salesDaily.day, salesDaily.paymentType, salesDaily.deliveryMethod],
      set: {
        orders: sql`${salesDaily.orders} + excluded.orders`,
        paid: sql`${salesDaily.paid} + excluded.paid`,
        refundCount: sql`${salesDaily.refundCount} + excluded.refund_count`,
        refunded: sql`${salesDaily.refunded} + excluded.refunded`,
      },
    });
}

/** The order's lines summed per product spec, in key order so concurrent payments lock rows alike. */
function productSums(day: string, productInfo: string) {
  const sums = new Map<string, typeof salesDailyProducts.$inferInsert>();
  for (const line of productLines(productInfo)) {
    if (line.id <= 0 || line.qty <= 0) continue;
    const specId = line.spec_id ?? 0;
    const key = `${line.id}:${specId}`;
    const row = sums.get(key) ?? {
      day,
      productId: line.id,
      specId,
      name: line.name,
      specName: line.product_specs_name,
      units: 0,
      revenue: 0,
    };
    row.units = (row.units ?? 0) + line.qty;
    row.revenue = (row.revenue ?? 0) + line.unit_price * line.qty;
    sums.set(key, row);
  }
  return [...sums.values()].sort((a, b) => a.productId - b.productId || a.specId - b.specId);
}

async function addPayment(tx: Tx, move: SalesMove) {
  const order = await readOrder(tx, move.orderId);
  if (!order) return;
  // The payment's own time (ECPay's PaymentDate) when it was written before the move, else the move's.
  const day = taipeiDate(order.paidAt ?? move.now);
  await addDay(tx, day, order, { orders: 1, paid: order.payAmount });
  const lines = productSums(day, order.productInfo);
  if (lines.length > 0) {
    await tx
      .insert(salesDailyProducts)
      .values(lines)
      .onConflictDoUpdate({
        target: [salesDailyProducts.day, salesDailyProducts.productId, salesDailyProducts.specId],
        set: {
          name: sql`excluded.name`,
          specName: sql`excluded.spec_name`,
          units: sql`${salesDailyProducts.units} + excluded.units`,
          revenue: sql`${salesDailyProducts.revenue} + excluded.revenue`,
        },
      });
  }
  if (order.memberId !== null) {
    await tx.insert(salesMemberDays).values({ day, memberId: order.memberId }).onConflictDoNothing();
  }
}

async function addRefund(tx: Tx, move: SalesMove) {
  const order = await readOrder(tx, move.orderId);
  if (!order) return;
  // A cancelled order gives back all it paid; a returned one the amount the shop decided.
  const amount = move.refund?.amount ?? (move.from === 'cancelled' ? order.payAmount : (order.returnRefund ?? 0));
  await addDay(tx, taipeiDate(move.refund?.at ?? move.now), order, { refundCount: 1, refunded: amount });
}

// Issue 43 item 1: a buyer reviews what arrived. The reviews module asks here whether an order of the
// member was received and what products it held, without reading the orders table itself.
import type { Db, Tx } from '../../db/client.ts';
import { productLines } from './order-lines.ts';
import * as repo from './orders.repository.ts';

export interface ReceivedOrder {
  id: number;
  orderNumber: string;
  /** The order's products, once each, in the order's line order. */
  products: Array<{ id: number; name: string }>;
}

/**
 * The member's own order when its parcel was received: delivered or picked up (received_at, set by
 * the logistics notices), or closed by the shop once its return window ended without a return (a
 * carrier that sends no notices still delivers). Null for another member's order or one not received.
 */
export async function findReceivedOrder(db: Db | Tx, memberId: number, orderId: number): Promise<ReceivedOrder | null> {
  const order = await repo.findOrder(db, orderId);
  if (!order || order.memberId !== memberId) return null;
  if (order.receivedAt === null && order.completedAt === null) return null;
  const products = new Map<number, string>();
  for (const line of productLines(order.productInfo)) {
    if (line.id > 0 && !products.has(line.id)) products.set(line.id, line.name);
  }
  return { id: order.id, orderNumber: order.orderNumber, products: [...products].map(([id, name]) => ({ id, name })) };
}

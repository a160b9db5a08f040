// The member's order a payment page acts on, shared by ECPay, LINE Pay and the bank acquirer.
import { OrderStatus } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Forbidden, NotFound } from '../../errors.ts';
import * as repo from './payments.repository.ts';

/** The member's own order, else 404 / 403 (spec §6). */
export async function ownOrder(db: Db, memberId: number, orderId: number): Promise<repo.PaymentOrder> {
  const order = await repo.findOrderById(db, orderId);
  if (!order) throw new NotFound('找不到此訂單');
  if (order.memberId !== memberId) throw new Forbidden();
  return order;
}

/** An unpaid order of this method still waiting for its money: its page shows 前往付款. */
export function waitsForMoneyBy(order: repo.PaymentOrder, paymentType: number): boolean {
  return (
    order.paymentType === paymentType &&
    !order.isPayment &&
    order.status === OrderStatus.Processing &&
    order.payAmount > 0
  );
}

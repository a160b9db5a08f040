// The back office's view of an order's money (issue 16 items 2 and 4): every payment call and refund
// of the order, and the refund the staff records when the shop sent the money back itself.
import type { AdminOrderPayment, ManualRefundInput } from '@shop/domain';
import { orderStateLabel, startOfShopDate, taipeiDate } from '@shop/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staff } from '../../db/schema/index.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import { assertVersion, recordAudit } from '../admin/index.ts';
import { markOrderRefunded, ordersRepository } from '../orders/index.ts';
import * as repo from './payments.repository.ts';

/** An order's payments and refunds, oldest first; a provider's answer shows as its code and message only. */
export async function listOrderPayments(db: Db, orderId: number): Promise<AdminOrderPayment[]> {
  const rows = await repo.listOrderTransactions(db, orderId);
  const staffIds = [...new Set(rows.map((r) => r.staffId).filter((id): id is number => id !== null))];
  const names = new Map<number, string>();
  for (const id of staffIds) {
    const [row] = await db.select({ name: staff.name, account: staff.account }).from(staff).where(eq(staff.id, id));
    if (row) names.set(id, row.name || row.account);
  }
  return rows.map((r) => ({
    id: r.id,
    provider: r.provider as AdminOrderPayment['provider'],
    kind: r.kind as AdminOrderPayment['kind'],
    transaction_id: r.transactionId,
    amount: r.amount,
    status: r.status as AdminOrderPayment['status'],
    return_code: r.returnCode,
    message: r.message,
    staff_name: r.staffId === null ? null : (names.get(r.staffId) ?? ''),
    created_at: r.createdAt.toISOString(),
  }));
}

/**
 * 記錄退款: the money of a cancelled (or returned) order went back by the shop's own hand. Writes the
 * refund, moves the order to refunded as the staff, and audits it, in one transaction; a second
 * record of the same refund is refused by the lifecycle (409, 已退款).
 */
export async function recordManualRefund(
  db: Db,
  staffId: number,
  orderId: number,
  input: ManualRefundInput,
  now: Date,
): Promise<void> {
  if (input.refunded_on > taipeiDate(now)) {
    throw new Invalid('資料格式錯誤', [{ field: 'refunded_on', msg: '退款日期不能晚於今天' }]);
  }
  await db.transaction(async (tx) => {
    const order = await ordersRepository.lockOrder(tx, orderId);
    if (!order) throw new NotFound('找不到此訂單');
    assertVersion(order, input.version);
    if (input.amount > order.payAmount) {
      throw new Invalid('資料格式錯誤', [
        { field: 'amount', msg: `退款金額不能超過訂單實付金額 ${order.payAmount} 元` },
      ]);
    }
    const by = { actor: 'staff', id: staffId } as const;
    // The report subtracts the refund on the day the staff say the money went back (issue 42).
    const refund = { amount: input.amount, at: startOfShopDate(input.refunded_on) };
    if (!(await markOrderRefunded(tx, orderId, by, input.note || `退款 NT$${input.amount}`, now, refund))) {
      throw new Conflict(`訂單目前為「${orderStateLabel.refunded}」，無法退款`);
    }
    await repo.insertTransaction(tx, {
      orderId,
      provider: 'manual',
      kind: 'refund',
      amount: input.amount,
      status: 'succeeded',
      message: input.note,
      staffId,
      createdAt: startOfShopDate(input.refunded_on),
    });
    await recordAudit(tx, {
      staffId,
      action: 'record-refund',
      entity: 'orders',
      entityId: orderId,
      before: order,
      after: input,
    });
  });
}

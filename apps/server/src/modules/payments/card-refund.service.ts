// The refund of a paid ECPay card order (issue 16 item 2, docs/decisions/051), run by the
// `refund-payment` job. A 退刷 whose answer was lost cannot be told from one never sent (the trade
// reads 已關帳 either way), so the refund is recorded as pending before anything is sent: a later
// try that finds it pending sends nothing and leaves the job to the staff, who check ECPay's back
// office and record the refund by hand. Sending a refund twice is the one mistake this avoids.
import { installmentMsg } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { markOrderRefunded, type RefundPaymentJob } from '../orders/index.ts';
import { EcpayCardUnavailable, refundCardPayment } from './ecpay-card-refund.ts';
import type { EcpayCardGateway } from './ecpay-card-gateway.ts';
import type { Log } from '../../logging.ts';
import * as repo from './payments.repository.ts';
import { providerRefunds } from './refund-rows.ts';

export async function refundCardJob(
  db: Db,
  gateway: EcpayCardGateway,
  job: RefundPaymentJob,
  now: Date,
  log: Log,
  signal?: AbortSignal,
): Promise<void> {
  const order = await repo.findOrderById(db, job.orderId);
  const payment = await repo.findOrderTransaction(db, job.orderId, 'ecpay', 'confirm');
  const gwsr = (payment?.answer as { gwsr?: unknown } | null)?.gwsr;
  if (!order || !payment || typeof gwsr !== 'string' || !/^\d{1,20}$/.test(gwsr)) {
    throw new Error('此筆刷卡沒有授權單號（gwsr），請至綠界廠商後台退刷後，在後台記錄退款');
  }
  const earlier = await providerRefunds(db, job.orderId, 'ecpay');
  if (!earlier.some((t) => t.status === 'succeeded')) {
    if (earlier.some((t) => t.status === 'pending')) {
      throw new Error('上一次退刷的結果不明，請至綠界廠商後台確認後，在後台記錄退款（不再自動送出）');
    }
    // ECPay refunds an installment trade only whole (decision 082): a part is for the staff, by hand.
    if (order.installments && job.amount < payment.amount) throw new Error(installmentMsg.fullRefundOnly);
    if (!gateway.client) throw new Error('未設定 ECPAY_CREDIT_CHECK_CODE，無法自動退刷');
    const amount = Math.min(job.amount, payment.amount);
    // decision 077: a runner that lost the job sends nothing; the one holding it now does.
    signal?.throwIfAborted();
    const id = await repo.insertPendingTransaction(db, {
      orderId: job.orderId,
      provider: 'ecpay',
      kind: 'refund',
      providerOrderId: order.orderNumber,
      amount,
    });
    let result;
    try {
      result = await refundCardPayment(
        gateway.client,
        {
          merchantTradeNo: order.orderNumber,
          tradeNo: payment.transactionId,
          gwsr,
          paidAmount: payment.amount,
          refundAmount: amount,
        },
        now,
      );
    } catch (error) {
      // A query or a C/E/N that did not answer is safe to try again; a lost 退刷 is not.
      if (error instanceof EcpayCardUnavailable && error.retrySafe) {
        await repo.updateTransaction(db, id, { status: 'failed', message: error.message });
      }
      throw error;
    }
    const actions = result.actions.map((a) => `${a.action} ${a.amount}`).join(', ');
    // A trade ECPay already shows cancelled (放棄) never took the money: nothing is owed.
    const done = result.ok || (result.code === 'already_cancelled' && amount === payment.amount);
    await repo.updateTransaction(db, id, {
      status: done ? 'succeeded' : 'failed',
      returnCode: result.ok ? '1' : (result.rtnCode ?? result.code),
      message: result.ok ? actions : `${result.message}${actions ? `（已完成：${actions}）` : ''}`,
    });
    if (!result.ok && !done) throw new Error(`綠界退刷未完成：${result.message}`);
    log.info({ orderId: job.orderId, amount, actions }, 'ECPay card refund done');
  }
  await db.transaction((tx) =>
    markOrderRefunded(tx, job.orderId, { actor: 'provider', name: 'ecpay' }, `信用卡退刷 NT$${job.amount}`, now),
  );
}

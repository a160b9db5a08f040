// Payment method 4 through a bank acquirer (issue 23 item 1, decision 060): the signed payment form
// of an order, the acquirer's signed result (NotifyURL) applied once under the order's lock, and the
// refund the `refund-payment` job asks for.
import { OrderStatus, PaymentMethod, paymentMsg, type EcpayCheckout } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { Conflict } from '../../errors.ts';
import {
  markOrderRefunded,
  ordersRepository as orderWrites,
  readOrderFlags,
  recordOrderMove,
  type RefundPaymentJob,
} from '../orders/index.ts';
import {
  BANKCARD_APPROVED,
  BANKCARD_PAY_PATH,
  bankcardCheckoutFields,
  bankcardResultSchema,
  BankcardUnavailable,
  requestBankcardRefund,
  signBankcardFields,
  verifyBankcardSignature,
  type BankcardFields,
} from './bankcard-protocol.ts';
import type { BankcardGateway } from './bankcard-gateway.ts';
import type { Log } from '../../logging.ts';
import { ownOrder, waitsForMoneyBy } from './payable-orders.ts';
import * as repo from './payments.repository.ts';
import { pendingRefundRow, providerRefunds } from './refund-rows.ts';

/** What an unpaid order of this method shows: 前往付款, while it waits for its money. */
export function canPayByBankcard(order: repo.PaymentOrder): boolean {
  return waitsForMoneyBy(order, PaymentMethod.CreditFocas);
}

/** GET /orders/{id}/bankcard-checkout: the signed form the browser posts to the acquirer's page. */
export async function bankcardCheckout(
  db: Db,
  gateway: BankcardGateway | null,
  memberId: number,
  orderId: number,
  now: Date,
): Promise<EcpayCheckout> {
  const order = await ownOrder(db, memberId, orderId);
  if (order.paymentType !== PaymentMethod.CreditFocas) throw new Conflict(paymentMsg.paymentNotNeeded);
  if (!gateway) throw new Conflict(paymentMsg.bankcardOff);
  if (order.isPayment) throw new Conflict(paymentMsg.alreadyPaid);
  if (!canPayByBankcard(order)) throw new Conflict(paymentMsg.notPayable);
  const fields = bankcardCheckoutFields(order, gateway.settings, now);
  return {
    action: gateway.settings.apiUrl + BANKCARD_PAY_PATH,
    fields: signBankcardFields(fields, gateway.settings.hashKey),
  };
}

/** What the acquirer is answered: it stops sending once it reads OK. */
export interface BankcardAnswer {
  ok: boolean;
  body: 'OK' | 'ERROR';
}

/**
 * POST /bankcard/notify: an approved result pays the order once. The notification row is unique per
 * (provider, kind, OrderNo, TradeNo), so a replay finds it and changes nothing; a forged or foreign
 * result is kept as rejected and changes nothing.
 */
export async function receiveBankcardResult(
  db: Db,
  gateway: BankcardGateway,
  fields: BankcardFields,
  now: Date,
  log: FastifyBaseLogger,
): Promise<BankcardAnswer> {
  const { settings } = gateway;
  const genuine = verifyBankcardSignature(fields, settings.hashKey) && fields.MerchantID === settings.merchantId;
  const parsed = genuine ? bankcardResultSchema.safeParse(fields) : null;
  if (!parsed?.success) {
    log.warn({ orderNo: fields.OrderNo, genuine }, 'bank card result refused');
    await repo.insertNotification(db, {
      provider: 'bankcard',
      merchantTradeNo: String(fields.OrderNo ?? '').slice(0, 20),
      tradeNo: String(fields.TradeNo ?? '').slice(0, 100),
      kind: 'rejected',
      raw: fields,
      verified: false,
    });
    return { ok: false, body: 'ERROR' };
  }
  const result = parsed.data;
  await db.transaction(async (tx) => {
    const order = await repo.lockOrderByNumber(tx, result.OrderNo);
    const kind = !order
      ? 'unknown-order'
      : result.Status !== BANKCARD_APPROVED
        ? 'unpaid'
        : Number(result.Amount) !== order.payAmount
          ? 'amount-mismatch'
          : 'paid';
    const fresh = await repo.insertNotification(tx, {
      provider: 'bankcard',
      merchantTradeNo: result.OrderNo,
      tradeNo: result.TradeNo,
      kind,
      raw: fields,
      verified: true,
    });
    if (!fresh || kind !== 'paid' || !order) {
      if (fresh && kind !== 'paid' && kind !== 'unpaid')
        log.error({ orderNo: result.OrderNo, kind }, 'bank card payment not applied');
      return;
    }
    const flags = await readOrderFlags(tx, order.id);
    const paid = await orderWrites.markPaid(tx, order.id, { tradeNo: result.TradeNo, paidAt: now }, now);
    if (!paid) {
      // Paid twice (two tabs): the staff must give one back.
      if (order.tradeNo !== result.TradeNo) await orderWrites.markRefundDue(tx, order.id, 'paid_twice', now);
      return;
    }
    await repo.insertTransaction(tx, {
      orderId: order.id,
      provider: 'bankcard',
      kind: 'confirm',
      transactionId: result.TradeNo,
      providerOrderId: result.OrderNo,
      amount: Number(result.Amount),
      status: 'succeeded',
      returnCode: result.Status,
      message: result.Message,
      answer: { AuthCode: result.AuthCode, CardLast4: result.CardLast4 },
    });
    if (order.status === OrderStatus.Cancel) await orderWrites.markRefundDue(tx, order.id, 'paid_after_cancel', now);
    if (flags) {
      await recordOrderMove(tx, {
        orderId: order.id,
        before: flags,
        event: 'pay',
        by: { actor: 'provider', name: 'bankcard' },
        reason: `${result.TradeNo} ${result.AuthCode}`.trim(),
        now,
      }).catch((err: unknown) => log.error({ orderId: order.id, err }, 'payment outside the order lifecycle'));
    }
  });
  return { ok: true, body: 'OK' };
}

/**
 * The `refund-payment` job of a bank card order. The refund is recorded as pending before it is
 * sent, with a refund number the acquirer answers once: a retry after a lost answer sends the same
 * number and gets the first answer, so the money never goes back twice.
 */
export async function refundBankcardJob(
  db: Db,
  gateway: BankcardGateway | null,
  job: RefundPaymentJob,
  now: Date,
  log: Log,
  signal?: AbortSignal,
): Promise<void> {
  if (!gateway) throw new Error('BANKCARD_MODE=off：無法自動退款，請至收單銀行後台退款後，在後台記錄退款');
  const order = await repo.findOrderById(db, job.orderId);
  const payment = await repo.findOrderTransaction(db, job.orderId, 'bankcard', 'confirm');
  if (!order || !payment) throw new Error('找不到此筆刷卡交易，請至收單銀行後台退款後，在後台記錄退款');
  const earlier = await providerRefunds(db, job.orderId, 'bankcard');
  if (!earlier.some((t) => t.status === 'succeeded')) {
    const amount = Math.min(job.amount, payment.amount);
    const pending = earlier.find((t) => t.status === 'pending');
    const id = await pendingRefundRow(
      db,
      pending,
      { orderId: job.orderId, provider: 'bankcard', providerOrderId: order.orderNumber, amount },
      signal,
    );
    let answer;
    try {
      answer = await requestBankcardRefund(
        gateway.settings,
        { orderNo: order.orderNumber, tradeNo: payment.transactionId, amount, refundNo: `RF${id}` },
        now,
        gateway.fetch,
      );
    } catch (error) {
      if (error instanceof BankcardUnavailable) log.warn({ orderId: job.orderId }, error.message);
      throw error; // the same refund number goes again later
    }
    await repo.updateTransaction(db, id, {
      status: answer.ok ? 'succeeded' : 'failed',
      transactionId: answer.ok ? answer.refundTradeNo : '',
      returnCode: answer.ok ? BANKCARD_APPROVED : answer.status,
      message: answer.ok ? `退款 NT$${amount}` : answer.message,
    });
    if (!answer.ok) throw new Error(`收單銀行退款未完成：${answer.message}`);
    log.info({ orderId: job.orderId, amount }, 'bank card refund done');
  }
  await db.transaction((tx) =>
    markOrderRefunded(
      tx,
      job.orderId,
      { actor: 'provider', name: 'bankcard' },
      `信用卡（銀行）退款 NT$${job.amount}`,
      now,
    ),
  );
}

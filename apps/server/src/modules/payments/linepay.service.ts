// LINE Pay payments of an order (issue 16 item 1, docs/decisions/050): the reservation that sends
// the shopper to LINE Pay, the confirmation when they come back (or a job, when LINE Pay did not
// answer), and the refund job of a cancelled or returned order. Every call and its answer is a
// payment_transactions row; the order itself changes only through the orders module's transitions.
import {
  OrderStatus,
  PaymentMethod,
  paymentMsg,
  readOrderLines,
  type LinePayRequestAnswer,
  type LinePayReturn,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Conflict, Unavailable } from '../../errors.ts';
import { enqueueJob } from '../jobs/index.ts';
import {
  markOrderRefunded,
  ordersRepository as orderWrites,
  readOrderFlags,
  recordOrderMove,
  type RefundPaymentJob,
} from '../orders/index.ts';
import { LINEPAY_SUCCESS, LinePayUnavailable, type LinePayClient, type LinePayRequestBody } from './linepay-api.ts';
import type { LinePayGateway } from './linepay-gateway.ts';
import { ownOrder, waitsForMoneyBy } from './payable-orders.ts';
import * as repo from './payments.repository.ts';
import { pendingRefundRow, providerRefunds } from './refund-rows.ts';
import type { Log } from '../../logging.ts';

/** Where LINE Pay sends the shopper back (confirmUrl, cancelUrl): routes of this module. */
export const LINEPAY_CONFIRM_PATH = '/api/v1/linepay/confirm';
export const LINEPAY_CANCEL_PATH = '/api/v1/linepay/cancel';
/** The job that confirms a payment LINE Pay did not answer for while the shopper waited. */
export const LINEPAY_CONFIRM_JOB = 'linepay-confirm';

/** LINE Pay's codes for "already done": a confirm or refund repeated after a lost answer. */
const CONFIRMED_BEFORE = '1152';
const REFUNDED_BEFORE = '1165';

/** LINE Pay's limits: a package name of 100 characters, a product name of 4,000 bytes (kept well under). */
const NAME_MAX = 100;
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The request's packages: one package whose products are the order's lines and the shipping fee when
 * they add up to the amount to pay; else (bundle and influencer discounts, points) one line for the
 * whole order, because LINE Pay refuses products that do not sum to the amount (1124).
 */
export function linePayRequestBody(
  order: {
    id: number;
    orderNumber: string;
    payAmount: number;
    shipping: number;
    productInfo: string;
    packageInfo: string;
  },
  providerOrderId: string,
  publicUrl: string,
): LinePayRequestBody {
  const products = readOrderLines(order.productInfo, order.packageInfo).map((line) => ({
    name: cut(line.spec_name ? `${line.name}（${line.spec_name}）` : line.name || '商品', NAME_MAX),
    quantity: line.qty,
    price: line.on_sale_price,
  }));
  if (order.shipping > 0) products.push({ name: '運費', quantity: 1, price: order.shipping });
  const sum = products.reduce((total, p) => total + p.price * p.quantity, 0);
  const itemised = sum === order.payAmount && products.every((p) => p.price >= 0);
  const back = (path: string) => `${publicUrl}${path}?order=${order.id}`;
  return {
    amount: order.payAmount,
    currency: 'TWD',
    orderId: providerOrderId,
    packages: [
      {
        id: order.orderNumber,
        amount: order.payAmount,
        name: cut(`訂單 ${order.orderNumber}`, NAME_MAX),
        products: itemised
          ? products
          : [{ name: `訂單 ${order.orderNumber}（已折抵優惠）`, quantity: 1, price: order.payAmount }],
      },
    ],
    redirectUrls: { confirmUrl: back(LINEPAY_CONFIRM_PATH), cancelUrl: back(LINEPAY_CANCEL_PATH) },
  };
}

/** An unpaid LINE Pay order still waiting for its money. */
export function canPayByLinePay(order: repo.PaymentOrder): boolean {
  return waitsForMoneyBy(order, PaymentMethod.LinePay);
}

/** POST /orders/{id}/linepay-request: reserves the payment and answers where to send the shopper. */
export async function requestLinePay(
  db: Db,
  gateway: LinePayGateway,
  memberId: number,
  orderId: number,
  { phone, log }: { phone: boolean; log: Log },
): Promise<LinePayRequestAnswer> {
  const order = await ownOrder(db, memberId, orderId);
  if (order.paymentType !== PaymentMethod.LinePay) throw new Conflict(paymentMsg.notLinePayOrder);
  if (order.isPayment) throw new Conflict(paymentMsg.alreadyPaid);
  if (!canPayByLinePay(order)) throw new Conflict(paymentMsg.notPayable);
  if (!gateway.client) throw new Conflict(paymentMsg.linePayOff);

  // LINE Pay refuses an orderId it has seen (1172): a new try after a cancel gets the next suffix.
  const tries = await repo.countTransactions(db, order.id, 'linepay', 'request');
  const providerOrderId = tries === 0 ? order.orderNumber : `${order.orderNumber}-${tries + 1}`;
  const body = linePayRequestBody(order, providerOrderId, gateway.publicUrl);
  let answer;
  try {
    answer = await gateway.client.request(body);
  } catch (error) {
    if (!(error instanceof LinePayUnavailable)) throw error;
    log.warn({ orderId, error: error.message }, 'LINE Pay request unavailable');
    throw new Unavailable(paymentMsg.linePayUnavailable);
  }
  const ok = answer.returnCode === LINEPAY_SUCCESS && answer.info;
  await repo.insertTransaction(db, {
    orderId: order.id,
    provider: 'linepay',
    kind: 'request',
    transactionId: ok ? answer.info!.transactionId : '',
    providerOrderId,
    amount: order.payAmount,
    status: ok ? 'pending' : 'failed',
    returnCode: answer.returnCode,
    message: answer.returnMessage,
    answer: { returnCode: answer.returnCode, returnMessage: answer.returnMessage },
  });
  if (!ok) {
    log.warn({ orderId, returnCode: answer.returnCode }, 'LINE Pay refused the request');
    throw new Conflict(paymentMsg.linePayRefused(answer.returnCode));
  }
  return {
    payment_url: phone ? answer.info!.paymentUrl.app || answer.info!.paymentUrl.web : answer.info!.paymentUrl.web,
  };
}

/** What the shopper's return from LINE Pay came to. */
export interface LinePayOutcome {
  result: LinePayReturn;
  orderId: number | null;
}

/**
 * The shopper came back from LINE Pay (confirmUrl): confirm with the reserved amount, then pay the
 * order. A second return, a retried job or two tabs at once pay it once: the confirm row is unique
 * per transaction and the order's payment is written under its row lock. When LINE Pay does not
 * answer, a job confirms later and the shopper is told the payment is being checked.
 */
export async function confirmLinePay(
  db: Db,
  gateway: LinePayGateway,
  input: { orderId: number; transactionId: string },
  now: Date,
  log: Log,
): Promise<LinePayOutcome> {
  const reservation = await repo.findTransaction(db, 'linepay', 'request', input.transactionId);
  if (!reservation || reservation.orderId !== input.orderId) {
    log.warn({ ...input }, 'LINE Pay return for an unknown reservation');
    return { result: 'failed', orderId: null };
  }
  const order = await repo.findOrderById(db, reservation.orderId);
  if (order?.isPayment) return { result: 'paid', orderId: reservation.orderId };
  if (!gateway.client) return { result: 'failed', orderId: reservation.orderId };
  try {
    const result = await confirmReservation(db, gateway, reservation, now, log);
    return { result, orderId: reservation.orderId };
  } catch (error) {
    if (!(error instanceof LinePayUnavailable)) throw error;
    log.warn({ orderId: reservation.orderId, error: error.message }, 'LINE Pay confirm unavailable: a job retries');
    await db.transaction((tx) =>
      enqueueJob(tx, {
        kind: LINEPAY_CONFIRM_JOB,
        payload: { transactionId: reservation.transactionId },
        dedupeKey: `linepay-confirm:${reservation.transactionId}`,
      }),
    );
    return { result: 'pending', orderId: reservation.orderId };
  }
}

/** Confirms one reservation and records the answer; throws LinePayUnavailable for the caller to retry. */
async function confirmReservation(
  db: Db,
  gateway: LinePayGateway,
  reservation: repo.TransactionRow,
  now: Date,
  log: Log,
): Promise<LinePayReturn> {
  const current = await repo.findOrderById(db, reservation.orderId);
  if (current?.isPayment) return 'paid';
  if (!current || current.status !== OrderStatus.Processing) {
    // Cancelled while the shopper was on LINE Pay's page: an unconfirmed payment takes no money.
    await repo.updateTransaction(db, reservation.id, { status: 'failed', message: 'order no longer payable' });
    return 'failed';
  }
  const answer = await gateway.client!.confirm(reservation.transactionId, {
    amount: reservation.amount,
    currency: 'TWD',
  });
  const confirmed = answer.returnCode === LINEPAY_SUCCESS || answer.returnCode === CONFIRMED_BEFORE;
  const paidAmount = answer.info?.payInfo?.reduce((sum, p) => sum + p.amount, 0);
  const amountAgrees = paidAmount === undefined || paidAmount === reservation.amount;
  return db.transaction(async (tx) => {
    const order = await repo.lockOrderById(tx, reservation.orderId);
    if (!order) return 'failed';
    if (!confirmed || !amountAgrees || order.payAmount !== reservation.amount) {
      log.error(
        { orderId: order.id, returnCode: answer.returnCode, paidAmount, amount: reservation.amount },
        'LINE Pay payment not applied',
      );
      await repo.updateTransaction(tx, reservation.id, {
        status: 'failed',
        returnCode: answer.returnCode,
        message: amountAgrees ? answer.returnMessage : `amount mismatch: ${paidAmount}`,
      });
      return 'failed';
    }
    const fresh = await repo.insertTransaction(tx, {
      orderId: order.id,
      provider: 'linepay',
      kind: 'confirm',
      transactionId: reservation.transactionId,
      providerOrderId: reservation.providerOrderId,
      amount: reservation.amount,
      status: 'succeeded',
      returnCode: answer.returnCode,
      message: answer.returnMessage,
      answer: { returnCode: answer.returnCode, returnMessage: answer.returnMessage, payInfo: answer.info?.payInfo },
    });
    if (!fresh) return 'paid'; // confirmed before: a replay
    await repo.updateTransaction(tx, reservation.id, { status: 'succeeded', returnCode: answer.returnCode });
    const flags = await readOrderFlags(tx, order.id);
    const paid = await orderWrites.markPaid(tx, order.id, { tradeNo: reservation.transactionId, paidAt: now }, now);
    if (paid && flags) {
      await recordOrderMove(tx, {
        orderId: order.id,
        before: flags,
        event: 'pay',
        by: { actor: 'provider', name: 'linepay' },
        reason: reservation.transactionId,
        now,
      }).catch((err: unknown) => log.error({ orderId: order.id, err }, 'payment outside the order lifecycle'));
    }
    if (!paid && order.tradeNo !== reservation.transactionId) {
      log.error({ orderId: order.id, transactionId: reservation.transactionId }, 'order paid twice');
      await orderWrites.markRefundDue(tx, order.id, 'paid_twice', now);
    } else if (paid && order.status === OrderStatus.Cancel) {
      log.warn({ orderId: order.id }, 'LINE Pay payment confirmed for a cancelled order');
      await orderWrites.markRefundDue(tx, order.id, 'paid_after_cancel', now);
    }
    return 'paid';
  });
}

/** The shopper cancelled on LINE Pay's page (cancelUrl): the reservation is closed, the order waits. */
export async function cancelLinePayReturn(
  db: Db,
  input: { orderId: number; transactionId: string },
): Promise<LinePayOutcome> {
  const reservation = await repo.findTransaction(db, 'linepay', 'request', input.transactionId);
  if (!reservation || reservation.orderId !== input.orderId) return { result: 'cancelled', orderId: null };
  if (reservation.status === 'pending') {
    await repo.updateTransaction(db, reservation.id, { status: 'failed', message: 'cancelled by the shopper' });
  }
  return { result: 'cancelled', orderId: reservation.orderId };
}

/** Job `linepay-confirm`: the confirm LINE Pay did not answer while the shopper waited. */
export async function confirmLinePayJob(
  db: Db,
  gateway: LinePayGateway,
  payload: { transactionId: string },
  now: Date,
  log: Log,
): Promise<void> {
  const reservation = await repo.findTransaction(db, 'linepay', 'request', String(payload.transactionId));
  if (!reservation || reservation.status !== 'pending' || !gateway.client) return;
  await confirmReservation(db, gateway, reservation, now, log); // LinePayUnavailable → the runner retries
}

/**
 * Job `refund-payment` for a LINE Pay order: refunds the amount through LINE Pay, then moves the
 * order to refunded. The refund row is pending before LINE Pay is asked; a retry that finds it
 * pending (the answer was lost) reads LINE Pay's Payment Details and sends nothing when the refund
 * is there, so neither a whole nor a partial refund goes twice (decision 077). A refusal throws: the
 * job is retried, then parked for the back office with LINE Pay's code.
 */
export async function refundLinePayJob(
  db: Db,
  gateway: LinePayGateway,
  job: RefundPaymentJob,
  now: Date,
  log: Log,
  signal?: AbortSignal,
): Promise<void> {
  const payment = await repo.findOrderTransaction(db, job.orderId, 'linepay', 'confirm');
  if (!payment) throw new Error(`order ${job.orderId} has no confirmed LINE Pay payment to refund`);
  const earlier = await providerRefunds(db, job.orderId, 'linepay');
  if (!earlier.some((t) => t.status === 'succeeded')) {
    if (!gateway.client) throw new Error('LINEPAY_MODE=off: the refund waits until LINE Pay is configured');
    const client = gateway.client;
    const amount = Math.min(job.amount, payment.amount);
    const whole = job.amount >= payment.amount;
    // Written before LINE Pay is asked: a refund has no key of the shop's, and a partial one repeated
    // is a second refund, so a try that finds this row pending asks LINE Pay what it did first.
    const pending = earlier.find((t) => t.status === 'pending');
    if (pending) {
      const made = await refundsMadeAtLinePay(client, payment.transactionId);
      if (made.total >= amount) {
        await repo.updateTransaction(db, pending.id, {
          status: 'succeeded',
          transactionId: made.lastId,
          returnCode: LINEPAY_SUCCESS,
          message: 'LINE Pay 付款明細顯示已退款',
          answer: { refundList: made.list },
        });
        log.info({ orderId: job.orderId, amount }, 'LINE Pay refund found done after a lost answer');
        return finishRefund(db, job, now);
      }
      if (made.total > 0) {
        throw new Error(
          `LINE Pay 顯示已退款 NT$${made.total}，與應退 NT$${amount} 不符，請至 LINE Pay 商家後台確認後，在後台記錄退款`,
        );
      }
    }
    const id = await pendingRefundRow(
      db,
      pending,
      { orderId: job.orderId, provider: 'linepay', providerOrderId: payment.providerOrderId, amount },
      signal,
    );
    // Thrown when LINE Pay did not answer: the row stays pending and the next try asks first.
    const answer = await client.refund(payment.transactionId, whole ? {} : { refundAmount: job.amount });
    if (answer.returnCode !== LINEPAY_SUCCESS && answer.returnCode !== REFUNDED_BEFORE) {
      await repo.updateTransaction(db, id, {
        status: 'failed',
        returnCode: answer.returnCode,
        message: answer.returnMessage,
        answer: { returnCode: answer.returnCode, returnMessage: answer.returnMessage },
      });
      throw new Error(`LINE Pay refused the refund: ${answer.returnCode} ${answer.returnMessage}`);
    }
    await repo.updateTransaction(db, id, {
      status: 'succeeded',
      // LINE Pay's refund id; a refund found done before has none, so the payment's id marks it.
      transactionId: answer.info?.refundTransactionId ?? `${payment.transactionId}-refund`,
      returnCode: answer.returnCode,
      message: answer.returnMessage,
      answer: { returnCode: answer.returnCode, returnMessage: answer.returnMessage, info: answer.info },
    });
    log.info({ orderId: job.orderId, amount: job.amount }, 'LINE Pay refund done');
  }
  await finishRefund(db, job, now);
}

async function finishRefund(db: Db, job: RefundPaymentJob, now: Date): Promise<void> {
  await db.transaction((tx) =>
    markOrderRefunded(tx, job.orderId, { actor: 'provider', name: 'linepay' }, `LINE Pay 退款 NT$${job.amount}`, now),
  );
}

/** The refunds LINE Pay lists for the payment (Payment Details), their sum and the latest id. */
async function refundsMadeAtLinePay(client: LinePayClient, transactionId: string) {
  const answer = await client.details(transactionId);
  if (answer.returnCode !== LINEPAY_SUCCESS) {
    throw new Error(`LINE Pay did not show the payment: ${answer.returnCode} ${answer.returnMessage}`);
  }
  const list = (answer.info ?? [])
    .filter((t) => t.transactionId === transactionId)
    .flatMap((t) => t.refundList ?? [])
    .map((r) => ({ id: r.refundTransactionId, amount: Math.abs(r.refundAmount), at: r.refundTransactionDate ?? '' }));
  return {
    list,
    total: list.reduce((sum, r) => sum + r.amount, 0),
    lastId: list.at(-1)?.id ?? `${transactionId}-refund`,
  };
}

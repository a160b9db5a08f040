// ECPay's notices about an order's payment (or the simulator's, docs/decisions/039): the ReturnURL
// (paid) and the PaymentInfoURL (an ATM account or a 超商代碼 issued). Each is checked, kept once in
// payment_notifications, and applied in one transaction with the order row locked.
import { OrderStatus, PaymentMethod, isCode39Text } from '@shop/domain';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { readOrderFlags, recordOrderMove, ordersRepository as orderWrites } from '../orders/index.ts';
import { verifyCheckMacValue, type EcpayFields } from './check-mac-value.ts';
import { RTN_ATM_ISSUED, RTN_CODE_ISSUED, RTN_PAID, parseEcpayDateTime, parseEcpayExpireDate } from './ecpay-aio.ts';
import * as repo from './payments.repository.ts';
import type { EcpaySettings } from './payment-settings.ts';

/** What a callback answers: ECPay stops retrying once it reads `1|OK`. */
export interface CallbackAnswer {
  ok: boolean;
  body: string;
}
const OK: CallbackAnswer = { ok: true, body: '1|OK' };
const MAC_ERROR: CallbackAnswer = { ok: false, body: '0|CheckMacValue Error' };

/** The fields every callback of ours must carry once its signature is good. */
const callbackSchema = z.looseObject({
  MerchantTradeNo: z.string().regex(/^[0-9A-Za-z]{1,20}$/),
  RtnCode: z.string().regex(/^-?\d{1,10}$/),
  TradeNo: z.string().max(20).default(''),
  TradeAmt: z.string().regex(/^\d{1,10}$/),
});
type Callback = z.infer<typeof callbackSchema>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Checks the signature and the merchant. A failed check is stored as 'rejected' (for the staff to
 * see attacks or a wrong HashKey) and changes nothing else.
 */
async function verifyCallback(
  db: Db,
  settings: EcpaySettings,
  fields: EcpayFields,
  log: FastifyBaseLogger,
): Promise<Callback | null> {
  const genuine =
    verifyCheckMacValue(fields, settings.hashKey, settings.hashIv) && fields.MerchantID === settings.merchantId;
  const parsed = genuine ? callbackSchema.safeParse(fields) : null;
  if (parsed?.success) return parsed.data;
  log.warn({ merchantTradeNo: fields.MerchantTradeNo, genuine }, 'ECPay callback refused');
  await repo.insertNotification(db, {
    provider: 'ecpay',
    merchantTradeNo: String(fields.MerchantTradeNo ?? '').slice(0, 20),
    tradeNo: String(fields.TradeNo ?? '').slice(0, 100),
    kind: 'rejected',
    raw: fields,
    verified: false,
  });
  return null;
}

type NoticeReceiver = (
  db: Db,
  settings: EcpaySettings,
  fields: EcpayFields,
  now: Date,
  log: FastifyBaseLogger,
) => Promise<CallbackAnswer>;

/** A notice's receiver: only a notice whose signature and merchant are good reaches `apply`. */
function verifiedNotice(
  apply: (
    db: Db,
    callback: Callback,
    notice: { fields: EcpayFields; settings: EcpaySettings; now: Date; log: FastifyBaseLogger },
  ) => Promise<CallbackAnswer>,
): NoticeReceiver {
  return async (db, settings, fields, now, log) => {
    const callback = await verifyCallback(db, settings, fields, log);
    if (!callback) return MAC_ERROR;
    return apply(db, callback, { fields, settings, now, log });
  };
}

/** Keeps a verified notice; false when the same one was kept before (a replay: nothing more changes). */
function keepNotice(tx: Tx, callback: Callback, fields: EcpayFields, kind: string): Promise<boolean> {
  return repo.insertNotification(tx, {
    provider: 'ecpay',
    merchantTradeNo: callback.MerchantTradeNo,
    tradeNo: callback.TradeNo,
    kind,
    raw: fields,
    verified: true,
  });
}

/**
 * POST /ecpay-payment/notify (ReturnURL). RtnCode 1 marks the order paid with ECPay's TradeNo and
 * PaymentDate, once: the notification row is unique per (kind, MerchantTradeNo, TradeNo), so a
 * replay finds it and changes nothing more. Everything happens in one transaction with the order
 * row locked, so two deliveries at once cannot both pay.
 */
export const receivePaymentResult: NoticeReceiver = verifiedNotice(async (db, callback, notice) => {
  const { fields, settings, log } = notice;
  await db.transaction(async (tx) => {
    const order = await repo.lockOrderByNumber(tx, callback.MerchantTradeNo);
    const amountMatches = order !== undefined && Number(callback.TradeAmt) === order.payAmount;
    // ECPay's back office can "simulate paid" (SimulatePaid=1): real money never moved, so production ignores it.
    const simulated = fields.SimulatePaid === '1' && settings.mode === 'production';
    const kind = !order
      ? 'unknown-order'
      : callback.RtnCode !== RTN_PAID
        ? 'unpaid'
        : !amountMatches
          ? 'amount-mismatch'
          : simulated
            ? 'simulated'
            : 'paid';
    const fresh = await keepNotice(tx, callback, fields, kind);
    if (!fresh || kind !== 'paid' || !order) {
      if (fresh && kind !== 'paid' && kind !== 'unpaid') {
        log.error(
          { merchantTradeNo: callback.MerchantTradeNo, kind, tradeAmt: callback.TradeAmt },
          'ECPay payment not applied',
        );
      }
      return;
    }
    await applyPayment(tx, order, callback, notice);
  });
  return OK;
});

/** A fresh, genuine ReturnURL notice of money for this order: the order is paid, or owes it back. */
async function applyPayment(
  tx: Tx,
  order: repo.PaymentOrder,
  callback: Callback,
  { fields, now, log }: { fields: EcpayFields; now: Date; log: FastifyBaseLogger },
): Promise<void> {
  const paidAt = parseEcpayDateTime(fields.PaymentDate) ?? now;
  const flags = await readOrderFlags(tx, order.id);
  const paid = await orderWrites.markPaid(tx, order.id, { tradeNo: callback.TradeNo, paidAt }, now);
  if (paid) {
    // The payment as ECPay reported it; a card refund finds its authorisation (gwsr) here (decision 051).
    const keep = ['PaymentType', 'PaymentDate', 'gwsr', 'auth_code', 'card4no', 'process_date'] as const;
    await repo.insertTransaction(tx, {
      orderId: order.id,
      provider: 'ecpay',
      kind: 'confirm',
      transactionId: callback.TradeNo,
      providerOrderId: callback.MerchantTradeNo,
      amount: Number(callback.TradeAmt),
      status: 'succeeded',
      returnCode: callback.RtnCode,
      message: fields.RtnMsg ?? '',
      answer: Object.fromEntries(keep.filter((k) => fields[k] !== undefined).map((k) => [k, fields[k]])),
    });
  }
  if (paid && flags) {
    // The money moved whatever the table says; a move it refuses is a finding for the log, not a
    // reason to refuse ECPay (which would only send the same news again).
    await recordOrderMove(tx, {
      orderId: order.id,
      before: flags,
      event: 'pay',
      by: { actor: 'provider', name: 'ecpay' },
      reason: `${callback.TradeNo} ${fields.PaymentType ?? ''}`.trim(),
      now,
    }).catch((err: unknown) => log.error({ orderId: order.id, err }, 'payment outside the order lifecycle'));
  }
  // Money that arrived where no order wants it must reach the back office's to-do list, not only
  // the log: the shop has to give it back (issue 19).
  if (!paid && order.tradeNo !== callback.TradeNo) {
    // Paid twice (e.g. two tabs): the staff must refund one of them.
    log.error({ orderId: order.id, tradeNo: callback.TradeNo, firstTradeNo: order.tradeNo }, 'order paid twice');
    await orderWrites.markRefundDue(tx, order.id, 'paid_twice', now);
  } else if (paid && order.status === OrderStatus.Cancel) {
    log.warn({ orderId: order.id }, 'payment arrived for a cancelled order');
    await orderWrites.markRefundDue(tx, order.id, 'paid_after_cancel', now);
  } else if (paid && order.status !== OrderStatus.Processing) {
    log.warn({ orderId: order.id, status: order.status }, 'payment arrived for an order that is not processing');
  }
}

/**
 * POST /ecpay-payment/info (PaymentInfoURL; /payment-info, its earlier name, too): RtnCode 2 = an ATM virtual account was
 * issued; stores the account, bank code and deadline on the unpaid order, once. RtnCode 10100073 = a
 * 超商代碼 (CVS) was issued: stores PaymentNo and ExpireDate on an unpaid CVS order still waiting for
 * one (decision 082).
 */
export const receivePaymentInfo: NoticeReceiver = verifiedNotice(async (db, callback, { fields, now, log }) => {
  if (callback.RtnCode === RTN_CODE_ISSUED) return receivePaymentCode(db, callback, fields, now, log);

  await db.transaction(async (tx) => {
    const order = await repo.lockOrderByNumber(tx, callback.MerchantTradeNo);
    const account = fields.vAccount?.trim() ?? '';
    const bankCode = fields.BankCode?.trim() ?? '';
    const expireAt = parseEcpayExpireDate(fields.ExpireDate);
    const kind = !order
      ? 'unknown-order'
      : callback.RtnCode !== RTN_ATM_ISSUED
        ? 'payment-info-failed'
        : Number(callback.TradeAmt) !== order.payAmount
          ? 'amount-mismatch'
          : order.paymentType !== PaymentMethod.VirtualAccount ||
              !/^\d{1,20}$/.test(account) ||
              !/^\d{3}$/.test(bankCode) ||
              !expireAt
            ? 'payment-info-unexpected'
            : 'payment-info';
    const fresh = await keepNotice(tx, callback, fields, kind);
    if (!fresh || kind !== 'payment-info' || !order || !expireAt) {
      if (fresh && kind !== 'payment-info')
        log.warn({ merchantTradeNo: callback.MerchantTradeNo, kind }, 'ECPay payment info not applied');
      return;
    }
    await orderWrites.setVirtualAccount(
      tx,
      order.id,
      {
        virtualAccount: account,
        virtualAccountBankCode: bankCode,
        virtualAccountExpireDate: expireAt,
        tradeNo: callback.TradeNo || undefined,
      },
      now,
    );
  });
  return OK;
});

/** A 超商代碼 as ECPay issues it: up to 20 letters and digits (e.g. LLL22251222). */
const PAYMENT_CODE = /^[0-9A-Za-z]{1,20}$/;

/** Why a verified 超商代碼 notice changes nothing, as the answer tells ECPay (decision 082). */
export const PAYMENT_CODE_REFUSALS = {
  'amount-mismatch': '繳費金額與訂單金額不符',
  'payment-info-unexpected': '此訂單不是等待超商代碼的訂單',
  'payment-info-malformed': '繳費代碼、條碼或繳費期限格式錯誤',
} as const;

/**
 * The CVS half of receivePaymentInfo: a verified RtnCode 10100073 notice. The code is stored once, on
 * a processing, unpaid 超商代碼 order without one; the same notice again answers 1|OK and changes
 * nothing. A notice with another amount, for an order not waiting for a code, or without a readable
 * code and deadline is kept as a notification, changes nothing and is answered `0|<reason>`: ECPay
 * keeps what a shop answered, and a resent copy is refused the same way. An unknown order number is
 * answered 1|OK, as the ReturnURL does (the stage merchant is shared by every tester).
 */
async function receivePaymentCode(
  db: Db,
  callback: Callback,
  fields: EcpayFields,
  now: Date,
  log: FastifyBaseLogger,
): Promise<CallbackAnswer> {
  return db.transaction(async (tx) => {
    const order = await repo.lockOrderByNumber(tx, callback.MerchantTradeNo);
    const barcode = order?.paymentType === PaymentMethod.CvsBarcode;
    const code = fields.PaymentNo?.trim() ?? '';
    const barcodes = [fields.Barcode1, fields.Barcode2, fields.Barcode3].map((b) => b?.trim() ?? '') as [
      string,
      string,
      string,
    ];
    // CVS and BARCODE send `yyyy/MM/dd HH:mm:ss`; a bare date would mean the end of that day.
    const expireAt = parseEcpayExpireDate(fields.ExpireDate);
    const issued = barcode ? order.paymentBarcode1 !== null : order?.paymentCode != null;
    const same = barcode
      ? barcodes.join('|') === [order.paymentBarcode1, order.paymentBarcode2, order.paymentBarcode3].join('|')
      : order?.paymentCode === code;
    const readable = barcode ? barcodes.every((b) => b.length <= 20 && isCode39Text(b)) : PAYMENT_CODE.test(code);
    const waitsForOne = order?.paymentType === PaymentMethod.CvsCode || barcode;
    const kind = !order
      ? 'unknown-order'
      : Number(callback.TradeAmt) !== order.payAmount
        ? 'amount-mismatch'
        : waitsForOne && issued && same
          ? 'payment-info' // the notice again: stored already
          : !waitsForOne || order.isPayment || order.status !== OrderStatus.Processing || issued
            ? 'payment-info-unexpected'
            : !readable || !expireAt
              ? 'payment-info-malformed'
              : 'payment-info';
    const fresh = await keepNotice(tx, callback, fields, kind);
    if (kind === 'unknown-order') return OK;
    if (kind !== 'payment-info') {
      if (fresh) log.warn({ merchantTradeNo: callback.MerchantTradeNo, kind }, 'ECPay payment code not applied');
      return { ok: false, body: `0|${PAYMENT_CODE_REFUSALS[kind]}` };
    }
    if (fresh && order && expireAt && !issued) {
      const tradeNo = callback.TradeNo || undefined;
      await orderWrites.setPaymentCode(
        tx,
        order.id,
        barcode
          ? { paymentCode: null, paymentBarcodes: barcodes, paymentCodeExpireDate: expireAt, tradeNo }
          : { paymentCode: code, paymentCodeExpireDate: expireAt, tradeNo },
        now,
      );
    }
    return OK;
  });
}

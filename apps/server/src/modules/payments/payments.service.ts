import {
  OrderStatus,
  PaymentMethod,
  isCode39Text,
  isOnlinePayment,
  paymentMsg,
  type EcpayCheckout,
  type OrderPayment,
  type PaymentMethod as PaymentMethodValue,
  type OrderStatus as OrderStatusValue,
} from '@shop/domain';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { Conflict, Forbidden, NotFound } from '../../errors.ts';
import { recordAudit } from '../admin/index.ts';
import {
  paymentInstructionsJson,
  readOrderFlags,
  recordOrderMove,
  ordersRepository as orderWrites,
} from '../orders/index.ts';
import { getOrderSettings } from '../settings/index.ts';
import { signEcpayFields, verifyCheckMacValue, type EcpayFields } from './check-mac-value.ts';
import {
  ECPAY_CHECKOUT_URL,
  RTN_ATM_ISSUED,
  RTN_CODE_ISSUED,
  RTN_PAID,
  SIMULATOR_PATH,
  checkoutFields,
  parseEcpayDateTime,
  parseEcpayExpireDate,
  type EcpayMode,
} from './ecpay-aio.ts';
import * as repo from './payments.repository.ts';
import { canPayByBankcard } from './bankcard.service.ts';
import { canPayByLinePay } from './linepay.service.ts';

export interface EcpaySettings {
  mode: EcpayMode;
  merchantId: string;
  hashKey: string;
  hashIv: string;
  /** Public origin of the shop, no trailing slash. */
  publicUrl: string;
}

/** Where the checkout form goes: ECPay, or the shop's own simulator page (docs/decisions/039). */
export function checkoutAction(settings: EcpaySettings): string {
  return settings.mode === 'simulator' ? settings.publicUrl + SIMULATOR_PATH : ECPAY_CHECKOUT_URL[settings.mode];
}

function canCheckout(order: repo.PaymentOrder): boolean {
  return (
    isOnlinePayment(order.paymentType) &&
    !order.isPayment &&
    order.status === OrderStatus.Processing &&
    order.payAmount > 0 &&
    issuedAlready(order) === null
  );
}

/**
 * Why the order cannot go to ECPay again when it already holds its way to pay (an ATM account, a
 * 超商代碼, barcodes): it is paid into, and ECPay would refuse the used MerchantTradeNo. Null otherwise.
 */
/** Methods whose form asks ECPay for a way to pay later, with the owner's deadline. */
const PAID_LATER: ReadonlySet<number> = new Set([
  PaymentMethod.VirtualAccount,
  PaymentMethod.CvsCode,
  PaymentMethod.CvsBarcode,
]);

function issuedAlready(order: repo.PaymentOrder): string | null {
  if (order.paymentType === PaymentMethod.VirtualAccount && order.virtualAccount)
    return paymentMsg.virtualAccountIssued;
  if (order.paymentType === PaymentMethod.CvsCode && order.paymentCode) return paymentMsg.paymentCodeIssued;
  if (order.paymentType === PaymentMethod.CvsBarcode && order.paymentBarcode1) return paymentMsg.barcodesIssued;
  return null;
}

function paymentView(order: repo.PaymentOrder): OrderPayment {
  return {
    order_id: order.id,
    order_number: order.orderNumber,
    payment_type: order.paymentType as PaymentMethodValue,
    pay_amount: order.payAmount,
    status: order.status as OrderStatusValue,
    is_payment: order.isPayment,
    paid_at: order.paidAt?.toISOString() ?? null,
    ...paymentInstructionsJson(order),
    can_checkout: canCheckout(order) || canPayByLinePay(order) || canPayByBankcard(order),
  };
}

/** The member's own order, else 404 / 403 (spec §6). */
async function ownOrder(db: Db, memberId: number, orderId: number): Promise<repo.PaymentOrder> {
  const order = await repo.findOrderById(db, orderId);
  if (!order) throw new NotFound('找不到此訂單');
  if (order.memberId !== memberId) throw new Forbidden();
  return order;
}

/** GET /orders/{id}/payment */
export async function orderPayment(db: Db, memberId: number, orderId: number): Promise<OrderPayment> {
  return paymentView(await ownOrder(db, memberId, orderId));
}

/** GET /orders/{id}/ecpay-checkout: the signed AioCheckOut form for an unpaid credit card or ATM order. */
export async function ecpayCheckout(
  db: Db,
  settings: EcpaySettings,
  memberId: number,
  orderId: number,
  now: Date,
): Promise<EcpayCheckout> {
  const order = await ownOrder(db, memberId, orderId);
  if (!isOnlinePayment(order.paymentType)) throw new Conflict(paymentMsg.paymentNotNeeded);
  if (order.isPayment) throw new Conflict(paymentMsg.alreadyPaid);
  const issued = issuedAlready(order);
  if (issued) throw new Conflict(issued);
  if (!canCheckout(order)) throw new Conflict(paymentMsg.notPayable);
  // Only the forms of a way to pay later (ATM, 超商代碼, 超商條碼) name how long it stays open;
  // checkoutFields puts each deadline on its own method's form only.
  const shop = PAID_LATER.has(order.paymentType) ? await getOrderSettings(db, 0) : undefined;
  const fields = checkoutFields(
    order,
    {
      ...settings,
      atmExpireDays: shop?.atmExpireDays,
      cvsExpireMinutes: shop?.cvsExpireMinutes,
      barcodeExpireDays: shop?.barcodeExpireDays,
    },
    now,
  );
  return { action: checkoutAction(settings), fields: signEcpayFields(fields, settings.hashKey, settings.hashIv) };
}

// ---- callbacks from ECPay (or the simulator) --------------------------------------------------

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

/**
 * Checks the signature and the merchant. A failed check is stored as 'rejected' (for the staff to
 * see attacks or a wrong HashKey) and changes nothing else.
 */
async function verifyCallback(
  db: Db,
  settings: EcpaySettings,
  fields: EcpayFields,
  log: FastifyBaseLogger,
): Promise<z.infer<typeof callbackSchema> | null> {
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

/**
 * POST /ecpay-payment/notify (ReturnURL). RtnCode 1 marks the order paid with ECPay's TradeNo and
 * PaymentDate, once: the notification row is unique per (kind, MerchantTradeNo, TradeNo), so a
 * replay finds it and changes nothing more. Everything happens in one transaction with the order
 * row locked, so two deliveries at once cannot both pay.
 */
export async function receivePaymentResult(
  db: Db,
  settings: EcpaySettings,
  fields: EcpayFields,
  now: Date,
  log: FastifyBaseLogger,
): Promise<CallbackAnswer> {
  const callback = await verifyCallback(db, settings, fields, log);
  if (!callback) return MAC_ERROR;

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
    const fresh = await repo.insertNotification(tx, {
      provider: 'ecpay',
      merchantTradeNo: callback.MerchantTradeNo,
      tradeNo: callback.TradeNo,
      kind,
      raw: fields,
      verified: true,
    });
    if (!fresh || kind !== 'paid' || !order) {
      if (fresh && kind !== 'paid' && kind !== 'unpaid') {
        log.error(
          { merchantTradeNo: callback.MerchantTradeNo, kind, tradeAmt: callback.TradeAmt },
          'ECPay payment not applied',
        );
      }
      return;
    }
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
  });
  return OK;
}

/**
 * POST /ecpay-payment/info (PaymentInfoURL; /payment-info, its earlier name, too): RtnCode 2 = an ATM virtual account was
 * issued; stores the account, bank code and deadline on the unpaid order, once. RtnCode 10100073 = a
 * 超商代碼 (CVS) was issued: stores PaymentNo and ExpireDate on an unpaid CVS order still waiting for
 * one (decision 082).
 */
export async function receivePaymentInfo(
  db: Db,
  settings: EcpaySettings,
  fields: EcpayFields,
  now: Date,
  log: FastifyBaseLogger,
): Promise<CallbackAnswer> {
  const callback = await verifyCallback(db, settings, fields, log);
  if (!callback) return MAC_ERROR;

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
    const fresh = await repo.insertNotification(tx, {
      provider: 'ecpay',
      merchantTradeNo: callback.MerchantTradeNo,
      tradeNo: callback.TradeNo,
      kind,
      raw: fields,
      verified: true,
    });
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
}

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
  callback: z.infer<typeof callbackSchema>,
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
    const fresh = await repo.insertNotification(tx, {
      provider: 'ecpay',
      merchantTradeNo: callback.MerchantTradeNo,
      tradeNo: callback.TradeNo,
      kind,
      raw: fields,
      verified: true,
    });
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

/** spec §7 PUT /orders-virtual-account (shop owner): sets the ATM account of an unpaid ATM order. */
export async function setOrderVirtualAccount(
  db: Db,
  staffId: number,
  input: {
    order_number: string;
    virtual_account: string;
    virtual_account_bank_code: string;
    virtual_account_expire_date: Date;
  },
  now: Date,
): Promise<OrderPayment> {
  return db.transaction(async (tx) => {
    const order = await repo.lockOrderByNumber(tx, input.order_number);
    if (!order) throw new NotFound('找不到此訂單');
    if (order.paymentType !== PaymentMethod.VirtualAccount) throw new Conflict(paymentMsg.notVirtualAccountOrder);
    if (order.isPayment) throw new Conflict(paymentMsg.alreadyPaid);
    // Where the buyer is told to pay: who changed it must be known (issue 19).
    await recordAudit(tx, {
      staffId,
      action: 'set-virtual-account',
      entity: 'orders',
      entityId: order.id,
      before: {
        virtual_account: order.virtualAccount,
        virtual_account_bank_code: order.virtualAccountBankCode,
        virtual_account_expire_date: order.virtualAccountExpireDate,
      },
      after: input,
    });
    await orderWrites.setVirtualAccount(
      tx,
      order.id,
      {
        virtualAccount: input.virtual_account,
        virtualAccountBankCode: input.virtual_account_bank_code,
        virtualAccountExpireDate: input.virtual_account_expire_date,
      },
      now,
    );
    return paymentView((await repo.findOrderById(tx, order.id))!);
  });
}

// An order's payment as its member sees it and ECPay's checkout form (spec §6), and the owner's ATM
// account (spec §7). ECPay's notices about a payment are payment-notices.service.ts.
import {
  OrderStatus,
  PaymentMethod,
  isOnlinePayment,
  paymentMsg,
  type EcpayCheckout,
  type OrderPayment,
  type PaymentMethod as PaymentMethodValue,
  type OrderStatus as OrderStatusValue,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Conflict, NotFound } from '../../errors.ts';
import { recordAudit } from '../admin/index.ts';
import { paymentInstructionsJson, ordersRepository as orderWrites } from '../orders/index.ts';
import { getOrderSettings } from '../settings/index.ts';
import { signEcpayFields } from './check-mac-value.ts';
import { ECPAY_CHECKOUT_URL, SIMULATOR_PATH, checkoutFields } from './ecpay-aio.ts';
import * as repo from './payments.repository.ts';
import { canPayByBankcard } from './bankcard.service.ts';
import { canPayByLinePay } from './linepay.service.ts';
import { ownOrder } from './payable-orders.ts';

// The routes read ECPay's notices from here.
export { receivePaymentInfo, receivePaymentResult } from './payment-notices.service.ts';
export type { EcpaySettings } from './payment-settings.ts';
import type { EcpaySettings } from './payment-settings.ts';

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

/** Methods whose form asks ECPay for a way to pay later, with the owner's deadline. */
const PAID_LATER: ReadonlySet<number> = new Set([
  PaymentMethod.VirtualAccount,
  PaymentMethod.CvsCode,
  PaymentMethod.CvsBarcode,
]);

/**
 * Why the order cannot go to ECPay again when it already holds its way to pay (an ATM account, a
 * 超商代碼, barcodes): it is paid into, and ECPay would refuse the used MerchantTradeNo. Null otherwise.
 */
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

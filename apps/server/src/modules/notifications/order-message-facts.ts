// What a message says of an order, from the order as it is when the job runs (issue 17 item 4).
import {
  type OrderMessageFacts,
  type OrderMessageKind,
  parcelTracking,
  paymentDeadline,
  PaymentMethod,
  type PaymentInstructions,
} from '@shop/domain';
import type { OrderForMessage } from '../orders/index.ts';
import type { ShopMessageSettings } from '../settings/index.ts';

/** How the placed message tells the shopper to pay, or that nothing is left to pay. */
export function paymentInstructionsOf(o: OrderForMessage, bank: ShopMessageSettings['bank']): PaymentInstructions {
  if (o.isPayment || o.payAmount <= 0) return { method: 'none' };
  const payBy = paymentDeadline({
    status: o.status,
    is_payment: o.isPayment,
    is_shipping: o.isShipping,
    payment_type: o.paymentType,
    created_at: o.createdAt,
    virtual_account_expire_date: o.virtualAccount?.expiresAt ?? null,
    payment_code_expire_date: o.paymentCode?.expiresAt ?? o.barcodesExpireAt ?? null,
    last_number_of_transfer: o.lastNumberOfTransfer,
    cancel_record: o.cancelStatus === null ? null : { status: o.cancelStatus },
  });
  switch (o.paymentType) {
    case PaymentMethod.Transfer:
      return bank
        ? {
            method: 'transfer',
            bankName: bank.name,
            bankCode: bank.code,
            account: bank.account,
            holder: bank.holder,
            payBy,
          }
        : { method: 'online', label: '銀行轉帳', payBy };
    case PaymentMethod.VirtualAccount:
      return o.virtualAccount
        ? {
            method: 'atm',
            bankCode: o.virtualAccount.bankCode,
            account: o.virtualAccount.account,
            payBy: o.virtualAccount.expiresAt,
          }
        : { method: 'atm_pending', payBy };
    case PaymentMethod.CvsCode:
      return o.paymentCode
        ? { method: 'cvs', code: o.paymentCode.code, payBy: o.paymentCode.expiresAt }
        : { method: 'online', label: '超商代碼繳費', payBy };
    case PaymentMethod.CvsBarcode:
      // Barcodes are scanned from a screen: the message sends the shopper to the order page.
      return o.barcodesExpireAt
        ? { method: 'cvs_barcode', payBy: o.barcodesExpireAt }
        : { method: 'online', label: '超商條碼繳費', payBy };
    case PaymentMethod.LinePay:
      return { method: 'online', label: 'LINE Pay', payBy };
    case PaymentMethod.ApplePay:
      return { method: 'online', label: 'Apple Pay', payBy };
    case PaymentMethod.Twqr:
      return { method: 'online', label: '台灣Pay', payBy };
    case PaymentMethod.CashOnDelivery:
      return { method: 'cash_on_delivery' };
    default:
      return { method: 'online', label: '信用卡', payBy };
  }
}

/** The shopper's page of the order: a member's order page, or the guests' order lookup. */
export function orderPageUrl(o: Pick<OrderForMessage, 'memberId' | 'orderNumber'>, publicUrl: string): string {
  return o.memberId !== null
    ? `${publicUrl}/member/orders/${encodeURIComponent(o.orderNumber)}`
    : `${publicUrl}/searching-order`;
}

export function messageFactsOf(
  kind: OrderMessageKind,
  o: OrderForMessage,
  shop: ShopMessageSettings,
  publicUrl: string,
): OrderMessageFacts {
  const facts: OrderMessageFacts = {
    shopName: shop.shopName,
    orderNumber: o.orderNumber,
    payAmount: o.payAmount,
    orderUrl: orderPageUrl(o, publicUrl),
  };
  if (kind === 'placed') facts.payment = paymentInstructionsOf(o, shop.bank);
  if (o.freightCompany || o.trackingNumber) {
    facts.parcel = {
      carrier: o.freightCompany,
      trackingNumber: o.trackingNumber,
      trackingUrl: parcelTracking(o.freightCompany, o.trackingNumber)?.url ?? null,
    };
  }
  if (o.store) facts.store = { ...o.store, pickupDeadline: o.pickupDeadline };
  if (kind === 'refunded') facts.refundAmount = o.returnRefundAmount ?? o.payAmount;
  if (kind === 'return_approved' && o.returnRefundAmount !== null) facts.refundAmount = o.returnRefundAmount;
  return facts;
}

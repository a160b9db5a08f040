// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export { adjustBonusInTx } from './bonus-ledger.ts';
export { listOrderEvents, readOrderFlags, recordOrderMove } from './order-events.ts';
export { isShippable, recordDeliveryProgress, shipByLogistics } from './order-delivery.ts';
export { markOrderRefunded, REFUND_PAYMENT_JOB, type RefundPaymentJob } from './order-refunds.ts';
export * as orderHandling from './order-handling.service.ts';
export {
  INVOICE_ALLOWANCE_JOB,
  ISSUE_INVOICE_JOB,
  VOID_INVOICE_JOB,
  type InvoiceJobPayload,
} from './order-side-effects.ts';
export * as ordersRepository from './orders.repository.ts';
export { invoiceOrderOf, orderAmountsJson, paymentInstructionsJson } from './order-json.ts';
export { isUploadInReturnRequest } from './return-request-photos.ts';
export { NOTIFY_ORDER_JOB, type NotifyOrderPayload } from './order-notifications.ts';
export { readOrderForMessage, type OrderForMessage } from './order-message-source.ts';
export { rebuildSalesSummary } from './sales-summary-rebuild.ts';
export * as salesSummary from './sales-summary.repository.ts';
export { findReceivedOrder, type ReceivedOrder } from './received-orders.ts';

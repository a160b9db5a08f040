// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export { invoiceGateway } from './invoice-gateway.ts';
export { invoiceJobHandlers } from './invoice-jobs.ts';
export { adminInvoiceViewOf, invoiceViewOf } from './invoices.service.ts';
export { refuseUnknownCarrier } from './receipt-check.ts';

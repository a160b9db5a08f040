// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export { listOrderPayments, recordManualRefund } from './payment-records.service.ts';
export { LINEPAY_CONFIRM_JOB } from './linepay.service.ts';
// ECPay's logistics signs with the same sorted, .NET-encoded string, hashed with MD5 (docs/decisions/053).
export { checkMacSource, type EcpayFields } from './check-mac-value.ts';
// The simulators' page shell, which LINE's simulator (issue 41) wears too.
export { escapeHtml, sendSimulatorPage, simulatorPage } from './simulator-page.ts';

// When an invoiced order gives money back (issue 16 item 3, docs/decisions/052): a paid order
// cancelled voids its invoice while ECPay still voids it, else gives it back by an allowance, and an
// approved return gives back its refund amount by an allowance. Each runs as an outbox job the
// order's move recorded; a void retried is checked against ECPay's invoice, an allowance retried
// against the amount the invoice has left, so nothing is given twice.
import { canVoidInvoice, taipeiDate, type EInvoiceAllowanceReason } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { jobsRepository } from '../jobs/index.ts';
import { invoiceOrderOf, ISSUE_INVOICE_JOB, ordersRepository } from '../orders/index.ts';
import { EcpayInvoiceUnavailable, type EcpayInvoiceClient } from './ecpay-invoice-api.ts';
import type { InvoiceGateway } from './invoice-gateway.ts';
import { allowanceItems, parseEcpayDateTime } from './invoice-requests.ts';
import { answered, orderOf, type InvoiceDeps } from './invoices.service.ts';
import * as repo from './invoices.repository.ts';

/** The job waits (the runner retries it with backoff) until the invoice it acts on is settled. */
class InvoiceNotReady extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceNotReady';
  }
}

/**
 * The issued invoice a void or allowance acts on; null when there is none and none will come (no
 * issue was ever asked: an order paid before e-invoices, or with ECPAY_INVOICE_MODE=off). Throws
 * InvoiceNotReady while the issue is pending, so the job is retried after it.
 */
async function issuedInvoiceOf(db: Db, orderId: number): Promise<repo.InvoiceRow | null> {
  const invoice = await repo.findInvoiceOfOrder(db, orderId);
  if (!invoice) {
    // No row: either the issue job has yet to run (wait for it), or it ran and found nothing to
    // invoice, or none was ever asked for.
    const issue = await jobsRepository.findJobByDedupeKey(db, `${ISSUE_INVOICE_JOB}:${orderId}`);
    if (!issue || issue.status === 'done') return null;
    throw new InvoiceNotReady(`order ${orderId}: the e-invoice is not issued yet`);
  }
  if (invoice.status === 'pending') throw new InvoiceNotReady(`order ${orderId}: the e-invoice is not issued yet`);
  if (invoice.status === 'failed') {
    throw new InvoiceNotReady(`order ${orderId}: the e-invoice was not issued (${invoice.providerMessage})`);
  }
  return invoice;
}

/** The client a void or allowance needs; with ECPAY_INVOICE_MODE=off the job waits for the staff. */
function clientFor(gateway: InvoiceGateway, orderId: number): EcpayInvoiceClient {
  if (!gateway.client) throw new Error(`ECPAY_INVOICE_MODE=off: the e-invoice of order ${orderId} waits`);
  return gateway.client;
}

/** The invoice reads voided, with the ECPay answer that says so. */
async function markVoided(db: Db, invoice: repo.InvoiceRow, data: Record<string, unknown>, now: Date) {
  await repo.updateInvoice(
    db,
    invoice.id,
    {
      status: 'voided',
      voidedAt: now,
      ...answered(data),
    },
    now,
  );
}

/**
 * Job `void-invoice`: a paid order was cancelled. Voids the invoice while ECPay still voids it (until
 * the 13th after its two-month period, and only without allowances), else gives the rest of it back
 * by an allowance. A void refused because it happened before (a lost answer) reads voided.
 */
export async function voidInvoice(deps: InvoiceDeps, orderId: number): Promise<void> {
  const { db, gateway, now, log } = deps;
  const invoice = await issuedInvoiceOf(db, orderId);
  if (!invoice || invoice.status === 'voided') return;
  const client = clientFor(gateway, orderId);
  // ECPay voids an invoice only without allowances; a refused (failed) one was never made.
  const allowances = (await repo.listAllowances(db, invoice.id)).filter((a) => a.status !== 'failed');
  if (allowances.length === 0 && canVoidInvoice(invoice.invoiceDate!, now)) {
    deps.signal?.throwIfAborted();
    const result = await client.invalid({
      InvoiceNo: invoice.invoiceNo!,
      InvoiceDate: taipeiDate(invoice.invoiceDate!),
      Reason: '訂單取消',
    });
    if (result.ok && result.data.InvoiceNo === invoice.invoiceNo) {
      await markVoided(db, invoice, result.data, now);
      log.info({ orderId, invoiceNo: invoice.invoiceNo }, 'e-invoice voided');
      return;
    }
    // Refused: voided before (the answer was lost), or not voidable; ECPay's invoice says which.
    const found = await client.getIssue({ RelateNumber: invoice.relateNumber });
    if (found.ok && found.data.IIS_Number === invoice.invoiceNo && found.data.IIS_Invalid_Status === '1') {
      await markVoided(db, invoice, found.data, now);
      return;
    }
    const why = result.ok ? 'answered another invoice' : `${result.code} ${result.message}`;
    await repo.updateInvoice(
      db,
      invoice.id,
      { providerCode: result.ok ? null : result.code, providerMessage: why },
      now,
    );
    // Retried with backoff: past the deadline the next try gives the money back by an allowance.
    throw new Error(`ECPay did not void invoice ${invoice.invoiceNo}: ${why}`);
  }
  // Past the deadline: all the invoice has left goes back by an allowance.
  await makeAllowance(deps, client, invoice, 'cancel', invoice.amount);
}

/** Job `invoice-allowance`: an approved return gives back its refund amount by an allowance. */
export async function allowReturn(deps: InvoiceDeps, orderId: number): Promise<void> {
  const { db, gateway, log } = deps;
  const invoice = await issuedInvoiceOf(db, orderId);
  if (!invoice) return;
  if (invoice.status === 'voided') {
    log.warn({ orderId }, 'return of an order whose e-invoice is voided: no allowance');
    return;
  }
  const [ret] = await ordersRepository.findReturnRecords(db, [orderId]);
  const amount = ret?.refundAmount ?? 0;
  if (amount <= 0) return;
  await makeAllowance(deps, clientFor(gateway, orderId), invoice, 'return', amount);
}

/**
 * One allowance per invoice and cause. A row still pending from an earlier try means ECPay may have
 * made it: the amount the invoice has left at ECPay tells whether it did, so nothing is given twice.
 */
async function makeAllowance(
  deps: InvoiceDeps,
  client: EcpayInvoiceClient,
  invoice: repo.InvoiceRow,
  reason: EInvoiceAllowanceReason,
  wanted: number,
): Promise<void> {
  const row = await allowanceToAsk(deps, client, invoice, reason, wanted);
  if (row) await askAllowance(deps, client, invoice, row);
}

/**
 * The allowance row this try asks ECPay for, pending; null when there is nothing to ask (nothing
 * left to give back, or made already, perhaps by an earlier try whose answer was lost).
 */
async function allowanceToAsk(
  { db, now, log }: InvoiceDeps,
  client: EcpayInvoiceClient,
  invoice: repo.InvoiceRow,
  reason: EInvoiceAllowanceReason,
  wanted: number,
): Promise<repo.AllowanceRow | null> {
  const others = (await repo.listAllowances(db, invoice.id)).filter(
    (a) => a.reason !== reason && a.status === 'issued',
  );
  const leftBefore = invoice.amount - others.reduce((sum, a) => sum + a.amount, 0);
  const amount = Math.min(wanted, leftBefore);
  if (amount <= 0) return null;
  const ensured = await repo.ensureAllowance(db, {
    invoiceId: invoice.id,
    reason,
    amount,
    createdAt: now,
    updatedAt: now,
  });
  const row = ensured.row;
  if (row.status === 'issued') return null;
  if (row.status === 'pending' && !ensured.created) {
    // Asked before without a word back (a timeout, a crash): the amount ECPay has left tells whether it made it.
    const found = await client.getIssue({ RelateNumber: invoice.relateNumber });
    const remain = found.ok ? found.data.IIS_Remain_Allowance_Amt : undefined;
    if (found.ok && remain === leftBefore - row.amount) {
      await repo.updateAllowance(
        db,
        row.id,
        { status: 'issued', allowanceDate: now, remainingAmount: remain, ...answered(found.data) },
        now,
      );
      log.warn(
        { orderId: invoice.orderId, reason },
        'e-invoice allowance found by the amount left; its number is at ECPay',
      );
      return null;
    }
    if (remain !== leftBefore) {
      throw new Error(
        `ECPay's amount left on invoice ${invoice.invoiceNo} (${remain}) does not tell whether the allowance was made`,
      );
    }
  }
  if (row.status === 'failed') {
    // Refused before, so never made; until ECPay answers this try, it may be.
    return repo.updateAllowance(db, row.id, { status: 'pending', providerCode: null, providerMessage: '' }, now);
  }
  return row;
}

/** Asks ECPay for the allowance and stores its answer: made, or refused (the job is retried). */
async function askAllowance(
  { db, now, log, signal }: InvoiceDeps,
  client: EcpayInvoiceClient,
  invoice: repo.InvoiceRow,
  row: repo.AllowanceRow,
): Promise<void> {
  const order = await orderOf(db, invoice.orderId);
  signal?.throwIfAborted();
  let result;
  try {
    result = await client.allowance({
      InvoiceNo: invoice.invoiceNo!,
      InvoiceDate: taipeiDate(invoice.invoiceDate!),
      // ECPay tells the buyer by SMS, on the mobile number the order was placed with.
      AllowanceNotify: 'S',
      NotifyPhone: order.memberCellphone,
      CustomerName: invoice.customerName || order.recvName,
      AllowanceAmount: row.amount,
      Items: allowanceItems({ ...invoiceOrderOf(order), orderNumber: order.orderNumber }, row.amount),
    });
  } catch (error) {
    if (error instanceof EcpayInvoiceUnavailable) {
      log.warn(
        { orderId: invoice.orderId, error: error.message },
        'ECPay e-invoice allowance unavailable: the job retries',
      );
    }
    throw error;
  }
  if (!result.ok) {
    await repo.updateAllowance(
      db,
      row.id,
      { status: 'failed', providerCode: result.code, providerMessage: result.message },
      now,
    );
    throw new Error(`ECPay refused the allowance of invoice ${invoice.invoiceNo}: ${result.code} ${result.message}`);
  }
  const allowanceDate = parseEcpayDateTime(result.data.IA_Date);
  if (result.data.IA_Invoice_No !== invoice.invoiceNo || !allowanceDate) {
    log.error({ orderId: invoice.orderId }, 'ECPay answered an allowance of another invoice');
    throw new Error(`ECPay's allowance answer does not name invoice ${invoice.invoiceNo}`);
  }
  await repo.updateAllowance(
    db,
    row.id,
    {
      status: 'issued',
      allowanceNo: result.data.IA_Allow_No,
      allowanceDate,
      remainingAmount: result.data.IA_Remain_Allowance_Amt,
      ...answered(result.data),
    },
    now,
  );
  log.info(
    { orderId: invoice.orderId, allowanceNo: result.data.IA_Allow_No, amount: row.amount },
    'e-invoice allowance made',
  );
}

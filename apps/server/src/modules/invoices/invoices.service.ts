// An order's uniform e-invoice at ECPay (issue 16 item 3, docs/decisions/052): issued when the order
// is paid, voided when a paid order is cancelled while ECPay still voids it, else given back by an
// allowance, and an allowance for what a return gives back. Each runs as an outbox job the order's
// move recorded. The row is written before ECPay is asked, so a crash or a lost answer is found
// again: an Issue retried meets ECPay's duplicate RelateNumber and is looked up instead, a void
// retried is checked against ECPay's invoice, an allowance retried against the amount left.
import {
  canVoidInvoice,
  invoiceItemsOf,
  InvoiceItemsMismatch,
  taipeiDate,
  type AdminEInvoiceView,
  type EInvoiceAllowanceReason,
  type EInvoiceView,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { jobsRepository } from '../jobs/index.ts';
import { invoiceOrderOf, ISSUE_INVOICE_JOB, ordersRepository } from '../orders/index.ts';
import { EcpayInvoiceUnavailable, type EcpayInvoiceClient } from './ecpay-invoice-api.ts';
import type { InvoiceGateway } from './invoice-gateway.ts';
import {
  allowanceItems,
  issueRequestOf,
  parseEcpayDateTime,
  receiptFields,
  storedReceipt,
} from './invoice-requests.ts';
import * as repo from './invoices.repository.ts';

export interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface InvoiceDeps {
  db: Db;
  gateway: InvoiceGateway;
  now: Date;
  log: Log;
  /** The job's: aborted when its runner lost it (decision 077), so this one asks ECPay nothing more. */
  signal?: AbortSignal;
}

type OrderRow = NonNullable<Awaited<ReturnType<typeof ordersRepository.findOrder>>>;

const INVOICE_NO = /^[A-Z]{2}\d{8}$/;
const RANDOM_NUMBER = /^\d{4}$/;

/** The job waits (the runner retries it with backoff) until the invoice it acts on is settled. */
class InvoiceNotReady extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceNotReady';
  }
}

async function orderOf(db: Db, orderId: number): Promise<OrderRow> {
  const order = await ordersRepository.findOrder(db, orderId);
  if (!order) throw new Error(`order ${orderId} not found`);
  return order;
}

/** An issued invoice as ECPay describes it, or null when its fields are not ECPay's (changes nothing). */
function issuedFields(answer: { InvoiceNo: string; InvoiceDate: string; RandomNumber: string }) {
  const invoiceDate = parseEcpayDateTime(answer.InvoiceDate);
  if (!INVOICE_NO.test(answer.InvoiceNo) || !RANDOM_NUMBER.test(answer.RandomNumber) || !invoiceDate) return null;
  return { invoiceNo: answer.InvoiceNo, invoiceDate, randomNumber: answer.RandomNumber };
}

/** ECPay's successful answer as stored: its code, message and decrypted Data (which holds no key). */
const answered = (data: Record<string, unknown>) => ({
  providerCode: typeof data.RtnCode === 'number' ? data.RtnCode : 1,
  providerMessage: typeof data.RtnMsg === 'string' ? data.RtnMsg : '',
  answer: { ...data },
});

// ---- issue -----------------------------------------------------------------------------------------

/**
 * Job `issue-invoice`: issues the paid order's invoice once. Already issued (or voided): nothing to
 * do. ECPay unreachable: the row stays pending and the job is retried. ECPay refusing: the row reads
 * failed with ECPay's code and message, and the job is retried, then parked for the back office.
 */
export async function issueInvoice({ db, gateway, now, log, signal }: InvoiceDeps, orderId: number): Promise<void> {
  if (!gateway.client) {
    log.info({ orderId }, 'e-invoice not issued: ECPAY_INVOICE_MODE=off');
    return;
  }
  const order = await orderOf(db, orderId);
  const known = await repo.findInvoiceOfOrder(db, orderId);
  if (known && (known.status === 'issued' || known.status === 'voided')) return;
  if (order.payAmount <= 0) return;

  const receipt = storedReceipt(order);
  const fields = receiptFields(receipt, order);
  let invoice =
    known ??
    (await repo.ensureInvoice(db, {
      orderId,
      relateNumber: order.orderNumber,
      amount: order.payAmount,
      invoiceType: receipt.type,
      carrierType: fields.CarrierType,
      carrierNum: 'CarrierNum' in fields ? fields.CarrierNum : '',
      loveCode: 'LoveCode' in fields ? fields.LoveCode : '',
      customerIdentifier: 'CustomerIdentifier' in fields ? fields.CustomerIdentifier : '',
      customerName: 'CustomerName' in fields ? fields.CustomerName : '',
      createdAt: now,
      updatedAt: now,
    }));
  if (invoice.status === 'failed') {
    // Asked again: until ECPay answers, it may issue it.
    invoice = await repo.updateInvoice(db, invoice.id, { status: 'pending' }, now);
  }
  let lines;
  try {
    lines = invoiceItemsOf(invoiceOrderOf(order));
  } catch (error) {
    if (!(error instanceof InvoiceItemsMismatch)) throw error;
    log.error({ orderId, error: error.message }, 'e-invoice items do not add up');
    await repo.updateInvoice(db, invoice.id, { status: 'failed', providerMessage: error.message }, now);
    throw error;
  }
  const request = issueRequestOf(order, receipt, lines);

  signal?.throwIfAborted();
  let result;
  try {
    result = await gateway.client.issue(request);
  } catch (error) {
    if (!(error instanceof EcpayInvoiceUnavailable)) throw error;
    log.warn({ orderId, error: error.message }, 'ECPay e-invoice issue unavailable: the job retries');
    await repo.updateInvoice(db, invoice.id, { status: 'pending', providerMessage: error.message }, now);
    throw error;
  }
  if (result.ok) {
    const issued = issuedFields(result.data);
    if (!issued) {
      log.error({ orderId }, 'ECPay answered an invoice without its number, date or random number');
      throw new Error('ECPay e-invoice issue answered fields outside its protocol');
    }
    await repo.updateInvoice(
      db,
      invoice.id,
      {
        status: 'issued',
        ...issued,
        ...answered(result.data),
      },
      now,
    );
    log.info({ orderId, invoiceNo: issued.invoiceNo }, 'e-invoice issued');
    return;
  }
  if (result.duplicateRelateNumber) {
    // The first try went through and its answer was lost (a timeout, a crash): ECPay has the invoice.
    await adoptIssued({ db, gateway, now, log }, gateway.client, invoice, request.SalesAmount);
    return;
  }
  log.warn({ orderId, code: result.code, message: result.message }, 'ECPay refused the e-invoice');
  await repo.updateInvoice(
    db,
    invoice.id,
    { status: 'failed', providerCode: result.code, providerMessage: result.message },
    now,
  );
  throw new Error(`ECPay refused the e-invoice of order ${order.orderNumber}: ${result.code} ${result.message}`);
}

/** Reads the invoice ECPay already has for the RelateNumber and stores it, if it is this order's. */
async function adoptIssued(
  { db, now, log }: InvoiceDeps,
  client: EcpayInvoiceClient,
  invoice: repo.InvoiceRow,
  amount: number,
): Promise<void> {
  const found = await client.getIssue({ RelateNumber: invoice.relateNumber });
  if (!found.ok) throw new Error(`ECPay has RelateNumber ${invoice.relateNumber} but GetIssue answered ${found.code}`);
  const fields = issuedFields({
    InvoiceNo: found.data.IIS_Number,
    InvoiceDate: found.data.IIS_Create_Date,
    RandomNumber: found.data.IIS_Random_Number,
  });
  const foundAmount = found.data.IIS_Sales_Amount;
  if (
    !fields ||
    found.data.IIS_Relate_Number !== invoice.relateNumber ||
    (foundAmount !== undefined && foundAmount !== amount)
  ) {
    // Not the invoice this order asked for: change nothing, and tell the staff.
    log.error({ orderId: invoice.orderId, foundAmount, amount }, 'ECPay holds another invoice under this RelateNumber');
    throw new Error(`ECPay's invoice for RelateNumber ${invoice.relateNumber} does not match order ${invoice.orderId}`);
  }
  const voided = found.data.IIS_Invalid_Status === '1';
  await repo.updateInvoice(
    db,
    invoice.id,
    {
      status: voided ? 'voided' : 'issued',
      ...fields,
      voidedAt: voided ? now : null,
      ...answered(found.data),
    },
    now,
  );
  log.info({ orderId: invoice.orderId, invoiceNo: fields.invoiceNo }, 'e-invoice found at ECPay after a lost answer');
}

// ---- void and allowances ---------------------------------------------------------------------------

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
      await repo.updateInvoice(
        db,
        invoice.id,
        {
          status: 'voided',
          voidedAt: now,
          ...answered(result.data),
        },
        now,
      );
      log.info({ orderId, invoiceNo: invoice.invoiceNo }, 'e-invoice voided');
      return;
    }
    // Refused: voided before (the answer was lost), or not voidable; ECPay's invoice says which.
    const found = await client.getIssue({ RelateNumber: invoice.relateNumber });
    if (found.ok && found.data.IIS_Number === invoice.invoiceNo && found.data.IIS_Invalid_Status === '1') {
      await repo.updateInvoice(
        db,
        invoice.id,
        {
          status: 'voided',
          voidedAt: now,
          ...answered(found.data),
        },
        now,
      );
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
  { db, now, log, signal }: InvoiceDeps,
  client: EcpayInvoiceClient,
  invoice: repo.InvoiceRow,
  reason: EInvoiceAllowanceReason,
  wanted: number,
): Promise<void> {
  const others = (await repo.listAllowances(db, invoice.id)).filter(
    (a) => a.reason !== reason && a.status === 'issued',
  );
  const leftBefore = invoice.amount - others.reduce((sum, a) => sum + a.amount, 0);
  const amount = Math.min(wanted, leftBefore);
  if (amount <= 0) return;
  const ensured = await repo.ensureAllowance(db, {
    invoiceId: invoice.id,
    reason,
    amount,
    createdAt: now,
    updatedAt: now,
  });
  let row = ensured.row;
  if (row.status === 'issued') return;
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
      return;
    }
    if (remain !== leftBefore) {
      throw new Error(
        `ECPay's amount left on invoice ${invoice.invoiceNo} (${remain}) does not tell whether the allowance was made`,
      );
    }
  }
  if (row.status === 'failed') {
    // Refused before, so never made; until ECPay answers this try, it may be.
    row = await repo.updateAllowance(db, row.id, { status: 'pending', providerCode: null, providerMessage: '' }, now);
  }

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

// ---- views -----------------------------------------------------------------------------------------

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function viewParts(db: Db, orderId: number) {
  const invoice = await repo.findInvoiceOfOrder(db, orderId);
  if (!invoice) return null;
  const allowances = await repo.listAllowances(db, invoice.id);
  const view: EInvoiceView = {
    status: invoice.status as EInvoiceView['status'],
    invoice_no: invoice.invoiceNo,
    invoice_date: iso(invoice.invoiceDate),
    random_number: invoice.randomNumber,
    amount: invoice.amount,
    voided_at: iso(invoice.voidedAt),
    allowances: allowances.map((a) => ({
      allowance_no: a.allowanceNo,
      amount: a.amount,
      allowance_date: iso(a.allowanceDate),
      status: a.status as EInvoiceView['allowances'][number]['status'],
      reason: a.reason as EInvoiceAllowanceReason,
    })),
  };
  return { invoice, view };
}

/** The order's invoice as its member sees it; null when none was asked of ECPay. */
export async function invoiceViewOf(db: Db, orderId: number): Promise<EInvoiceView | null> {
  return (await viewParts(db, orderId))?.view ?? null;
}

/** The order's invoice as the back office sees it, with ECPay's last word. */
export async function adminInvoiceViewOf(db: Db, orderId: number): Promise<AdminEInvoiceView | null> {
  const parts = await viewParts(db, orderId);
  if (!parts) return null;
  return {
    ...parts.view,
    relate_number: parts.invoice.relateNumber,
    provider_code: parts.invoice.providerCode,
    provider_message: parts.invoice.providerMessage,
  };
}

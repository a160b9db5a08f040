// An order's uniform e-invoice at ECPay (issue 16 item 3, docs/decisions/052): issued when the order
// is paid, by an outbox job the order's move recorded, and shown to the member and the back office.
// The row is written before ECPay is asked, so a crash or a lost answer is found again: an Issue
// retried meets ECPay's duplicate RelateNumber and is looked up instead. Voids and allowances are
// invoice-allowances.service.ts.
import {
  invoiceItemsOf,
  InvoiceItemsMismatch,
  type AdminEInvoiceView,
  type EInvoiceAllowanceReason,
  type EInvoiceView,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { invoiceOrderOf, ordersRepository } from '../orders/index.ts';
import { EcpayInvoiceUnavailable, type EcpayInvoiceClient } from './ecpay-invoice-api.ts';
import type { InvoiceGateway } from './invoice-gateway.ts';
import { issueRequestOf, parseEcpayDateTime, receiptFields, storedReceipt } from './invoice-requests.ts';
import * as repo from './invoices.repository.ts';
import type { Log } from '../../logging.ts';

export interface InvoiceDeps {
  db: Db;
  gateway: InvoiceGateway;
  now: Date;
  log: Log;
  /** The job's: aborted when its runner lost it (decision 077), so this one asks ECPay nothing more. */
  signal?: AbortSignal;
}

export type OrderRow = NonNullable<Awaited<ReturnType<typeof ordersRepository.findOrder>>>;

const INVOICE_NO = /^[A-Z]{2}\d{8}$/;
const RANDOM_NUMBER = /^\d{4}$/;

export async function orderOf(db: Db, orderId: number): Promise<OrderRow> {
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
export const answered = (data: Record<string, unknown>) => ({
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
  const invoice = await pendingInvoice(db, order, receipt, known, now);
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

/** The invoice's row, written before ECPay is asked, pending until ECPay answers this try. */
async function pendingInvoice(
  db: Db,
  order: OrderRow,
  receipt: ReturnType<typeof storedReceipt>,
  known: repo.InvoiceRow | undefined,
  now: Date,
): Promise<repo.InvoiceRow> {
  const fields = receiptFields(receipt, order);
  const invoice =
    known ??
    (await repo.ensureInvoice(db, {
      orderId: order.id,
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
  // Asked again: until ECPay answers, it may issue it.
  if (invoice.status === 'failed') return repo.updateInvoice(db, invoice.id, { status: 'pending' }, now);
  return invoice;
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

// The invoices module's outbox jobs (docs/decisions/038, 052), registered with the job runner by main.ts.
// The orders module records them when an order is paid, a paid order cancelled, a return approved.
import { z } from 'zod';
import type { JobHandler, ProviderJobDeps } from '../jobs/index.ts';
import { INVOICE_ALLOWANCE_JOB, ISSUE_INVOICE_JOB, VOID_INVOICE_JOB } from '../orders/index.ts';
import { invoiceGateway } from './invoice-gateway.ts';
import { allowReturn, voidInvoice } from './invoice-allowances.service.ts';
import { issueInvoice, type InvoiceDeps } from './invoices.service.ts';

const payload = z.object({ orderId: z.number().int().positive() });

export function invoiceJobHandlers(deps: ProviderJobDeps): Record<string, JobHandler> {
  const { db, config, log } = deps;
  const now = deps.now ?? (() => new Date());
  const gateway = invoiceGateway(config);
  const run =
    (step: (deps: InvoiceDeps, orderId: number) => Promise<void>): JobHandler =>
    async (input, ctx) =>
      step({ db, gateway, now: now(), log, signal: ctx.signal }, payload.parse(input).orderId);
  return {
    [ISSUE_INVOICE_JOB]: run(issueInvoice),
    [VOID_INVOICE_JOB]: run(voidInvoice),
    [INVOICE_ALLOWANCE_JOB]: run(allowReturn),
  };
}

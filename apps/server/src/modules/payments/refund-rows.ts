// The payment_transactions rows of a refund job (decision 077): what a provider's earlier tries left,
// and the pending row written before the provider is asked, so a retry after a lost answer finds it.
import type { Db } from '../../db/client.ts';
import * as repo from './payments.repository.ts';

/** The refund rows of the order at this provider, oldest first. */
export async function providerRefunds(db: Db, orderId: number, provider: string): Promise<repo.TransactionRow[]> {
  return (await repo.listOrderTransactions(db, orderId)).filter((t) => t.provider === provider && t.kind === 'refund');
}

/**
 * The id of the refund's pending row: the one an earlier try left, else a new one. Then the job
 * must still be this runner's: one that lost it sends nothing; the one holding it now does.
 */
export async function pendingRefundRow(
  db: Db,
  pending: { id: number } | undefined,
  row: { orderId: number; provider: string; providerOrderId: string; amount: number },
  signal: AbortSignal | undefined,
): Promise<number> {
  const id = pending?.id ?? (await repo.insertPendingTransaction(db, { ...row, kind: 'refund' }));
  signal?.throwIfAborted();
  return id;
}

// The count of changes a kept sales report goes by (docs/decisions/093), in a file of its own: the
// sums, the after-sales records and the rebuild all bump it, and none of them may import another.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { salesSummaryVersion } from '../../db/schema/index.ts';

/**
 * Counts a change to what the sales report reads (the sums, a cancel or return request), in the
 * transaction that makes it: a report kept under the previous count is read again. Such changes take
 * the row's lock in turn, as payments of one day and method already do on their `sales_daily` row.
 * The row is made by the first change, so a new shop's tables stay empty until something happens
 * (a restore refuses a shop that holds data).
 */
export async function countSalesChange(tx: Db | Tx): Promise<void> {
  await tx
    .insert(salesSummaryVersion)
    .values({ id: 1, changes: 1 })
    .onConflictDoUpdate({ target: salesSummaryVersion.id, set: { changes: sql`${salesSummaryVersion.changes} + 1` } });
}

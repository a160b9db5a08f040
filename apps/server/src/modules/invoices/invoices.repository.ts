// SQL of the invoices and invoice_allowances tables; only the invoices module touches them.
import { and, asc, eq, gte, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoiceAllowances, invoices } from '../../db/schema/index.ts';

type Handle = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type AllowanceRow = typeof invoiceAllowances.$inferSelect;

export async function findInvoiceOfOrder(db: Handle, orderId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row;
}

/** The order's invoice row, created pending when there is none yet (one per order). */
export async function ensureInvoice(db: Handle, values: NewInvoiceRow): Promise<InvoiceRow> {
  const [created] = await db.insert(invoices).values(values).onConflictDoNothing().returning();
  if (created) return created;
  const existing = await findInvoiceOfOrder(db, values.orderId);
  if (!existing) throw new Error(`RelateNumber ${values.relateNumber} belongs to another order's invoice`);
  return existing;
}

export async function updateInvoice(
  db: Handle,
  id: number,
  change: Partial<NewInvoiceRow>,
  now: Date,
): Promise<InvoiceRow> {
  const [row] = await db
    .update(invoices)
    .set({ ...change, updatedAt: now })
    .where(eq(invoices.id, id))
    .returning();
  return row!;
}

export async function listAllowances(db: Handle, invoiceId: number): Promise<AllowanceRow[]> {
  return db
    .select()
    .from(invoiceAllowances)
    .where(eq(invoiceAllowances.invoiceId, invoiceId))
    .orderBy(asc(invoiceAllowances.id));
}

export async function findAllowance(
  db: Handle,
  invoiceId: number,
  reason: AllowanceRow['reason'],
): Promise<AllowanceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoiceAllowances)
    .where(and(eq(invoiceAllowances.invoiceId, invoiceId), eq(invoiceAllowances.reason, reason)));
  return row;
}

/** The allowance row of a cause, created pending before ECPay is asked (one per invoice and cause). */
export async function ensureAllowance(
  db: Handle,
  values: typeof invoiceAllowances.$inferInsert,
): Promise<{ row: AllowanceRow; created: boolean }> {
  const [created] = await db.insert(invoiceAllowances).values(values).onConflictDoNothing().returning();
  if (created) return { row: created, created: true };
  return { row: (await findAllowance(db, values.invoiceId, values.reason))!, created: false };
}

export async function updateAllowance(
  db: Handle,
  id: number,
  change: Partial<typeof invoiceAllowances.$inferInsert>,
  now: Date,
): Promise<AllowanceRow> {
  const [row] = await db
    .update(invoiceAllowances)
    .set({ ...change, updatedAt: now })
    .where(eq(invoiceAllowances.id, id))
    .returning();
  return row!;
}

// ---- the daily register (issue 16 item 4) ------------------------------------------------------------

/** Invoices made in [start, end): the day's 開立 lines, voided ones included (they were issued that day too). */
export async function findInvoicesIssuedBetween(db: Handle, start: Date, end: Date): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(isNotNull(invoices.invoiceNo), gte(invoices.invoiceDate, start), lt(invoices.invoiceDate, end)))
    .orderBy(asc(invoices.invoiceDate), asc(invoices.id));
}

/** Invoices voided in [start, end). */
export async function findInvoicesVoidedBetween(db: Handle, start: Date, end: Date): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(gte(invoices.voidedAt, start), lt(invoices.voidedAt, end)))
    .orderBy(asc(invoices.voidedAt), asc(invoices.id));
}

/** Allowances ECPay made in [start, end), each with its invoice. */
export async function findAllowancesBetween(db: Handle, start: Date, end: Date) {
  return db
    .select({ allowance: invoiceAllowances, invoice: invoices })
    .from(invoiceAllowances)
    .innerJoin(invoices, eq(invoices.id, invoiceAllowances.invoiceId))
    .where(
      and(
        eq(invoiceAllowances.status, 'issued'),
        gte(invoiceAllowances.allowanceDate, start),
        lt(invoiceAllowances.allowanceDate, end),
      ),
    )
    .orderBy(asc(invoiceAllowances.allowanceDate), asc(invoiceAllowances.id));
}

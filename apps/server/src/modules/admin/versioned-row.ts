import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { VERSION_CONFLICT_MSG } from '@shop/domain';
import { Conflict, NotFound } from '../../errors.ts';
import type { Tx } from '../../db/client.ts';

/** A table with an integer `id` key and the optimistic-lock `version` column (db/schema/columns.ts). */
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/**
 * Reads a row for an update and locks it until the transaction ends (SELECT … FOR UPDATE), so the
 * version check below and the write after it cannot interleave with another editor's.
 */
export async function lockRow<T extends VersionedTable>(
  tx: Tx,
  table: T,
  id: number,
  notFoundMsg = '找不到資料',
): Promise<T['$inferSelect']> {
  const rows = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update');
  const row = rows[0];
  if (!row) throw new NotFound(notFoundMsg);
  return row as T['$inferSelect'];
}

/** 409 when the row changed since the form was opened (issue 7: no silent overwrite). */
export function assertVersion(row: { version: number }, expected: number): void {
  if (row.version !== expected) throw new Conflict(VERSION_CONFLICT_MSG);
}

/** `version = version + 1` for the SET clause of an update. */
export function nextVersion(table: VersionedTable): SQL {
  return sql`${table.version} + 1`;
}

/**
 * The usual update: lock, check the version, write `values` with the version bumped, return
 * before and after images for the audit row.
 */
export async function updateVersioned<T extends VersionedTable>(
  tx: Tx,
  table: T,
  id: number,
  expectedVersion: number,
  values: Partial<T['$inferInsert']>,
  notFoundMsg?: string,
): Promise<{ before: T['$inferSelect']; after: T['$inferSelect'] }> {
  const before = await lockRow(tx, table, id, notFoundMsg);
  assertVersion(before as { version: number }, expectedVersion);
  const rows = await tx
    .update(table as PgTable)
    .set({ ...(values as object), version: nextVersion(table) } as never)
    .where(eq(table.id, id))
    .returning();
  return { before, after: rows[0] as T['$inferSelect'] };
}

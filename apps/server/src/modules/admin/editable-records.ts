// The common shape of a back-office record type (issue 7 items 2–3): a searchable, sortable, paged
// list; create, update, status toggle and delete, each in one transaction with its audit row and,
// for updates and deletes, the optimistic version check (docs/decisions/010). Record types with more
// to them (products with specs, bundles with products) build on the same pieces.
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AdminListQuery } from '@shop/domain';
import type { Db, Tx } from '../../db/client.ts';
import { Conflict, NotFound } from '../../errors.ts';
import { recordAudit } from './audit.ts';
import { assertVersion, lockRow, updateVersioned, type VersionedTable } from './versioned-row.ts';

/** The staff member acting (from the back-office token). */
export interface Actor {
  id: number;
}

export interface EditableTable<T extends VersionedTable = VersionedTable> {
  table: T;
  /** Audit entity name (the table name). */
  entity: string;
  /** zh-TW 404 message. */
  notFound: string;
  /** Columns `?q=` searches (ILIKE); a number also matches the id. */
  search: PgColumn[];
  /** The column `sort=name` orders by. */
  name: PgColumn;
  status?: PgColumn;
  indexId?: PgColumn;
  /** Order when the list is sorted by index_id but the table has none (news: newest first). */
  defaultOrder?: SQL[];
}

export type RecordRow<T extends VersionedTable> = T['$inferSelect'];

/** `%` and `_` typed into a search box are literal characters, not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function orderFor(def: EditableTable, sort: AdminListQuery['sort']): SQL[] {
  const dir = sort.startsWith('-') ? desc : asc;
  const key = sort.replace(/^-/, '');
  const id = def.table.id;
  if (key === 'id') return [dir(id)];
  if (key === 'name') return [dir(def.name), asc(id)];
  if (!def.indexId) return def.defaultOrder ?? [dir(id)];
  return [dir(def.indexId), dir(id)];
}

/** spec §9 order (index_id ascending) by default; `?q=`, `?status=` and the caller's own filters. */
export async function listRecords<T extends VersionedTable>(
  db: Db,
  def: EditableTable<T>,
  q: AdminListQuery,
  filters: (SQL | undefined)[] = [],
): Promise<{ rows: RecordRow<T>[]; total: number }> {
  const conditions = [...filters];
  if (q.q) {
    const matches: (SQL | undefined)[] = def.search.map((column) => ilike(column, containsPattern(q.q!)));
    if (/^\d{1,9}$/.test(q.q)) matches.push(eq(def.table.id, Number(q.q)));
    conditions.push(or(...matches));
  }
  if (q.status !== undefined && def.status) conditions.push(eq(def.status, q.status));
  const where = and(...conditions);
  const table = def.table as PgTable;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...orderFor(def, q.sort))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(where),
  ]);
  return { rows: rows as RecordRow<T>[], total: counted[0]?.n ?? 0 };
}

export async function findRecord<T extends VersionedTable>(db: Db | Tx, def: EditableTable<T>, id: number) {
  const [row] = await db
    .select()
    .from(def.table as PgTable)
    .where(eq(def.table.id, id));
  if (!row) throw new NotFound(def.notFound);
  return row as RecordRow<T>;
}

/** PostgreSQL's code for a foreign-key violation, wherever the driver puts it. */
function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Deleting a row other rows still point at: say so instead of failing (the services check first). */
export const STILL_IN_USE = '此資料仍被其他資料使用，無法刪除，請改為下架';

export async function insertRecord<T extends VersionedTable>(
  tx: Tx,
  def: EditableTable<T>,
  actor: Actor,
  values: T['$inferInsert'],
  auditExtra?: Record<string, unknown>,
): Promise<RecordRow<T>> {
  const [row] = await tx
    .insert(def.table as PgTable)
    .values(values as never)
    .returning();
  const created = row as RecordRow<T> & { id: number };
  await recordAudit(tx, {
    staffId: actor.id,
    action: 'create',
    entity: def.entity,
    entityId: created.id,
    after: { ...created, ...auditExtra },
  });
  return created;
}

/** Lock, check the version the form was opened with, write, audit. */
export async function updateRecord<T extends VersionedTable>(
  tx: Tx,
  def: EditableTable<T>,
  actor: Actor,
  id: number,
  version: number,
  values: Partial<T['$inferInsert']>,
  options: { action?: string; before?: Record<string, unknown>; after?: Record<string, unknown> } = {},
): Promise<RecordRow<T>> {
  const { before, after } = await updateVersioned(tx, def.table, id, version, values, def.notFound);
  await recordAudit(tx, {
    staffId: actor.id,
    action: options.action ?? 'update',
    entity: def.entity,
    entityId: id,
    before: { ...(before as object), ...options.before },
    after: { ...(after as object), ...options.after },
  });
  return after;
}

/**
 * Lock, check the version (when the caller names one), let `guard` refuse (rows still in use), delete,
 * audit. A foreign key the guard missed still answers 409 with a clear message, never a 500.
 */
export async function deleteRecord<T extends VersionedTable>(
  tx: Tx,
  def: EditableTable<T>,
  actor: Actor,
  id: number,
  version: number | undefined,
  guard?: (row: RecordRow<T>) => Promise<void>,
  auditExtra?: Record<string, unknown>,
): Promise<RecordRow<T>> {
  const before = await lockRow(tx, def.table, id, def.notFound);
  if (version !== undefined) assertVersion(before as { version: number }, version);
  await guard?.(before);
  try {
    // A savepoint: a refused delete must not abort the surrounding transaction.
    await tx.transaction(async (inner) => {
      await inner.delete(def.table as PgTable).where(eq(def.table.id, id));
    });
  } catch (err) {
    if (pgCode(err) !== '23503') throw err;
    throw new Conflict(STILL_IN_USE);
  }
  await recordAudit(tx, {
    staffId: actor.id,
    action: 'delete',
    entity: def.entity,
    entityId: id,
    before: { ...(before as object), ...auditExtra },
  });
  return before;
}

const camelToSnake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A row in the API's snake_case with times as ISO strings (ARCHITECTURE.md "API conventions"). */
export function snakeRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    out[camelToSnake(key)] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

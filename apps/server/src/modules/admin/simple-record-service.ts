import type { SQL } from 'drizzle-orm';
import type { AdminListQuery } from '@shop/domain';
import type { Db, Tx } from '../../db/client.ts';
import {
  deleteRecord,
  findRecord,
  insertRecord,
  listRecords,
  updateRecord,
  type Actor,
  type EditableTable,
  type RecordRow,
} from './editable-records.ts';
import type { RecordService } from './record-routes.ts';
import type { VersionedTable } from './versioned-row.ts';

export interface SimpleRecordOptions<T extends VersionedTable, Q extends AdminListQuery, C> {
  /** The API shape of a row. */
  toJson(row: RecordRow<T>): unknown;
  /** Column values of a validated form (the form minus `version`); `now` for updated_at columns. */
  values(input: C, now: Date, creating: boolean): Partial<T['$inferInsert']>;
  /** The list's own filters (`?position=`, `?category_id=`…). */
  filters?(q: Q): (SQL | undefined)[];
  /** Checks that need the database (a parent that exists, a unique name); throws Invalid with field errors. */
  check?(tx: Tx, input: C, id: number | null): Promise<void>;
  /** Refuses a delete while other rows depend on the record (throws Conflict with the reason). */
  guardDelete?(tx: Tx, row: RecordRow<T>): Promise<void>;
}

/**
 * A record type that is one row of one table (news, tags, carousels…): list, read, create, update,
 * status toggle, delete, each audited; updates and deletes check the version.
 */
export function simpleRecordService<
  T extends VersionedTable,
  Q extends AdminListQuery,
  C extends object,
  U extends C & { version: number },
>(def: EditableTable<T>, o: SimpleRecordOptions<T, Q, C>): RecordService<Q, C, U> {
  const withoutVersion = (input: U): C => {
    const { version: _version, ...rest } = input;
    return rest as unknown as C;
  };
  return {
    async list(db: Db, q: Q) {
      const { rows, total } = await listRecords(db, def, q, o.filters?.(q) ?? []);
      return { items: rows.map(o.toJson), total };
    },
    async get(db: Db, id: number) {
      return o.toJson(await findRecord(db, def, id));
    },
    async create(db: Db, actor: Actor, input: C, now: Date) {
      const row = await db.transaction(async (tx) => {
        await o.check?.(tx, input, null);
        return insertRecord(tx, def, actor, o.values(input, now, true) as T['$inferInsert']);
      });
      return o.toJson(row);
    },
    async update(db: Db, actor: Actor, id: number, input: U, now: Date) {
      const fields = withoutVersion(input);
      const row = await db.transaction(async (tx) => {
        await o.check?.(tx, fields, id);
        return updateRecord(tx, def, actor, id, input.version, o.values(fields, now, false));
      });
      return o.toJson(row);
    },
    async setStatus(db: Db, actor: Actor, id: number, input: { status: 0 | 1; version: number }) {
      const row = await db.transaction((tx) =>
        updateRecord(tx, def, actor, id, input.version, { status: input.status } as Partial<T['$inferInsert']>, {
          action: 'status',
        }),
      );
      return o.toJson(row);
    },
    async remove(db: Db, actor: Actor, id: number, version: number | undefined) {
      await db.transaction((tx) =>
        deleteRecord(tx, def, actor, id, version, o.guardDelete && ((row) => o.guardDelete!(tx, row))),
      );
    },
  };
}

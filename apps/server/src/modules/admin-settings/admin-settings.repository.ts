// SQL of the back office's settings: the single rows (id 1) of system settings, follow-us links and
// the payment setting (spec §3 "single record fetched with id 1").
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type followUs, memberLevels, type paymentSettings, type systemSettings } from '../../db/schema/index.ts';

type Handle = Db | Tx;

export const SETTINGS_ROW = 1;

export type SingleRowTable = typeof systemSettings | typeof followUs | typeof paymentSettings;

export async function findRow<T extends SingleRowTable>(db: Handle, table: T): Promise<T['$inferSelect'] | undefined> {
  const rows = await db
    .select()
    .from(table as SingleRowTable)
    .where(eq(table.id, SETTINGS_ROW));
  return rows[0] as T['$inferSelect'] | undefined;
}

/** Reads the row for an update and locks it until the transaction ends. */
export async function lockRow<T extends SingleRowTable>(tx: Tx, table: T): Promise<T['$inferSelect'] | undefined> {
  const rows = await tx
    .select()
    .from(table as SingleRowTable)
    .where(eq(table.id, SETTINGS_ROW))
    .for('update');
  return rows[0] as T['$inferSelect'] | undefined;
}

export async function insertRow<T extends SingleRowTable>(tx: Tx, table: T, values: T['$inferInsert']) {
  const rows = await tx
    .insert(table as SingleRowTable)
    .values({ ...(values as object), id: SETTINGS_ROW } as never)
    .returning();
  return rows[0] as T['$inferSelect'];
}

export async function updateRow<T extends SingleRowTable>(tx: Tx, table: T, values: Partial<T['$inferInsert']>) {
  const rows = await tx
    .update(table as SingleRowTable)
    .set({ ...(values as object), version: sql`${table.version} + 1` } as never)
    .where(eq(table.id, SETTINGS_ROW))
    .returning();
  return rows[0] as T['$inferSelect'];
}

export interface LevelRate {
  id: number;
  name: string;
  bonusRate: number;
  /** Percent off the level's orders (docs/decisions/061). */
  discountPercent: number;
}

/** The member levels, lowest first, with the percent each earns back and takes off. */
export function listLevelRates(db: Handle): Promise<LevelRate[]> {
  return db
    .select({
      id: memberLevels.id,
      name: memberLevels.name,
      bonusRate: memberLevels.bonusRate,
      discountPercent: memberLevels.discountPercent,
    })
    .from(memberLevels)
    .orderBy(asc(memberLevels.indexId), asc(memberLevels.id));
}

/** A level's earning rate and, when given, its percent off. */
export async function setLevelRate(tx: Tx, id: number, bonusRate: number, discountPercent?: number): Promise<void> {
  await tx
    .update(memberLevels)
    .set(discountPercent === undefined ? { bonusRate } : { bonusRate, discountPercent })
    .where(eq(memberLevels.id, id));
}

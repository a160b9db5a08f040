import { and, asc, eq, type SQL } from 'drizzle-orm';
import { Status } from '@shop/domain';
import type { Db, Tx } from '../../db/client.ts';
import {
  aboutPages,
  commonQuestions,
  followUs,
  paymentSettings,
  specialAreas,
  systemSettings,
  termsTexts,
} from '../../db/schema/index.ts';

export type SystemSettingsRow = typeof systemSettings.$inferSelect;
export type AboutPageRow = typeof aboutPages.$inferSelect;

export async function findSystemSettings(db: Db | Tx, id: number): Promise<SystemSettingsRow | undefined> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.id, id));
  return row;
}

export async function findPaymentSetting(db: Db, id: number) {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, id));
  return row;
}

export async function findFollowUs(db: Db, id: number) {
  const [row] = await db.select().from(followUs).where(eq(followUs.id, id));
  return row;
}

/** spec §7: special-area keeps active ads, sorted by index_id. */
export async function findActiveSpecialAreas(db: Db) {
  return db
    .select()
    .from(specialAreas)
    .where(eq(specialAreas.status, Status.Active))
    .orderBy(asc(specialAreas.indexId), asc(specialAreas.id));
}

export async function findTermsTexts(db: Db, position?: number) {
  return db
    .select()
    .from(termsTexts)
    .where(position === undefined ? undefined : eq(termsTexts.position, position))
    .orderBy(asc(termsTexts.position));
}

export async function findActiveCommonQuestions(db: Db) {
  return db
    .select()
    .from(commonQuestions)
    .where(eq(commonQuestions.status, Status.Active))
    .orderBy(asc(commonQuestions.indexId), asc(commonQuestions.id));
}

export interface AboutFilter {
  id?: number;
  section?: number;
}

export async function findActiveAboutPages(db: Db, f: AboutFilter = {}): Promise<AboutPageRow[]> {
  const conditions: SQL[] = [eq(aboutPages.status, Status.Active)];
  if (f.id !== undefined) conditions.push(eq(aboutPages.id, f.id));
  if (f.section !== undefined) conditions.push(eq(aboutPages.section, f.section));
  return db
    .select()
    .from(aboutPages)
    .where(and(...conditions))
    .orderBy(asc(aboutPages.indexId), asc(aboutPages.id));
}

// SQL of the back office's content editing beyond the common record shape (admin/editable-records.ts).
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { articleCategories, articles, termsTexts } from '../../db/schema/index.ts';

type Handle = Db | Tx;

export async function countArticlesOfCategory(db: Handle, categoryId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(articles)
    .where(eq(articles.categoryId, categoryId));
  return row?.n ?? 0;
}

export async function categoryExists(db: Handle, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: articleCategories.id })
    .from(articleCategories)
    .where(eq(articleCategories.id, id));
  return row !== undefined;
}

/** The ids that name no article. */
export async function missingArticleIds(db: Handle, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: articles.id }).from(articles).where(inArray(articles.id, ids));
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

export type TermsTextRow = typeof termsTexts.$inferSelect;

export async function findTermsTexts(db: Handle): Promise<TermsTextRow[]> {
  return db.select().from(termsTexts).orderBy(asc(termsTexts.position));
}

export async function lockTermsText(tx: Tx, position: number): Promise<TermsTextRow | undefined> {
  const [row] = await tx.select().from(termsTexts).where(eq(termsTexts.position, position)).for('update');
  return row;
}

export async function insertTermsText(tx: Tx, values: typeof termsTexts.$inferInsert): Promise<TermsTextRow> {
  const [row] = await tx.insert(termsTexts).values(values).returning();
  return row!;
}

export async function updateTermsText(tx: Tx, id: number, values: Partial<typeof termsTexts.$inferInsert>) {
  const [row] = await tx
    .update(termsTexts)
    .set({ ...values, version: sql`${termsTexts.version} + 1` })
    .where(eq(termsTexts.id, id))
    .returning();
  return row!;
}

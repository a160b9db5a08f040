import { and, asc, desc, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { Status } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { articleCategories, articles, carousels, indexAreas, news, tags } from '../../db/schema/index.ts';

// spec §4: news, articles, categories, index areas and tags show with a truthy status. The column
// is a smallint, so truthy is "not 0" (isTruthyStatus in @shop/domain, in SQL).
const truthy = (column: AnyColumn) => ne(column, Status.InActive);

export type NewsRow = typeof news.$inferSelect;
export type ArticleRow = typeof articles.$inferSelect;
export type IndexAreaRow = typeof indexAreas.$inferSelect;
export type TagRow = typeof tags.$inferSelect;

/** A page of a list: `limit` rows after skipping `offset`. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** Shown news, newest first by post_at (spec §9); ties newest row first. */
export async function findNews(db: Db, id?: number, window?: PageWindow): Promise<NewsRow[]> {
  const conditions: SQL[] = [truthy(news.status)];
  if (id !== undefined) conditions.push(eq(news.id, id));
  const query = db
    .select()
    .from(news)
    .where(and(...conditions))
    .orderBy(desc(news.postAt), desc(news.id))
    .$dynamic();
  if (window) query.limit(window.limit).offset(window.offset);
  return query;
}

export async function countNews(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(news)
    .where(truthy(news.status));
  return row?.n ?? 0;
}

export interface ArticleFilter {
  id?: number;
  categoryId?: number;
}

function articleConditions(f: ArticleFilter): SQL {
  const conditions: SQL[] = [truthy(articles.status)];
  if (f.id !== undefined) conditions.push(eq(articles.id, f.id));
  if (f.categoryId !== undefined) conditions.push(eq(articles.categoryId, f.categoryId));
  return and(...conditions)!;
}

/** Shown articles by index_id (spec §9). */
export async function findArticles(db: Db, f: ArticleFilter = {}, window?: PageWindow): Promise<ArticleRow[]> {
  const query = db
    .select()
    .from(articles)
    .where(articleConditions(f))
    .orderBy(asc(articles.indexId), asc(articles.id))
    .$dynamic();
  if (window) query.limit(window.limit).offset(window.offset);
  return query;
}

export async function countArticles(db: Db, f: ArticleFilter = {}): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(articles)
    .where(articleConditions(f));
  return row?.n ?? 0;
}

export async function findArticleCategories(db: Db) {
  return db
    .select()
    .from(articleCategories)
    .where(truthy(articleCategories.status))
    .orderBy(asc(articleCategories.indexId), asc(articleCategories.id));
}

/** Active carousels by index_id (spec §4 status 1, §9), optionally of one site section. */
export async function findCarousels(db: Db, position?: number) {
  const conditions: SQL[] = [eq(carousels.status, Status.Active)];
  if (position !== undefined) conditions.push(eq(carousels.position, position));
  return db
    .select()
    .from(carousels)
    .where(and(...conditions))
    .orderBy(asc(carousels.indexId), asc(carousels.id));
}

export async function findIndexAreas(db: Db): Promise<IndexAreaRow[]> {
  return db
    .select()
    .from(indexAreas)
    .where(truthy(indexAreas.status))
    .orderBy(asc(indexAreas.indexId), asc(indexAreas.id));
}

export async function findTags(db: Db): Promise<TagRow[]> {
  return db.select().from(tags).where(truthy(tags.status)).orderBy(asc(tags.indexId), asc(tags.id));
}

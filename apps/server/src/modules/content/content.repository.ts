import { and, asc, desc, eq, ne, type AnyColumn, type SQL } from 'drizzle-orm';
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

/** Shown news, newest first by post_at (spec §9); ties newest row first. */
export async function findNews(db: Db, id?: number): Promise<NewsRow[]> {
  const conditions: SQL[] = [truthy(news.status)];
  if (id !== undefined) conditions.push(eq(news.id, id));
  return db
    .select()
    .from(news)
    .where(and(...conditions))
    .orderBy(desc(news.postAt), desc(news.id));
}

export interface ArticleFilter {
  id?: number;
  categoryId?: number;
}

/** Shown articles by index_id (spec §9). */
export async function findArticles(db: Db, f: ArticleFilter = {}): Promise<ArticleRow[]> {
  const conditions: SQL[] = [truthy(articles.status)];
  if (f.id !== undefined) conditions.push(eq(articles.id, f.id));
  if (f.categoryId !== undefined) conditions.push(eq(articles.categoryId, f.categoryId));
  return db
    .select()
    .from(articles)
    .where(and(...conditions))
    .orderBy(asc(articles.indexId), asc(articles.id));
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

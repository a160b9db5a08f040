import type { FastifyBaseLogger } from 'fastify';
import { newsBanner, parseIdList, parseIndexAreaStyle, parseJsonSafe, parsePics, parseTextList } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../errors.ts';
import type { Answer } from '../../http/response-cache.ts';
import * as repo from './content.repository.ts';
import { sanitizeRichText } from '../../http/rich-text.ts';

const MALFORMED = Symbol('malformed');

/** spec §8: malformed stored JSON is logged (so staff can fix it) and read with the tolerant parser's fallback. */
function warnIfMalformed(log: FastifyBaseLogger, text: string, where: Record<string, unknown>) {
  if (parseJsonSafe(text, MALFORMED) === MALFORMED)
    log.warn(where, 'malformed JSON in stored content; using the fallback');
}

/** spec §3 News: pic and file as arrays; banner = the first pic, else the default news image key. */
function toNewsJson(n: repo.NewsRow) {
  const pics = parsePics(n.pic, null);
  return {
    id: n.id,
    title: n.title,
    summary: n.summary,
    content: sanitizeRichText(n.content),
    // `pic` is the spec's field name; `pics` matches products and packages.
    pic: pics,
    pics,
    file: parseTextList(n.file),
    banner: newsBanner(n.pic),
    status: n.status,
    post_at: n.postAt.toISOString(),
    created_at: n.createdAt.toISOString(),
  };
}

/** `?page=&size=` of a list endpoint; without `page` the whole list. */
export interface ListPage {
  page?: number;
  size?: number;
}

/** spec §9: list pages hold 12 records unless the caller asks otherwise. */
export const DEFAULT_PAGE_SIZE = 12;

const windowOf = (q: ListPage): repo.PageWindow => {
  const size = q.size ?? DEFAULT_PAGE_SIZE;
  return { limit: size, offset: ((q.page ?? 1) - 1) * size };
};

/**
 * GET /news: shown news, newest first by post_at (spec §4, §9). With `page` one page of it and the
 * full count (X-Total-Count), so /news sends 12 records instead of the whole archive.
 */
export async function listNews(db: Db, q: ListPage = {}): Promise<Answer & { data: ReturnType<typeof toNewsJson>[] }> {
  if (q.page === undefined) return { data: (await repo.findNews(db)).map(toNewsJson) };
  const [rows, total] = await Promise.all([repo.findNews(db, undefined, windowOf(q)), repo.countNews(db)]);
  return { data: rows.map(toNewsJson), total };
}

export async function getNews(db: Db, id: number) {
  const [row] = await repo.findNews(db, id);
  if (!row) throw new NotFound('找不到此消息');
  return toNewsJson(row);
}

function toArticleJson(a: repo.ArticleRow) {
  return {
    id: a.id,
    category_id: a.categoryId,
    title: a.title,
    summary: a.summary,
    content: sanitizeRichText(a.content),
    pic: a.pic,
    status: a.status,
    index_id: a.indexId,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

/**
 * GET /articles: shown articles by index_id, optionally of one sharing-zone category (/recommended?t=);
 * with `page` one page and the full count.
 */
export async function listArticles(
  db: Db,
  categoryId?: number,
  q: ListPage = {},
): Promise<Answer & { data: ReturnType<typeof toArticleJson>[] }> {
  const filter = { categoryId };
  if (q.page === undefined) return { data: (await repo.findArticles(db, filter)).map(toArticleJson) };
  const [rows, total] = await Promise.all([repo.findArticles(db, filter, windowOf(q)), repo.countArticles(db, filter)]);
  return { data: rows.map(toArticleJson), total };
}

export async function getArticle(db: Db, id: number) {
  const [row] = await repo.findArticles(db, { id });
  if (!row) throw new NotFound('找不到此文章');
  return toArticleJson(row);
}

/** GET /article-category: shown categories by index_id. */
export async function listArticleCategories(db: Db) {
  return (await repo.findArticleCategories(db)).map((c) => ({
    id: c.id,
    name: c.name,
    status: c.status,
    index_id: c.indexId,
  }));
}

/** GET /carousels: active slides by index_id; `position` is the site section (1 = home). */
export async function listCarousels(db: Db, position?: number) {
  return (await repo.findCarousels(db, position)).map((c) => ({
    id: c.id,
    position: c.position,
    pic: c.pic,
    link: c.link,
    title: c.title,
    subtitle: c.subtitle,
    status: c.status,
    index_id: c.indexId,
  }));
}

/** GET /index-areas: shown home areas by index_id; style and ids parsed, malformed JSON logged and ignored (spec §8). */
export async function listIndexAreas(db: Db, log: FastifyBaseLogger) {
  return (await repo.findIndexAreas(db)).map((a) => {
    warnIfMalformed(log, a.style, { indexAreaId: a.id, field: 'style' });
    warnIfMalformed(log, a.ids, { indexAreaId: a.id, field: 'ids' });
    const style = parseIndexAreaStyle(a.style);
    return {
      id: a.id,
      name: a.name,
      types: a.types,
      style: { content: sanitizeRichText(style.content), pics: style.pics },
      ids: parseIdList(a.ids),
      status: a.status,
      index_id: a.indexId,
    };
  });
}

/** GET /tags: shown hot-search tags by index_id; malformed ids give an empty list (spec §8). */
export async function listTags(db: Db, log: FastifyBaseLogger) {
  return (await repo.findTags(db)).map((t) => {
    warnIfMalformed(log, t.ids, { tagId: t.id, field: 'ids' });
    return { id: t.id, name: t.name, ids: parseIdList(t.ids), status: t.status, index_id: t.indexId };
  });
}

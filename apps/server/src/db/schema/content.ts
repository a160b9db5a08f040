// News and sharing-zone articles (spec §3 News, Article, Article category).
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, indexId, status, tstz, updatedAt, version } from './columns.ts';

/** 最新消息; listed newest first by post_at (spec §9). */
export const news = pgTable(
  'news',
  {
    /** Key. */
    id: id(),
    /** Headline. */
    title: text('title').notNull(),
    /** One-paragraph summary for the list. */
    summary: text('summary').notNull().default(''),
    /** Body html (sanitised on output). */
    content: text('content').notNull().default(''),
    /** JSON list of image upload keys (spec field name `pic`); banner = the first, else the default image. */
    pic: text('pic').notNull().default('[]'),
    /** JSON list of attachment upload keys. */
    file: text('file').notNull().default('[]'),
    /** Active / inactive (truthy = shown). */
    status: status(),
    /** Publication time; the list order. */
    postAt: tstz('post_at').notNull().defaultNow(),
    /** When created. */
    createdAt: createdAt(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [index('idx_news_status_post_at').on(t.status, t.postAt)],
);

/** Sharing-zone categories (/recommended?t=). */
export const articleCategories = pgTable(
  'article_categories',
  {
    /** Key. */
    id: id(),
    /** Label. */
    name: text('name').notNull(),
    /** Active / inactive (truthy = shown). */
    status: status(),
    /** Sort key. */
    indexId: indexId(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [index('idx_article_categories_status_index_id').on(t.status, t.indexId)],
);

/** Sharing-zone articles (reviews, stories). */
export const articles = pgTable(
  'articles',
  {
    /** Key. */
    id: id(),
    /** Its category. */
    categoryId: integer('category_id')
      .notNull()
      .references(() => articleCategories.id, { onDelete: 'restrict' }),
    /** Title. */
    title: text('title').notNull(),
    /** Teaser text. */
    summary: text('summary').notNull().default(''),
    /** Body html (sanitised on output). */
    content: text('content').notNull().default(''),
    /** Cover image upload key. */
    pic: text('pic').notNull().default(''),
    /** Active / inactive (truthy = shown). */
    status: status(),
    /** Sort key. */
    indexId: indexId(),
    /** When created. */
    createdAt: createdAt(),
    /** When last edited. */
    updatedAt: updatedAt(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [
    index('idx_articles_category_id').on(t.categoryId),
    index('idx_articles_status_index_id').on(t.status, t.indexId),
  ],
);

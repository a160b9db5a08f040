// Back-office content (issue 7 item 3): news, sharing-zone categories and articles, carousels by site
// section, home areas, special-area ads, common questions, about pages. Rich text is stored the way
// the storefront serves it (http/rich-text.ts), so the editor shows exactly what shoppers will see.
import { desc, eq, sql } from 'drizzle-orm';
import {
  IndexAreaId,
  IndexAreaType,
  newsBanner,
  parseIdList,
  parseIndexAreaStyle,
  parseJsonSafe,
  parsePics,
  parseTextList,
  type AboutPageCreateInput,
  type AdminListQuery,
  type ArticleCreateInput,
  type CarouselCreateInput,
  type IndexAreaCreateInput,
  type NewsCreateInput,
  type SpecialAreaCreateInput,
} from '@shop/domain';
import {
  aboutPages,
  articleCategories,
  articles,
  carousels,
  commonQuestions,
  indexAreas,
  news,
  specialAreas,
} from '../../db/schema/index.ts';
import { Conflict, Invalid } from '../../errors.ts';
import { sanitizeRichText } from '../../http/rich-text.ts';
import { snakeRow, type EditableTable, type RecordService, simpleRecordService } from '../admin/index.ts';
import { checkProductIds } from '../admin-catalogue/index.ts';
import * as repo from './admin-content.repository.ts';

type WithVersion<T> = T & { version: number };

// ---- news -------------------------------------------------------------------------------------

const newsTable: EditableTable<typeof news> = {
  table: news,
  entity: 'news',
  notFound: '找不到此消息',
  search: [news.title, news.summary],
  name: news.title,
  status: news.status,
  // spec §9: news are newest first by post_at.
  defaultOrder: [desc(news.postAt), desc(news.id)],
};

export const newsService: RecordService<
  AdminListQuery,
  NewsCreateInput,
  WithVersion<NewsCreateInput>
> = simpleRecordService(newsTable, {
  toJson: (row) => ({
    ...snakeRow(row),
    pic: parsePics(row.pic, null),
    file: parseTextList(row.file),
    banner: newsBanner(row.pic),
  }),
  values: (input, now, creating) => ({
    title: input.title,
    summary: input.summary,
    content: sanitizeRichText(input.content),
    pic: JSON.stringify(input.pic),
    file: JSON.stringify(input.file),
    status: input.status,
    // Left empty: published now (a new item) or unchanged (an edit).
    postAt: input.post_at ? new Date(input.post_at) : creating ? now : undefined,
  }),
});

// ---- sharing zone -------------------------------------------------------------------------------

const categoryTable: EditableTable<typeof articleCategories> = {
  table: articleCategories,
  entity: 'article_categories',
  notFound: '找不到此分類',
  search: [articleCategories.name],
  name: articleCategories.name,
  status: articleCategories.status,
  indexId: articleCategories.indexId,
};

interface CategoryInput {
  name: string;
  status: 0 | 1;
  index_id: number;
}

export const articleCategoryService: RecordService<
  AdminListQuery,
  CategoryInput,
  WithVersion<CategoryInput>
> = simpleRecordService(categoryTable, {
  toJson: (row) => snakeRow(row),
  values: (input) => ({ name: input.name, status: input.status, indexId: input.index_id }),
  async guardDelete(tx, row) {
    const n = await repo.countArticlesOfCategory(tx, row.id);
    if (n > 0) throw new Conflict(`此分類下還有 ${n} 篇文章，請先移走文章，或將分類下架`);
  },
});

export interface ArticleListQuery extends AdminListQuery {
  category_id?: number;
}

const articleTable: EditableTable<typeof articles> = {
  table: articles,
  entity: 'articles',
  notFound: '找不到此文章',
  search: [articles.title, articles.summary],
  name: articles.title,
  status: articles.status,
  indexId: articles.indexId,
};

export const articleService: RecordService<
  ArticleListQuery,
  ArticleCreateInput,
  WithVersion<ArticleCreateInput>
> = simpleRecordService(articleTable, {
  toJson: (row) => snakeRow(row),
  values: (input, now) => ({
    categoryId: input.category_id,
    title: input.title,
    summary: input.summary,
    content: sanitizeRichText(input.content),
    pic: input.pic,
    status: input.status,
    indexId: input.index_id,
    updatedAt: now,
  }),
  filters: (q) => [q.category_id === undefined ? undefined : eq(articles.categoryId, q.category_id)],
  async check(tx, input) {
    if (!(await repo.categoryExists(tx, input.category_id))) {
      throw new Invalid(undefined, [{ field: 'category_id', msg: '找不到所選的分類' }]);
    }
  },
});

// ---- carousels and special-area ads -------------------------------------------------------------

export interface CarouselListQuery extends AdminListQuery {
  position?: number;
}

const carouselTable: EditableTable<typeof carousels> = {
  table: carousels,
  entity: 'carousels',
  notFound: '找不到此輪播圖',
  search: [carousels.title, carousels.subtitle],
  name: carousels.title,
  status: carousels.status,
  indexId: carousels.indexId,
};

export const carouselService: RecordService<
  CarouselListQuery,
  CarouselCreateInput,
  WithVersion<CarouselCreateInput>
> = simpleRecordService(carouselTable, {
  toJson: (row) => snakeRow(row),
  values: (input) => ({
    position: input.position,
    pic: input.pic,
    link: input.link,
    title: input.title,
    subtitle: input.subtitle,
    status: input.status,
    indexId: input.index_id,
  }),
  filters: (q) => [q.position === undefined ? undefined : eq(carousels.position, q.position)],
});

const specialAreaTable: EditableTable<typeof specialAreas> = {
  table: specialAreas,
  entity: 'special_areas',
  notFound: '找不到此廣告',
  search: [specialAreas.name, specialAreas.url],
  name: specialAreas.name,
  status: specialAreas.status,
  indexId: specialAreas.indexId,
};

export const specialAreaService: RecordService<
  AdminListQuery,
  SpecialAreaCreateInput,
  WithVersion<SpecialAreaCreateInput>
> = simpleRecordService(specialAreaTable, {
  toJson: (row) => snakeRow(row),
  values: (input) => ({
    name: input.name,
    url: input.url,
    pic: input.pic,
    status: input.status,
    indexId: input.index_id,
  }),
});

// ---- home areas -----------------------------------------------------------------------------------

const indexAreaTable: EditableTable<typeof indexAreas> = {
  table: indexAreas,
  entity: 'index_areas',
  notFound: '找不到此首頁區塊',
  search: [indexAreas.name],
  name: indexAreas.name,
  status: indexAreas.status,
  indexId: indexAreas.indexId,
};

/** spec §2 Home: areas 2 (hot products) and 3 (review articles) are found by their fixed ids. */
const FIXED_AREAS = new Set<number>([IndexAreaId.HotProducts, IndexAreaId.ReviewArticles]);

function indexAreaJson(row: typeof indexAreas.$inferSelect) {
  const style = parseIndexAreaStyle(row.style);
  const raw = parseJsonSafe(row.style, {}) as Record<string, unknown>;
  return {
    ...snakeRow(row),
    title: typeof raw?.title === 'string' ? raw.title : '',
    link: typeof raw?.link === 'string' ? raw.link : '',
    content: style.content,
    pics: style.pics,
    ids: parseIdList(row.ids),
    /** What the ids of a Banner area name: products (area 2) or articles (area 3). */
    ids_kind: row.id === IndexAreaId.ReviewArticles ? 'articles' : 'products',
    fixed: FIXED_AREAS.has(row.id),
  };
}

export const indexAreaService: RecordService<
  AdminListQuery,
  IndexAreaCreateInput,
  WithVersion<IndexAreaCreateInput>
> = simpleRecordService(indexAreaTable, {
  toJson: indexAreaJson,
  values: (input) => ({
    name: input.name,
    types: input.types,
    // The shape the seed and the storefront read (packages/domain parseIndexAreaStyle).
    style: JSON.stringify({
      title: input.title,
      link: input.link,
      content: input.types === IndexAreaType.Article ? sanitizeRichText(input.content) : '',
      pic: input.pics,
    }),
    ids: JSON.stringify(input.ids.map((id) => ({ id }))),
    status: input.status,
    indexId: input.index_id,
  }),
  async check(tx, input, id) {
    // The fixed areas keep their kind: the home page finds them by id and lists their ids.
    if (id !== null && FIXED_AREAS.has(id) && input.types !== IndexAreaType.Banner) {
      throw new Invalid(undefined, [{ field: 'types', msg: '此區塊為固定的列表區塊，不能改變類型' }]);
    }
    if (id !== IndexAreaId.ReviewArticles) return checkProductIds(tx, input.ids, 'ids');
    const missing = await repo.missingArticleIds(tx, input.ids);
    if (missing.length) {
      const i = input.ids.indexOf(missing[0]!);
      throw new Invalid(undefined, [{ field: `ids.${i}`, msg: `找不到文章編號 ${missing[0]}` }]);
    }
  },
  async guardDelete(_tx, row) {
    if (FIXED_AREAS.has(row.id)) throw new Conflict('此區塊為首頁固定區塊，無法刪除，可改為下架');
  },
});

// ---- common questions and about pages ---------------------------------------------------------------

const questionTable: EditableTable<typeof commonQuestions> = {
  table: commonQuestions,
  entity: 'common_questions',
  notFound: '找不到此問題',
  search: [commonQuestions.question],
  name: commonQuestions.question,
  status: commonQuestions.status,
  indexId: commonQuestions.indexId,
};

interface QuestionInput {
  question: string;
  answer: string;
  status: 0 | 1;
  index_id: number;
}

export const commonQuestionService: RecordService<
  AdminListQuery,
  QuestionInput,
  WithVersion<QuestionInput>
> = simpleRecordService(questionTable, {
  toJson: (row) => snakeRow(row),
  values: (input) => ({
    question: input.question,
    answer: sanitizeRichText(input.answer),
    status: input.status,
    indexId: input.index_id,
  }),
});

export interface AboutPageListQuery extends AdminListQuery {
  section?: number;
}

const aboutTable: EditableTable<typeof aboutPages> = {
  table: aboutPages,
  entity: 'about_pages',
  notFound: '找不到此頁面',
  search: [aboutPages.title],
  name: aboutPages.title,
  status: aboutPages.status,
  indexId: aboutPages.indexId,
};

export const aboutPageService: RecordService<
  AboutPageListQuery,
  AboutPageCreateInput,
  WithVersion<AboutPageCreateInput>
> = simpleRecordService(aboutTable, {
  toJson: (row) => snakeRow(row),
  values: (input) => ({
    section: input.section,
    title: input.title,
    content: sanitizeRichText(input.content),
    pic: input.pic,
    status: input.status,
    indexId: input.index_id,
  }),
  filters: (q) => [q.section === undefined ? undefined : sql`${aboutPages.section} = ${q.section}`],
});

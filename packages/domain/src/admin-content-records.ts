// The content's back-office records (issue 7 item 3), each described once: what the API answers for
// it and, for the kinds on the shared record pages, their list and form (admin-record-kind.ts) and
// what the API takes when the form is posted (admin-record-request.ts).
import { z } from 'zod';
import {
  checkIndexArea,
  INDEX_AREA_IDS_MAX,
  indexAreaIdsSchema,
  indexAreaTypeLabel,
  indexAreaTypeSchema,
  newsAttachmentsSchema,
  pageSectionLabel,
  pageSectionSchema,
  siteSectionLabel,
  siteSectionSchema,
} from './admin-content-schemas.ts';
import { linkSchema } from './admin-forms.ts';
import { isoDateTimeSchema, recordStatusSchema } from './entities.ts';
import { BrandPosition, IndexAreaType, PageSection, SiteSection } from './enums.ts';
import { shopDateTime } from './shop-calendar.ts';
import {
  categoryNameField,
  choices,
  coverField,
  indexColumn,
  indexIdField,
  nameColumn,
  pictureColumn,
  recordText as text,
  richTextField,
  shownField,
  sourceColumn,
  statusField,
  typeSelectField,
  type RecordKindDescription,
} from './admin-record-kind.ts';
import { orderedRecordFields, recordInt as int, recordVersion as version } from './admin-record-fields.ts';
import { adminNamedRecordSchema } from './admin-catalogue-records.ts';
import { requestSchemasOf } from './admin-record-request.ts';

export const adminNewsSchema = z.object({
  id: int,
  title: z.string(),
  summary: z.string(),
  /** Sanitised html. */
  content: z.string(),
  pic: z.array(z.string()),
  file: z.array(z.string()),
  /** The first pic, else DEFAULT_NEWS_IMAGE. */
  banner: z.string(),
  status: recordStatusSchema,
  post_at: isoDateTimeSchema,
  created_at: isoDateTimeSchema,
  version,
});
export type AdminNews = z.infer<typeof adminNewsSchema>;

export const adminArticleCategorySchema = adminNamedRecordSchema;
export type AdminArticleCategory = z.infer<typeof adminArticleCategorySchema>;

export const adminArticleSchema = z.object({
  id: int,
  category_id: int,
  title: z.string(),
  summary: z.string(),
  /** Sanitised html. */
  content: z.string(),
  pic: z.string(),
  ...orderedRecordFields,
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
  version,
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;

export const adminCarouselSchema = z.object({
  id: int,
  position: z.enum(SiteSection),
  pic: z.string(),
  link: z.string(),
  title: z.string(),
  subtitle: z.string(),
  ...orderedRecordFields,
  version,
});
export type AdminCarousel = z.infer<typeof adminCarouselSchema>;

export const adminSpecialAreaSchema = z.object({
  id: int,
  name: z.string(),
  url: z.string(),
  pic: z.string(),
  ...orderedRecordFields,
  version,
});
export type AdminSpecialArea = z.infer<typeof adminSpecialAreaSchema>;

/** A home area: the stored row, with its style read into the fields the form edits. */
export const adminIndexAreaSchema = z.object({
  id: int,
  name: z.string(),
  types: z.enum(IndexAreaType),
  /** The stored JSON text the storefront reads. */
  style: z.string(),
  title: z.string(),
  link: z.string(),
  /** Html of an Article area. */
  content: z.string(),
  /** Pictures of a Carousel area. */
  pics: z.array(z.string()),
  ids: z.array(int),
  /** What the ids of a Banner area name: products (area 2) or articles (area 3). */
  ids_kind: z.enum(['products', 'articles']),
  /** Areas 2 and 3 are found by their fixed ids (spec §2 Home). */
  fixed: z.boolean(),
  ...orderedRecordFields,
  version,
});
export type AdminIndexArea = z.infer<typeof adminIndexAreaSchema>;

export const adminCommonQuestionSchema = z.object({
  id: int,
  question: z.string(),
  answer: z.string(),
  ...orderedRecordFields,
  version,
});
export type AdminCommonQuestion = z.infer<typeof adminCommonQuestionSchema>;

export const adminAboutPageSchema = z.object({
  id: int,
  section: z.enum(PageSection),
  title: z.string(),
  content: z.string(),
  pic: z.string(),
  ...orderedRecordFields,
  created_at: isoDateTimeSchema,
  version,
});
export type AdminAboutPage = z.infer<typeof adminAboutPageSchema>;

/** A terms text by brand position, written or not (id null and version 0 until first saved). */
export const adminTermsTextSchema = z.object({
  position: z.enum(BrandPosition),
  label: z.string(),
  id: int.nullable(),
  title: z.string(),
  content: z.string(),
  updated_at: isoDateTimeSchema.nullable(),
  /** 0 = the position has no text yet; saving creates it. */
  version,
});
export type AdminTermsText = z.infer<typeof adminTermsTextSchema>;

// ---- the shared record pages of the content -------------------------------------------------

const news = {
  path: 'news',
  title: '最新消息',
  noun: '消息',
  description: '依發布時間由新到舊顯示',
  api: '/admin/news',
  record: adminNewsSchema,
  columns: [
    pictureColumn('banner'),
    nameColumn('title'),
    { label: '發布時間', cell: (r) => shopDateTime(text(r.post_at)) },
  ],
  fields: [
    { type: 'text', name: 'title', label: '標題', required: true, max: 100, wide: true },
    { type: 'textarea', name: 'summary', label: '摘要', max: 300, rows: 2, wide: true },
    { type: 'datetime', name: 'post_at', label: '發布時間', help: '留空表示現在（台北時間）' },
    shownField,
    { type: 'picture', name: 'pic', label: '圖片', max: 10, help: '第一張為列表圖；沒有圖片時使用預設圖' },
    richTextField('content', '內容'),
  ] as const,
  blank: { title: '', summary: '', post_at: '', status: 1, pic: [] },
  label: (r) => text(r.title),
} satisfies RecordKindDescription;
// The API also takes attachments (file), which the form does not edit.
export const { create: newsCreateSchema, update: newsUpdateSchema } = requestSchemasOf(news.fields, {
  more: { file: newsAttachmentsSchema },
});
export type NewsCreateInput = z.infer<typeof newsCreateSchema>;

const articles = {
  path: 'articles',
  title: '分享文章',
  noun: '文章',
  description: '分享專區的文章（使用心得等）',
  api: '/admin/articles',
  record: adminArticleSchema,
  sortable: true,
  sources: { categories: '/admin/article-categories' },
  filters: [{ name: 'category_id', label: '文章分類', options: { source: 'categories' } }],
  columns: [pictureColumn('pic'), nameColumn('title'), sourceColumn('分類', 'categories', 'category_id'), indexColumn],
  fields: [
    { type: 'text', name: 'title', label: '標題', required: true, max: 100, wide: true },
    typeSelectField('category_id', '文章分類', 'categories'),
    indexIdField,
    { type: 'textarea', name: 'summary', label: '摘要', max: 300, rows: 2, wide: true },
    shownField,
    coverField('pic', '封面圖片'),
    richTextField('content', '內容'),
  ] as const,
  blank: { title: '', category_id: null, summary: '', index_id: 0, status: 1 },
  label: (r) => text(r.title),
} satisfies RecordKindDescription;
export const { create: articleCreateSchema, update: articleUpdateSchema } = requestSchemasOf(articles.fields);
export type ArticleCreateInput = z.infer<typeof articleCreateSchema>;

const articleCategories = {
  path: 'article-categories',
  title: '文章分類',
  noun: '文章分類',
  description: '分享專區的分類；有分類時選單才會出現「分享專區」',
  api: '/admin/article-categories',
  record: adminArticleCategorySchema,
  sortable: true,
  columns: [nameColumn(), indexColumn],
  fields: [categoryNameField, indexIdField, shownField] as const,
  blank: { name: '', index_id: 0, status: 1 },
  label: (r) => text(r.name),
} satisfies RecordKindDescription;
export const { create: articleCategoryInputSchema, update: articleCategoryUpdateSchema } = requestSchemasOf(
  articleCategories.fields,
);

const carousels = {
  path: 'carousels',
  title: '輪播圖',
  noun: '輪播圖',
  description: '各頁面頂端的橫幅；「首頁」位置是首頁的主打輪播',
  api: '/admin/carousels',
  record: adminCarouselSchema,
  sortable: true,
  filters: [{ name: 'position', label: '顯示位置', options: choices(siteSectionLabel) }],
  columns: [
    pictureColumn('pic'),
    { label: '標題', cell: (r) => text(r.title) || '（無標題）' },
    { label: '位置', cell: (r) => siteSectionLabel[Number(r.position) as SiteSection] ?? '' },
    { label: '連結', cell: (r) => text(r.link) || '—' },
    indexColumn,
  ],
  fields: [
    {
      type: 'select',
      name: 'position',
      label: '顯示位置',
      required: true,
      options: choices(siteSectionLabel),
      input: siteSectionSchema,
    },
    indexIdField,
    { type: 'text', name: 'title', label: '標題', max: 60 },
    { type: 'text', name: 'subtitle', label: '副標題', max: 100 },
    {
      type: 'text',
      name: 'link',
      label: '連結',
      help: '站內路徑（例如 /bundles）或 https:// 網址；留空則不可點',
      wide: true,
      input: linkSchema,
    },
    statusField,
    { type: 'picture', name: 'pic', label: '圖片', max: 1, required: true, help: '建議寬 1920 像素' },
  ] as const,
  blank: { position: SiteSection.Index, title: '', subtitle: '', link: '', index_id: 0, status: 1 },
  label: (r) => text(r.title) || `輪播圖 #${r.id}`,
} satisfies RecordKindDescription;
export const { create: carouselCreateSchema, update: carouselUpdateSchema } = requestSchemasOf(carousels.fields);
export type CarouselCreateInput = z.infer<typeof carouselCreateSchema>;

const indexAreas = {
  path: 'index-areas',
  title: '首頁區塊',
  noun: '首頁區塊',
  description: '首頁由上而下的區塊：關於我們文字、廣告圖、熱銷商品（固定）與好評分享（固定）',
  api: '/admin/index-areas',
  record: adminIndexAreaSchema,
  sortable: true,
  columns: [
    nameColumn(),
    { label: '類型', cell: (r) => indexAreaTypeLabel[r.types as IndexAreaType] ?? text(r.types) },
    {
      label: '內容',
      cell: (r) =>
        r.types === IndexAreaType.Banner
          ? `${(r.ids as unknown[]).length} 項`
          : r.types === IndexAreaType.Carousel
            ? `${(r.pics as unknown[]).length} 張圖`
            : '文字',
    },
    { label: '固定', cell: (r) => (r.fixed ? { badge: '固定區塊', tone: 'brand' } : '') },
    indexColumn,
  ],
  fields: [
    { type: 'text', name: 'name', label: '區塊名稱', required: true, max: 30 },
    {
      type: 'select',
      name: 'types',
      label: '類型',
      required: true,
      options: choices(indexAreaTypeLabel),
      locked: (r) => r.fixed === true,
      help: '文字介紹：一段 HTML；廣告圖片：一張圖加連結；商品或文章列表：挑選項目',
      input: indexAreaTypeSchema,
    },
    { type: 'text', name: 'title', label: '標題', max: 60 },
    { type: 'text', name: 'link', label: '連結', help: '站內路徑或 https:// 網址', wide: true, input: linkSchema },
    indexIdField,
    shownField,
    { ...richTextField('content', '文字內容'), when: (r) => r.types === IndexAreaType.Article },
    { type: 'picture', name: 'pics', label: '廣告圖片', max: 5, when: (r) => r.types === IndexAreaType.Carousel },
    {
      type: 'picker',
      name: 'ids',
      label: '列出的項目',
      max: INDEX_AREA_IDS_MAX,
      source: (r) => (r.ids_kind === 'articles' ? 'articles' : 'products'),
      when: (r) => r.types === IndexAreaType.Banner,
      help: '熱銷商品最多 20 項，依此順序顯示',
      input: indexAreaIdsSchema,
    },
  ] as const,
  blank: {
    name: '',
    types: IndexAreaType.Article,
    title: '',
    link: '',
    index_id: 0,
    status: 1,
    content: '',
    pics: [],
    ids: [],
  },
  keep: (r) => r.fixed === true,
  label: (r) => text(r.name),
} satisfies RecordKindDescription;
export const { create: indexAreaCreateSchema, update: indexAreaUpdateSchema } = requestSchemasOf(indexAreas.fields, {
  check: checkIndexArea,
});
export type IndexAreaCreateInput = z.infer<typeof indexAreaCreateSchema>;

const specialAreas = {
  path: 'special-areas',
  title: '浮動廣告',
  noun: '浮動廣告',
  description: '畫面角落可關閉的廣告圖',
  api: '/admin/special-areas',
  record: adminSpecialAreaSchema,
  sortable: true,
  columns: [pictureColumn('pic'), nameColumn(), { label: '連結', cell: (r) => text(r.url) || '—' }, indexColumn],
  fields: [
    { type: 'text', name: 'name', label: '名稱（圖片替代文字）', max: 60 },
    { type: 'text', name: 'url', label: '連結', help: '站內路徑或 https:// 網址', input: linkSchema },
    indexIdField,
    statusField,
    { type: 'picture', name: 'pic', label: '圖片', max: 1, required: true },
  ] as const,
  blank: { name: '', url: '', index_id: 0, status: 1 },
  label: (r) => text(r.name) || `廣告 #${r.id}`,
} satisfies RecordKindDescription;
export const { create: specialAreaCreateSchema, update: specialAreaUpdateSchema } = requestSchemasOf(
  specialAreas.fields,
);
export type SpecialAreaCreateInput = z.infer<typeof specialAreaCreateSchema>;

const commonQuestions = {
  path: 'common-questions',
  title: '常見問題',
  noun: '問題',
  description: '顯示在 /terms/problem',
  api: '/admin/common-questions',
  record: adminCommonQuestionSchema,
  sortable: true,
  columns: [{ label: '問題', cell: (r) => text(r.question) }, indexColumn],
  fields: [
    { type: 'text', name: 'question', label: '問題', required: true, max: 200, wide: true },
    indexIdField,
    shownField,
    richTextField('answer', '回答'),
  ] as const,
  blank: { question: '', index_id: 0, status: 1 },
  label: (r) => text(r.question),
} satisfies RecordKindDescription;
export const { create: commonQuestionCreateSchema, update: commonQuestionUpdateSchema } = requestSchemasOf(
  commonQuestions.fields,
);

const aboutPages = {
  path: 'about-pages',
  title: '關於我們',
  noun: '頁面',
  description: '「關於我們」等介紹頁（/about?id=編號）',
  api: '/admin/about-pages',
  record: adminAboutPageSchema,
  sortable: true,
  filters: [{ name: 'section', label: '頁面類型', options: choices(pageSectionLabel) }],
  columns: [
    pictureColumn('pic'),
    nameColumn('title'),
    { label: '類型', cell: (r) => pageSectionLabel[Number(r.section) as PageSection] ?? '' },
    { label: '網址', cell: (r) => `/about?id=${r.id}` },
    indexColumn,
  ],
  fields: [
    { type: 'text', name: 'title', label: '標題', required: true, max: 60, wide: true },
    {
      type: 'select',
      name: 'section',
      label: '頁面類型',
      required: true,
      options: choices(pageSectionLabel),
      input: pageSectionSchema,
    },
    indexIdField,
    shownField,
    coverField('pic', '插圖'),
    richTextField('content', '內容'),
  ] as const,
  blank: { title: '', section: PageSection.AboutUs, index_id: 0, status: 1 },
  label: (r) => text(r.title),
} satisfies RecordKindDescription;
export const { create: aboutPageCreateSchema, update: aboutPageUpdateSchema } = requestSchemasOf(aboutPages.fields);
export type AboutPageCreateInput = z.infer<typeof aboutPageCreateSchema>;

export const CONTENT_RECORD_KINDS = {
  news,
  articles,
  'article-categories': articleCategories,
  carousels,
  'index-areas': indexAreas,
  'special-areas': specialAreas,
  'common-questions': commonQuestions,
  'about-pages': aboutPages,
};

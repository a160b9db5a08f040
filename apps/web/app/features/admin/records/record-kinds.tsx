// The back-office record types that share one list page and one edit page (routes/admin/records.tsx,
// routes/admin/record-edit.tsx): what the list shows, how it is filtered, and what the form edits.
// Validation is the API's (packages/domain schemas); this file only describes the screens.
import type { ReactNode } from 'react';
import {
  couponKindLabel,
  describeDiscount,
  indexAreaTypeLabel,
  pageSectionLabel,
  PageSection,
  PromotionType,
  promotionTypeLabel,
  promotionValueHelp,
  siteSectionLabel,
  SiteSection,
  IndexAreaType,
  shopDateTime,
  shopDay,
} from '@shop/domain';
import { imageUrl } from '../../../lib/image-url.ts';
import type { FormBodyShape } from '../form-body.ts';
import { money } from '../format.ts';
import type { RecordPath } from './record-paths.ts';

export type RecordRow = Record<string, unknown> & { id: number; version: number; status?: number };

/** Lists the page loads for its selects and for names in the table, keyed by a short name. */
export type SourceRows = Record<string, { id: number; name: string; parent_id?: number | null; status: number }[]>;

export interface Column {
  label: string;
  numeric?: boolean;
  render: (row: RecordRow, sources: SourceRows) => ReactNode;
}

type Choice = { value: string | number; label: string };

interface FieldBase {
  name: string;
  label: string;
  help?: string;
  required?: boolean;
  wide?: boolean;
  /** Shown only for records this says yes to (an existing record; new ones see every field). */
  when?: (row: RecordRow) => boolean;
  /** The form's starting value when it is not `row[name]`. */
  value?: (row: RecordRow) => unknown;
}

export type FieldDef =
  | (FieldBase & { type: 'text' | 'number' | 'date' | 'datetime' | 'lines'; max?: number })
  | (FieldBase & { type: 'textarea'; max?: number; rows?: number })
  | (FieldBase & {
      type: 'select';
      options: readonly Choice[] | SourceChoice;
      empty?: string;
      locked?: (row: RecordRow) => boolean;
    })
  | (FieldBase & { type: 'status' })
  | (FieldBase & { type: 'picture'; max: number })
  | (FieldBase & { type: 'richtext' })
  | (FieldBase & { type: 'picker'; source: (row: RecordRow) => 'products' | 'articles'; max: number });

/**
 * Choices read from a loaded list. `topOnly` keeps level-1 rows; `notSelf` drops the record being
 * edited (a type cannot be its own parent).
 */
export interface SourceChoice {
  source: string;
  topOnly?: boolean;
  notSelf?: boolean;
}

/** The options of a select: fixed ones, or rows of a loaded list (inactive ones marked). */
export function choicesFor(options: readonly Choice[] | SourceChoice, sources: SourceRows, row: RecordRow): Choice[] {
  if (Array.isArray(options)) return [...options];
  const { source, topOnly, notSelf } = options as SourceChoice;
  return (sources[source] ?? [])
    .filter((r) => (!notSelf || r.id !== row.id) && (!topOnly || !r.parent_id))
    .map((r) => ({ value: r.id, label: r.status === 1 ? r.name : `${r.name}（下架）` }));
}

export interface ListFilter {
  name: string;
  label: string;
  options: readonly Choice[] | SourceChoice;
}

export interface RecordKind {
  path: RecordPath;
  /** The page title (plural). */
  title: string;
  /** One record, for buttons: 新增{noun}. */
  noun: string;
  description: string;
  /** Where the list and one record are read. */
  api: string;
  /** Where records are written, when the spec names other paths (spec §7). */
  write?: string;
  /** `?` filters of the list besides q, status and sort. */
  filters?: ListFilter[];
  /** The list is in spec §9 order by index_id (else the API's own order, e.g. news by date). */
  sortable?: boolean;
  sources?: Record<string, string>;
  columns: Column[];
  fields: FieldDef[];
  /** A new record's starting values. */
  blank: Record<string, unknown>;
  shape: FormBodyShape;
  /** Records that cannot be deleted (the fixed home areas). */
  keep?: (row: RecordRow) => boolean;
  /** Text naming a row in buttons and confirmations. */
  label: (row: RecordRow) => string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const thumb = (key: unknown) =>
  key ? <img className="bo-thumb" src={imageUrl(text(key))} alt="" loading="lazy" /> : <span className="bo-thumb" />;
const nameIn = (sources: SourceRows, source: string, id: unknown) =>
  sources[source]?.find((r) => r.id === id)?.name ?? (id ? `#${text(id)}` : '—');
const choices = <T extends number | string>(labels: Record<T, string>): Choice[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label: label as string }));

const status: FieldDef = { type: 'status', name: 'status', label: '上架' };
const indexId: FieldDef = { type: 'number', name: 'index_id', label: '排序值', help: '數字小的排前面' };
const indexColumn: Column = { label: '排序', numeric: true, render: (r) => text(r.index_id) };
const nameColumn = (key = 'name'): Column => ({ label: '名稱', render: (r) => text(r[key]) });
const STATUS_LISTS = { flags: ['status'] } as const;

export const RECORD_KINDS: Record<RecordPath, RecordKind> = {
  'product-types': {
    path: 'product-types',
    title: '商品分類',
    noun: '分類',
    description: '兩層分類：第一層出現在選單，第二層是它的子選單',
    api: '/admin/product-types',
    sortable: true,
    sources: { parents: '/admin/product-types?parent_id=0' },
    filters: [{ name: 'parent_id', label: '層級', options: [{ value: 0, label: '只看第一層' }] }],
    columns: [
      nameColumn(),
      {
        label: '上層分類',
        render: (r, s) => (r.parent_id ? nameIn(s, 'parents', r.parent_id) : <span className="bo-badge">第一層</span>),
      },
      indexColumn,
    ],
    fields: [
      { type: 'text', name: 'name', label: '分類名稱', required: true, max: 30 },
      {
        type: 'select',
        name: 'parent_id',
        label: '上層分類',
        options: { source: 'parents', notSelf: true },
        empty: '（無，這是第一層分類）',
        help: '分類最多兩層',
      },
      indexId,
      status,
    ],
    blank: { name: '', parent_id: null, index_id: 0, status: 1 },
    shape: STATUS_LISTS,
    label: (r) => text(r.name),
  },
  'package-types': {
    path: 'package-types',
    title: '組合分類',
    noun: '組合分類',
    description: '組合商品的分類，列在商品選單的最後（名稱不可重複）',
    api: '/admin/package-types',
    sortable: true,
    columns: [nameColumn(), indexColumn],
    fields: [{ type: 'text', name: 'name', label: '分類名稱', required: true, max: 30 }, indexId, status],
    blank: { name: '', index_id: 0, status: 1 },
    shape: STATUS_LISTS,
    label: (r) => text(r.name),
  },
  'product-packages': {
    path: 'product-packages',
    title: '組合商品',
    noun: '組合商品',
    description: '禮盒等整組販售的商品',
    api: '/admin/product-packages',
    sortable: true,
    sources: { types: '/admin/package-types' },
    filters: [{ name: 'package_type_id', label: '組合分類', options: { source: 'types' } }],
    columns: [
      { label: '圖片', render: (r) => thumb(r.banner) },
      nameColumn(),
      { label: '分類', render: (r) => text(r.product_package_types_name) },
      { label: '售價', numeric: true, render: (r) => money(Number(r.on_sale_price)) },
      { label: '庫存', numeric: true, render: (r) => (r.stock === null ? '不限' : text(r.stock)) },
      indexColumn,
    ],
    fields: [
      { type: 'text', name: 'name', label: '名稱', required: true, max: 100, wide: true },
      {
        type: 'select',
        name: 'package_type_id',
        label: '組合分類',
        required: true,
        options: { source: 'types' },
        empty: '請選擇',
      },
      indexId,
      { type: 'number', name: 'price', label: '原價（元）', required: true },
      { type: 'number', name: 'on_sale_price', label: '售價（元）', required: true, help: '低於原價時前台顯示特價' },
      { type: 'number', name: 'stock', label: '庫存', help: '留空表示不限量' },
      status,
      {
        type: 'textarea',
        name: 'description1',
        label: '簡短介紹',
        max: 1000,
        rows: 3,
        wide: true,
        help: '顯示在名稱下方，也是第一個介紹分頁的內容',
      },
      { type: 'picture', name: 'pics', label: '圖片', max: 10, required: true, help: '第一張為主圖' },
      {
        type: 'lines',
        name: 'description_titles',
        label: '介紹分頁標題',
        help: '第一行是「簡短介紹」分頁的標題，第二行是「詳細介紹」分頁的標題',
        wide: true,
      },
      { type: 'richtext', name: 'description2', label: '詳細介紹' },
    ],
    blank: {
      name: '',
      package_type_id: null,
      price: '',
      on_sale_price: '',
      stock: '',
      index_id: 0,
      status: 1,
      pics: [],
      description_titles: ['組合內容'],
    },
    shape: { lists: ['pics'], lines: ['description_titles'], flags: ['status'] },
    label: (r) => text(r.name),
  },
  'product-bundles': {
    path: 'product-bundles',
    title: '優惠活動',
    noun: '優惠活動',
    description: '任選 N 件打折、折抵或組合價的促銷，列在「優惠活動」頁',
    api: '/admin/product-bundles',
    write: '/product-bundles',
    sortable: true,
    columns: [
      { label: '圖片', render: (r) => thumb(r.banner) },
      nameColumn('title'),
      {
        label: '優惠',
        render: (r) => text(r.discount_text) || <span className="bo-badge bo-badge--warn">規則無效</span>,
      },
      { label: '商品數', numeric: true, render: (r) => text((r.product_ids as unknown[]).length) },
      {
        label: '期間',
        render: (r) =>
          r.activity_start_time || r.activity_end_time
            ? `${shopDay(text(r.activity_start_time)) || '不限'} ～ ${shopDay(text(r.activity_end_time)) || '不限'}`
            : '不限',
      },
      indexColumn,
    ],
    fields: [
      { type: 'text', name: 'title', label: '活動名稱', required: true, max: 60, wide: true },
      {
        type: 'select',
        name: 'discount_type',
        label: '優惠方式',
        required: true,
        options: choices(promotionTypeLabel),
        help: Object.values(promotionValueHelp).join('；'),
        wide: true,
      },
      {
        type: 'number',
        name: 'discount_rule.0.amount',
        label: '任選件數 N',
        required: true,
        value: (r) => (r.discount_rule as { amount?: number }[] | undefined)?.[0]?.amount ?? 2,
      },
      {
        type: 'number',
        name: 'discount_rule.0.value',
        label: '優惠值 M',
        required: true,
        help: '打折填 80 表示 8 折；折抵填金額；組合價填總價',
        value: (r) => (r.discount_rule as { value?: number }[] | undefined)?.[0]?.value ?? '',
      },
      { type: 'datetime', name: 'activity_start_time', label: '開始時間', help: '留空表示立即開始' },
      { type: 'datetime', name: 'activity_end_time', label: '結束時間', help: '留空表示不限期' },
      indexId,
      status,
      { type: 'textarea', name: 'description', label: '活動說明', max: 1000, rows: 3, wide: true },
      { type: 'picture', name: 'banner', label: '活動圖片', max: 1 },
      { type: 'picker', name: 'product_ids', label: '參加商品', source: () => 'products', max: 500, required: true },
    ],
    blank: {
      title: '',
      discount_type: PromotionType.PercentDiscount,
      discount_rule: [{ amount: 2, value: 85 }],
      index_id: 0,
      status: 1,
      product_ids: [],
    },
    shape: { lists: ['product_ids'], flags: ['status'] },
    label: (r) => text(r.title) || describeDiscount({ type: Number(r.discount_type), rule: r.discount_rule as never }),
  },
  coupons: {
    path: 'coupons',
    title: '優惠券',
    noun: '優惠券',
    description:
      '會員在購物車輸入代碼即可折抵；折抵以扣除網紅、組合與會員折扣後的商品金額計算，不折運費。訂單取消時退回使用次數。',
    api: '/admin/coupons',
    columns: [
      { label: '代碼', render: (r) => <code>{text(r.code)}</code> },
      nameColumn(),
      { label: '優惠', render: (r) => text(r.description) },
      {
        label: '期間',
        render: (r) =>
          r.valid_from || r.valid_until
            ? `${shopDay(text(r.valid_from)) || '不限'} ～ ${shopDay(text(r.valid_until)) || '不限'}`
            : '不限',
      },
      {
        label: '已使用',
        numeric: true,
        render: (r) => `${text(r.used_count)} / ${r.usage_limit === null ? '不限' : text(r.usage_limit)}`,
      },
      { label: '每人', render: (r) => (r.per_member_once ? '限用一次' : '可重複') },
    ],
    fields: [
      {
        type: 'text',
        name: 'code',
        label: '優惠券代碼',
        required: true,
        max: 32,
        help: '英文字母、數字、- 或 _，不分大小寫',
      },
      { type: 'text', name: 'name', label: '名稱', required: true, max: 60, help: '購物車與訂單上顯示的名稱' },
      { type: 'select', name: 'kind', label: '折扣方式', required: true, options: choices(couponKindLabel) },
      {
        type: 'number',
        name: 'value',
        label: '折扣值',
        required: true,
        help: '折抵金額填元（例如 100）；折扣百分比填折掉的 % （例如 10 表示 9 折，最多 90）',
      },
      { type: 'number', name: 'min_spend', label: '最低消費（元）', help: '留空或 0 表示不限' },
      { type: 'number', name: 'usage_limit', label: '總使用次數上限', help: '留空表示不限次數' },
      { type: 'datetime', name: 'valid_from', label: '開始時間', help: '留空表示立即可用' },
      { type: 'datetime', name: 'valid_until', label: '結束時間', help: '留空表示不限期' },
      {
        type: 'select',
        name: 'per_member_once',
        label: '每位會員',
        required: true,
        options: [
          { value: '1', label: '限用一次' },
          { value: '0', label: '可重複使用' },
        ],
        value: (r) => (r.per_member_once ? '1' : '0'),
      },
      { ...status, label: '啟用' },
    ],
    blank: {
      code: '',
      name: '',
      kind: 1,
      value: '',
      min_spend: '',
      usage_limit: '',
      valid_from: '',
      valid_until: '',
      per_member_once: true,
      status: 1,
    },
    shape: STATUS_LISTS,
    label: (r) => text(r.code),
  },
  courses: {
    path: 'courses',
    title: '課程',
    noun: '課程',
    description: '課程與活動報名資訊',
    api: '/admin/courses',
    write: '/courses',
    sortable: true,
    sources: { types: '/admin/course-types' },
    filters: [{ name: 'course_type_id', label: '課程分類', options: { source: 'types' } }],
    columns: [
      { label: '圖片', render: (r) => thumb(r.pic) },
      nameColumn(),
      { label: '分類', render: (r, s) => nameIn(s, 'types', r.course_type_id) },
      { label: '開課日', render: (r) => text(r.start_date) || '未定' },
      { label: '售價', numeric: true, render: (r) => money(Number(r.on_sale_price)) },
      indexColumn,
    ],
    fields: [
      { type: 'text', name: 'name', label: '課程名稱', required: true, max: 100, wide: true },
      {
        type: 'select',
        name: 'course_type_id',
        label: '課程分類',
        required: true,
        options: { source: 'types' },
        empty: '請選擇',
      },
      { type: 'date', name: 'start_date', label: '開課日', help: '留空表示日期未定' },
      { type: 'number', name: 'price', label: '原價（元）', required: true },
      { type: 'number', name: 'on_sale_price', label: '售價（元）', required: true },
      { type: 'text', name: 'location', label: '地點', max: 100 },
      indexId,
      status,
      { type: 'picture', name: 'pic', label: '課程圖片', max: 1 },
      { type: 'richtext', name: 'description', label: '課程介紹' },
    ],
    blank: {
      name: '',
      course_type_id: null,
      price: 0,
      on_sale_price: 0,
      start_date: '',
      location: '',
      index_id: 0,
      status: 1,
    },
    shape: STATUS_LISTS,
    label: (r) => text(r.name),
  },
  'course-types': {
    path: 'course-types',
    title: '課程分類',
    noun: '課程分類',
    description: '課程的分類，最多兩層',
    api: '/admin/course-types',
    write: '/course-types',
    sortable: true,
    sources: { parents: '/admin/course-types' },
    columns: [
      { label: '圖片', render: (r) => thumb(r.pic) },
      nameColumn(),
      { label: '上層分類', render: (r, s) => (r.parent_id ? nameIn(s, 'parents', r.parent_id) : '—') },
      indexColumn,
    ],
    fields: [
      { type: 'text', name: 'name', label: '分類名稱', required: true, max: 30 },
      {
        type: 'select',
        name: 'parent_id',
        label: '上層分類',
        options: { source: 'parents', topOnly: true, notSelf: true },
        empty: '（無，這是第一層）',
      },
      indexId,
      status,
      { type: 'picture', name: 'pic', label: '分類圖片', max: 1 },
    ],
    blank: { name: '', parent_id: null, index_id: 0, status: 1 },
    shape: STATUS_LISTS,
    label: (r) => text(r.name),
  },
  tags: {
    path: 'tags',
    title: '熱搜標籤',
    noun: '標籤',
    description: '顧客搜尋的關鍵字等於標籤名稱時，這些商品排在最前面；標籤也列在頁尾',
    api: '/admin/tags',
    sortable: true,
    columns: [
      nameColumn(),
      { label: '商品數', numeric: true, render: (r) => text((r.ids as unknown[]).length) },
      indexColumn,
    ],
    fields: [
      { type: 'text', name: 'name', label: '關鍵字', required: true, max: 30 },
      indexId,
      status,
      { type: 'picker', name: 'ids', label: '優先顯示的商品', source: () => 'products', max: 100 },
    ],
    blank: { name: '', ids: [], index_id: 0, status: 1 },
    shape: { lists: ['ids'], flags: ['status'] },
    label: (r) => text(r.name),
  },
  news: {
    path: 'news',
    title: '最新消息',
    noun: '消息',
    description: '依發布時間由新到舊顯示',
    api: '/admin/news',
    columns: [
      { label: '圖片', render: (r) => thumb(r.banner) },
      nameColumn('title'),
      { label: '發布時間', render: (r) => shopDateTime(text(r.post_at)) },
    ],
    fields: [
      { type: 'text', name: 'title', label: '標題', required: true, max: 100, wide: true },
      { type: 'textarea', name: 'summary', label: '摘要', max: 300, rows: 2, wide: true },
      { type: 'datetime', name: 'post_at', label: '發布時間', help: '留空表示現在（台北時間）' },
      { ...status, label: '顯示' },
      { type: 'picture', name: 'pic', label: '圖片', max: 10, help: '第一張為列表圖；沒有圖片時使用預設圖' },
      { type: 'richtext', name: 'content', label: '內容' },
    ],
    blank: { title: '', summary: '', post_at: '', status: 1, pic: [] },
    shape: { lists: ['pic'], flags: ['status'] },
    label: (r) => text(r.title),
  },
  articles: {
    path: 'articles',
    title: '分享文章',
    noun: '文章',
    description: '分享專區的文章（使用心得等）',
    api: '/admin/articles',
    sortable: true,
    sources: { categories: '/admin/article-categories' },
    filters: [{ name: 'category_id', label: '文章分類', options: { source: 'categories' } }],
    columns: [
      { label: '圖片', render: (r) => thumb(r.pic) },
      nameColumn('title'),
      { label: '分類', render: (r, s) => nameIn(s, 'categories', r.category_id) },
      indexColumn,
    ],
    fields: [
      { type: 'text', name: 'title', label: '標題', required: true, max: 100, wide: true },
      {
        type: 'select',
        name: 'category_id',
        label: '文章分類',
        required: true,
        options: { source: 'categories' },
        empty: '請選擇',
      },
      indexId,
      { type: 'textarea', name: 'summary', label: '摘要', max: 300, rows: 2, wide: true },
      { ...status, label: '顯示' },
      { type: 'picture', name: 'pic', label: '封面圖片', max: 1 },
      { type: 'richtext', name: 'content', label: '內容' },
    ],
    blank: { title: '', category_id: null, summary: '', index_id: 0, status: 1 },
    shape: STATUS_LISTS,
    label: (r) => text(r.title),
  },
  'article-categories': {
    path: 'article-categories',
    title: '文章分類',
    noun: '文章分類',
    description: '分享專區的分類；有分類時選單才會出現「分享專區」',
    api: '/admin/article-categories',
    sortable: true,
    columns: [nameColumn(), indexColumn],
    fields: [
      { type: 'text', name: 'name', label: '分類名稱', required: true, max: 30 },
      indexId,
      { ...status, label: '顯示' },
    ],
    blank: { name: '', index_id: 0, status: 1 },
    shape: STATUS_LISTS,
    label: (r) => text(r.name),
  },
  carousels: {
    path: 'carousels',
    title: '輪播圖',
    noun: '輪播圖',
    description: '各頁面頂端的橫幅；「首頁」位置是首頁的主打輪播',
    api: '/admin/carousels',
    sortable: true,
    filters: [{ name: 'position', label: '顯示位置', options: choices(siteSectionLabel) }],
    columns: [
      { label: '圖片', render: (r) => thumb(r.pic) },
      { label: '標題', render: (r) => text(r.title) || '（無標題）' },
      { label: '位置', render: (r) => siteSectionLabel[Number(r.position) as SiteSection] ?? '' },
      { label: '連結', render: (r) => text(r.link) || '—' },
      indexColumn,
    ],
    fields: [
      { type: 'select', name: 'position', label: '顯示位置', required: true, options: choices(siteSectionLabel) },
      indexId,
      { type: 'text', name: 'title', label: '標題', max: 60 },
      { type: 'text', name: 'subtitle', label: '副標題', max: 100 },
      {
        type: 'text',
        name: 'link',
        label: '連結',
        help: '站內路徑（例如 /bundles）或 https:// 網址；留空則不可點',
        wide: true,
      },
      status,
      { type: 'picture', name: 'pic', label: '圖片', max: 1, required: true, help: '建議寬 1920 像素' },
    ],
    blank: { position: SiteSection.Index, title: '', subtitle: '', link: '', index_id: 0, status: 1 },
    shape: STATUS_LISTS,
    label: (r) => text(r.title) || `輪播圖 #${r.id}`,
  },
  'index-areas': {
    path: 'index-areas',
    title: '首頁區塊',
    noun: '首頁區塊',
    description: '首頁由上而下的區塊：關於我們文字、廣告圖、熱銷商品（固定）與好評分享（固定）',
    api: '/admin/index-areas',
    sortable: true,
    columns: [
      nameColumn(),
      { label: '類型', render: (r) => indexAreaTypeLabel[r.types as IndexAreaType] ?? text(r.types) },
      {
        label: '內容',
        render: (r) =>
          r.types === IndexAreaType.Banner
            ? `${(r.ids as unknown[]).length} 項`
            : r.types === IndexAreaType.Carousel
              ? `${(r.pics as unknown[]).length} 張圖`
              : '文字',
      },
      { label: '固定', render: (r) => (r.fixed ? <span className="bo-badge bo-badge--brand">固定區塊</span> : '') },
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
      },
      { type: 'text', name: 'title', label: '標題', max: 60 },
      { type: 'text', name: 'link', label: '連結', help: '站內路徑或 https:// 網址', wide: true },
      indexId,
      { ...status, label: '顯示' },
      { type: 'richtext', name: 'content', label: '文字內容', when: (r) => r.types === IndexAreaType.Article },
      { type: 'picture', name: 'pics', label: '廣告圖片', max: 5, when: (r) => r.types === IndexAreaType.Carousel },
      {
        type: 'picker',
        name: 'ids',
        label: '列出的項目',
        max: 20,
        source: (r) => (r.ids_kind === 'articles' ? 'articles' : 'products'),
        when: (r) => r.types === IndexAreaType.Banner,
        help: '熱銷商品最多 20 項，依此順序顯示',
      },
    ],
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
    shape: { lists: ['pics', 'ids'], flags: ['status'] },
    keep: (r) => r.fixed === true,
    label: (r) => text(r.name),
  },
  'special-areas': {
    path: 'special-areas',
    title: '浮動廣告',
    noun: '浮動廣告',
    description: '畫面角落可關閉的廣告圖',
    api: '/admin/special-areas',
    sortable: true,
    columns: [
      { label: '圖片', render: (r) => thumb(r.pic) },
      nameColumn(),
      { label: '連結', render: (r) => text(r.url) || '—' },
      indexColumn,
    ],
    fields: [
      { type: 'text', name: 'name', label: '名稱（圖片替代文字）', max: 60 },
      { type: 'text', name: 'url', label: '連結', help: '站內路徑或 https:// 網址' },
      indexId,
      status,
      { type: 'picture', name: 'pic', label: '圖片', max: 1, required: true },
    ],
    blank: { name: '', url: '', index_id: 0, status: 1 },
    shape: STATUS_LISTS,
    label: (r) => text(r.name) || `廣告 #${r.id}`,
  },
  'common-questions': {
    path: 'common-questions',
    title: '常見問題',
    noun: '問題',
    description: '顯示在 /terms/problem',
    api: '/admin/common-questions',
    sortable: true,
    columns: [{ label: '問題', render: (r) => text(r.question) }, indexColumn],
    fields: [
      { type: 'text', name: 'question', label: '問題', required: true, max: 200, wide: true },
      indexId,
      { ...status, label: '顯示' },
      { type: 'richtext', name: 'answer', label: '回答' },
    ],
    blank: { question: '', index_id: 0, status: 1 },
    shape: STATUS_LISTS,
    label: (r) => text(r.question),
  },
  'about-pages': {
    path: 'about-pages',
    title: '關於我們',
    noun: '頁面',
    description: '「關於我們」等介紹頁（/about?id=編號）',
    api: '/admin/about-pages',
    sortable: true,
    filters: [{ name: 'section', label: '頁面類型', options: choices(pageSectionLabel) }],
    columns: [
      { label: '圖片', render: (r) => thumb(r.pic) },
      nameColumn('title'),
      { label: '類型', render: (r) => pageSectionLabel[Number(r.section) as PageSection] ?? '' },
      { label: '網址', render: (r) => `/about?id=${r.id}` },
      indexColumn,
    ],
    fields: [
      { type: 'text', name: 'title', label: '標題', required: true, max: 60, wide: true },
      { type: 'select', name: 'section', label: '頁面類型', required: true, options: choices(pageSectionLabel) },
      indexId,
      { ...status, label: '顯示' },
      { type: 'picture', name: 'pic', label: '插圖', max: 1 },
      { type: 'richtext', name: 'content', label: '內容' },
    ],
    blank: { title: '', section: PageSection.AboutUs, index_id: 0, status: 1 },
    shape: STATUS_LISTS,
    label: (r) => text(r.title),
  },
};

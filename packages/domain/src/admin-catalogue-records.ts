// The catalogue's back-office records (issue 7 item 2), each described once: what the API answers
// for it and, for the kinds on the shared record pages, their list and form (admin-record-kind.ts)
// and what the API takes when the form is posted (admin-record-request.ts).
import { z } from 'zod';
import { COUPON_RECORD_KINDS } from './admin-coupon-records.ts';
import { describeDiscount, discountTierSchema } from './discount.ts';
import { isoDateTimeSchema, recordStatusSchema } from './entities.ts';
import { BadgeKind, PromotionType } from './enums.ts';
import {
  checkBundle,
  checkSalePrice,
  descriptionTitlesSchema,
  discountRuleInputSchema,
  promotionTypeLabel,
  promotionTypeSchema,
  promotionValueHelp,
  stockSchema,
} from './admin-catalogue-schemas.ts';
import {
  categoryNameField,
  choices,
  countColumn,
  coverField,
  indexColumn,
  indexIdField,
  nameColumn,
  nameIn,
  parentTypeField,
  periodColumn,
  pictureColumn,
  priceColumn,
  priceFields,
  recordText as text,
  statusField,
  typeSelectField,
  type RecordKindDescription,
} from './admin-record-kind.ts';
import { orderedRecordFields, recordInt as int, recordVersion as version } from './admin-record-fields.ts';
import { requestSchemasOf } from './admin-record-request.ts';
import { optionalUploadKey } from './admin-forms.ts';

/** One spec of a product: its own price, sale price and stock (null = not tracked). */
export const adminProductSpecSchema = z.object({
  id: int,
  name: z.string(),
  price: int,
  on_sale_price: int,
  stock: int.nullable(),
  /** Its own low-stock level; null = the shop's default (issue 42). */
  low_stock_level: int.nullable(),
  /** Tracked stock at or below its level: 庫存不足. */
  low_stock: z.boolean(),
  index_id: int,
  /** Members waiting for its 貨到通知 (issue 43 item 2). */
  restock_waiting: z.number().int(),
});
export type AdminProductSpec = z.infer<typeof adminProductSpecSchema>;

/** What a product and a package both show: name, texts, pictures and prices. */
const sellableFields = {
  name: z.string(),
  description1: z.string(),
  /** Sanitised html, as the storefront serves it. */
  description2: z.string(),
  banner: z.string(),
  pics: z.array(z.string()),
  description_titles: z.array(z.string()),
  /** A product's are its cheapest spec's prices. */
  price: int,
  on_sale_price: int,
};

/** A product as the back office lists and edits it, with its specs and type ids. */
export const adminProductSchema = z.object({
  id: int,
  ...sellableFields,
  tag_type: z.enum(BadgeKind),
  ...orderedRecordFields,
  product_type_ids: z.array(int),
  activity_start_time: isoDateTimeSchema.nullable(),
  activity_end_time: isoDateTimeSchema.nullable(),
  internet_celebrity: z.boolean(),
  specs: z.array(adminProductSpecSchema),
  /** Units left over all specs; null when no spec tracks stock. */
  stock: int.nullable(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
  version,
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** A product type (two levels: level 2 has a parent). */
export const adminProductTypeSchema = z.object({
  id: int,
  name: z.string(),
  level: int,
  parent_id: int.nullable(),
  ...orderedRecordFields,
  version,
});
export type AdminProductType = z.infer<typeof adminProductTypeSchema>;

/** A record that is only a name in the owner's order (package types, article categories). */
export const adminNamedRecordSchema = z.object({ id: int, name: z.string(), ...orderedRecordFields, version });
export const adminPackageTypeSchema = adminNamedRecordSchema;
export type AdminPackageType = z.infer<typeof adminPackageTypeSchema>;

export const adminPackageSchema = z.object({
  id: int,
  package_type_id: int,
  /** Answered by the reads (spec §3 product_package_types_name); the writes answer the row alone. */
  product_package_types_name: z.string().optional(),
  ...sellableFields,
  /** null = not tracked. */
  stock: int.nullable(),
  ...orderedRecordFields,
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
  version,
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;

/** A promotion bundle (spec §5): its rule tiers, the description shoppers read, its products. */
export const adminBundleSchema = z.object({
  id: int,
  title: z.string(),
  banner: z.string(),
  description: z.string(),
  status: recordStatusSchema,
  discount_type: z.enum(PromotionType),
  discount_rule: z.array(discountTierSchema),
  /** spec §5 discount description, as the storefront shows it. */
  discount_text: z.string(),
  activity_start_time: isoDateTimeSchema.nullable(),
  activity_end_time: isoDateTimeSchema.nullable(),
  index_id: int,
  product_ids: z.array(int),
  created_at: isoDateTimeSchema,
  version,
});
export type AdminBundle = z.infer<typeof adminBundleSchema>;

/** A hot-search tag and the products it lists. */
export const adminTagSchema = z.object({
  id: int,
  name: z.string(),
  ids: z.array(int),
  ...orderedRecordFields,
  version,
});
export type AdminTag = z.infer<typeof adminTagSchema>;

/** What a picker lists for a product or an article (price null for articles). */
export const pickerOptionSchema = z.object({
  id: int,
  name: z.string(),
  pic: z.string(),
  price: int.nullable(),
  status: recordStatusSchema,
});
export type PickerOption = z.infer<typeof pickerOptionSchema>;

// ---- the shared record pages of the catalogue ---------------------------------------------------

const productTypes = {
  path: 'product-types',
  title: '商品分類',
  noun: '分類',
  description: '兩層分類：第一層出現在選單，第二層是它的子選單',
  api: '/admin/product-types',
  record: adminProductTypeSchema,
  sortable: true,
  sources: { parents: '/admin/product-types?parent_id=0' },
  filters: [{ name: 'parent_id', label: '層級', options: [{ value: 0, label: '只看第一層' }] }],
  columns: [
    nameColumn(),
    { label: '上層分類', cell: (r, s) => (r.parent_id ? nameIn(s, 'parents', r.parent_id) : { badge: '第一層' }) },
    indexColumn,
  ],
  fields: [
    categoryNameField,
    parentTypeField('（無，這是第一層分類）', { help: '分類最多兩層' }),
    indexIdField,
    statusField,
  ] as const,
  blank: { name: '', parent_id: null, index_id: 0, status: 1 },
  label: (r) => text(r.name),
} satisfies RecordKindDescription;
export const { create: productTypeInputSchema, update: productTypeUpdateSchema } = requestSchemasOf(
  productTypes.fields,
);
export type ProductTypeInput = z.infer<typeof productTypeInputSchema>;

const packageTypes = {
  path: 'package-types',
  title: '組合分類',
  noun: '組合分類',
  description: '組合商品的分類，列在商品選單的最後（名稱不可重複）',
  api: '/admin/package-types',
  record: adminPackageTypeSchema,
  sortable: true,
  columns: [nameColumn(), indexColumn],
  fields: [categoryNameField, indexIdField, statusField] as const,
  blank: { name: '', index_id: 0, status: 1 },
  label: (r) => text(r.name),
} satisfies RecordKindDescription;
export const { create: packageTypeInputSchema, update: packageTypeUpdateSchema } = requestSchemasOf(
  packageTypes.fields,
);
export type PackageTypeInput = z.infer<typeof packageTypeInputSchema>;

const productPackages = {
  path: 'product-packages',
  title: '組合商品',
  noun: '組合商品',
  description: '禮盒等整組販售的商品',
  api: '/admin/product-packages',
  record: adminPackageSchema,
  sortable: true,
  sources: { types: '/admin/package-types' },
  filters: [{ name: 'package_type_id', label: '組合分類', options: { source: 'types' } }],
  columns: [
    pictureColumn('banner'),
    nameColumn(),
    { label: '分類', cell: (r) => text(r.product_package_types_name) },
    priceColumn,
    { label: '庫存', numeric: true, cell: (r) => (r.stock === null ? '不限' : text(r.stock)) },
    indexColumn,
  ],
  fields: [
    { type: 'text', name: 'name', label: '名稱', required: true, max: 100, wide: true },
    typeSelectField('package_type_id', '組合分類'),
    indexIdField,
    ...priceFields('低於原價時前台顯示特價'),
    { type: 'number', name: 'stock', label: '庫存', help: '留空表示不限量', input: stockSchema },
    statusField,
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
      input: descriptionTitlesSchema,
    },
    { type: 'richtext', name: 'description2', label: '詳細介紹' },
  ] as const,
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
  label: (r) => text(r.name),
} satisfies RecordKindDescription;
// The API also takes a main picture (banner) apart from the pictures; the form's first picture is the main one.
export const { create: packageCreateSchema, update: packageUpdateSchema } = requestSchemasOf(productPackages.fields, {
  more: { banner: optionalUploadKey },
  check: checkSalePrice,
});
export type PackageCreateInput = z.infer<typeof packageCreateSchema>;

const firstTier = (r: Record<string, unknown>) =>
  (r.discount_rule as { amount?: number; value?: number }[] | undefined)?.[0];

const productBundles = {
  path: 'product-bundles',
  title: '優惠活動',
  noun: '優惠活動',
  description: '任選 N 件打折、折抵或組合價的促銷，列在「優惠活動」頁',
  api: '/admin/product-bundles',
  write: '/product-bundles',
  record: adminBundleSchema,
  sortable: true,
  columns: [
    pictureColumn('banner'),
    nameColumn('title'),
    { label: '優惠', cell: (r) => text(r.discount_text) || { badge: '規則無效', tone: 'warn' } },
    countColumn('product_ids'),
    periodColumn('activity_start_time', 'activity_end_time'),
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
      input: promotionTypeSchema,
    },
    {
      type: 'number',
      name: 'discount_rule.0.amount',
      label: '任選件數 N',
      required: true,
      value: (r) => firstTier(r)?.amount ?? 2,
    },
    {
      type: 'number',
      name: 'discount_rule.0.value',
      label: '優惠值 M',
      required: true,
      help: '打折填 80 表示 8 折；折抵填金額；組合價填總價',
      value: (r) => firstTier(r)?.value ?? '',
    },
    { type: 'datetime', name: 'activity_start_time', label: '開始時間', help: '留空表示立即開始' },
    { type: 'datetime', name: 'activity_end_time', label: '結束時間', help: '留空表示不限期' },
    indexIdField,
    statusField,
    { type: 'textarea', name: 'description', label: '活動說明', max: 1000, rows: 3, wide: true },
    coverField('banner', '活動圖片'),
    { type: 'picker', name: 'product_ids', label: '參加商品', source: () => 'products', max: 500, required: true },
  ] as const,
  blank: {
    title: '',
    discount_type: PromotionType.PercentDiscount,
    discount_rule: [{ amount: 2, value: 85 }],
    index_id: 0,
    status: 1,
    product_ids: [],
  },
  label: (r) => text(r.title) || describeDiscount({ type: Number(r.discount_type), rule: r.discount_rule as never }),
} satisfies RecordKindDescription;
// The form edits the first tier of the rule (discount_rule.0.*); the API takes the whole list.
export const { create: bundleCreateSchema, update: bundleUpdateSchema } = requestSchemasOf(productBundles.fields, {
  more: { discount_rule: discountRuleInputSchema },
  check: checkBundle,
});
export type BundleCreateInput = z.infer<typeof bundleCreateSchema>;

const tags = {
  path: 'tags',
  title: '熱搜標籤',
  noun: '標籤',
  description: '顧客搜尋的關鍵字等於標籤名稱時，這些商品排在最前面；標籤也列在頁尾',
  api: '/admin/tags',
  record: adminTagSchema,
  sortable: true,
  columns: [nameColumn(), countColumn('ids'), indexColumn],
  fields: [
    { type: 'text', name: 'name', label: '關鍵字', required: true, max: 30 },
    indexIdField,
    statusField,
    { type: 'picker', name: 'ids', label: '優先顯示的商品', source: () => 'products', max: 100 },
  ] as const,
  blank: { name: '', ids: [], index_id: 0, status: 1 },
  label: (r) => text(r.name),
} satisfies RecordKindDescription;
export const { create: tagInputSchema, update: tagUpdateSchema } = requestSchemasOf(tags.fields);
export type TagInput = z.infer<typeof tagInputSchema>;

export const CATALOGUE_RECORD_KINDS = {
  'product-types': productTypes,
  'package-types': packageTypes,
  'product-packages': productPackages,
  'product-bundles': productBundles,
  ...COUPON_RECORD_KINDS,
  tags,
};

// What the back-office API answers (issue 15 item 3), as zod schemas beside the form schemas: the
// server serialises its replies with them and the back-office pages read the inferred types, so a
// record's shape is declared once. snake_case as on the wire; times are ISO 8601 strings.
import { z } from 'zod';
import { StaffRole } from './admin-forms.ts';
import { discountTierSchema } from './discount.ts';
import { isoDateTimeSchema, recordStatusSchema } from './entities.ts';
import { BadgeKind, BrandPosition, IndexAreaType, PageSection, PromotionType, SiteSection } from './enums.ts';

/** The optimistic-lock counter every editable record answers (the form sends it back). */
const version = z.number().int();
const int = z.number().int();

// ---- staff and the audit trail ---------------------------------------------------------------

/** A staff account as the back office shows it (never its password hash). */
export const staffAccountRecordSchema = z.object({
  id: int,
  account: z.string(),
  name: z.string(),
  role: z.enum([StaffRole.Owner, StaffRole.Staff]),
  status: recordStatusSchema,
  /** null = never signed in. */
  last_login_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
  version: z.number().int(),
});
export type StaffAccountRecord = z.infer<typeof staffAccountRecordSchema>;

/** POST /admin/auth: the session's token, who signed in, and this browser's known-device mark. */
export const staffLoginReplySchema = z.object({
  token: z.object({ access_token: z.string(), expires_at: isoDateTimeSchema }),
  staff: staffAccountRecordSchema,
  known_device: z.string(),
});
export type StaffLoginReply = z.infer<typeof staffLoginReplySchema>;

/** A row of GET /admin/audit-log. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** null when the account was deleted or the system acted. */
  staff_id: z.number().int().nullable(),
  staff_name: z.string(),
  staff_account: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  /** The row before the change (null for creations), as stored. */
  before: z.unknown(),
  /** The row after the change (null for deletions), as stored. */
  after: z.unknown(),
  created_at: isoDateTimeSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** POST /admin/uploads: the stored picture; `name` is the upload key a record keeps. */
export const uploadedPictureSchema = z.object({
  name: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
});
export type UploadedPicture = z.infer<typeof uploadedPictureSchema>;

// ---- catalogue (issue 7 item 2) --------------------------------------------------------------

/** One spec of a product: its own price, sale price and stock (null = not tracked). */
export const adminProductSpecSchema = z.object({
  id: int,
  name: z.string(),
  price: int,
  on_sale_price: int,
  stock: int.nullable(),
  index_id: int,
});
export type AdminProductSpec = z.infer<typeof adminProductSpecSchema>;

/** A product as the back office lists and edits it, with its specs and type ids. */
export const adminProductSchema = z.object({
  id: int,
  name: z.string(),
  description1: z.string(),
  /** Sanitised html, as the storefront serves it. */
  description2: z.string(),
  banner: z.string(),
  pics: z.array(z.string()),
  description_titles: z.array(z.string()),
  /** The cheapest spec's prices. */
  price: int,
  on_sale_price: int,
  tag_type: z.enum(BadgeKind),
  status: recordStatusSchema,
  index_id: int,
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
  status: recordStatusSchema,
  index_id: int,
  version,
});
export type AdminProductType = z.infer<typeof adminProductTypeSchema>;

export const adminPackageTypeSchema = z.object({
  id: int,
  name: z.string(),
  status: recordStatusSchema,
  index_id: int,
  version,
});
export type AdminPackageType = z.infer<typeof adminPackageTypeSchema>;

export const adminPackageSchema = z.object({
  id: int,
  package_type_id: int,
  /** Answered by the reads (spec §3 product_package_types_name); the writes answer the row alone. */
  product_package_types_name: z.string().optional(),
  name: z.string(),
  description1: z.string(),
  description2: z.string(),
  banner: z.string(),
  pics: z.array(z.string()),
  description_titles: z.array(z.string()),
  price: int,
  on_sale_price: int,
  /** null = not tracked. */
  stock: int.nullable(),
  status: recordStatusSchema,
  index_id: int,
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

export const adminCourseTypeSchema = z.object({
  id: int,
  name: z.string(),
  parent_id: int.nullable(),
  pic: z.string(),
  status: recordStatusSchema,
  index_id: int,
  version,
});
export type AdminCourseType = z.infer<typeof adminCourseTypeSchema>;

export const adminCourseSchema = z.object({
  id: int,
  course_type_id: int,
  name: z.string(),
  /** Sanitised html. */
  description: z.string(),
  pic: z.string(),
  price: int,
  on_sale_price: int,
  /** A day, `2026-06-01`; null = not announced. */
  start_date: z.string().nullable(),
  location: z.string(),
  status: recordStatusSchema,
  index_id: int,
  created_at: isoDateTimeSchema,
  version,
});
export type AdminCourse = z.infer<typeof adminCourseSchema>;

/** A hot-search tag and the products it lists. */
export const adminTagSchema = z.object({
  id: int,
  name: z.string(),
  ids: z.array(int),
  status: recordStatusSchema,
  index_id: int,
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

// ---- content (issue 7 item 3) ----------------------------------------------------------------

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

export const adminArticleCategorySchema = z.object({
  id: int,
  name: z.string(),
  status: recordStatusSchema,
  index_id: int,
  version,
});
export type AdminArticleCategory = z.infer<typeof adminArticleCategorySchema>;

export const adminArticleSchema = z.object({
  id: int,
  category_id: int,
  title: z.string(),
  summary: z.string(),
  /** Sanitised html. */
  content: z.string(),
  pic: z.string(),
  status: recordStatusSchema,
  index_id: int,
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
  status: recordStatusSchema,
  index_id: int,
  version,
});
export type AdminCarousel = z.infer<typeof adminCarouselSchema>;

export const adminSpecialAreaSchema = z.object({
  id: int,
  name: z.string(),
  url: z.string(),
  pic: z.string(),
  status: recordStatusSchema,
  index_id: int,
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
  status: recordStatusSchema,
  index_id: int,
  version,
});
export type AdminIndexArea = z.infer<typeof adminIndexAreaSchema>;

export const adminCommonQuestionSchema = z.object({
  id: int,
  question: z.string(),
  answer: z.string(),
  status: recordStatusSchema,
  index_id: int,
  version,
});
export type AdminCommonQuestion = z.infer<typeof adminCommonQuestionSchema>;

export const adminAboutPageSchema = z.object({
  id: int,
  section: z.enum(PageSection),
  title: z.string(),
  content: z.string(),
  pic: z.string(),
  status: recordStatusSchema,
  index_id: int,
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

// ---- settings (issue 7 item 4) ---------------------------------------------------------------

/** The site form: version 0 until the single row is first saved. */
export const adminSiteSettingsSchema = z.object({
  website_title: z.string(),
  description: z.string(),
  keywords: z.string(),
  index_favicon: z.string(),
  index_pic2: z.string(),
  service_phone: z.string(),
  service_email: z.string(),
  service_address: z.string(),
  service_tax_id: z.string(),
  service_gmap: z.string(),
  g_tag: z.string(),
  bundles_banner: z.string(),
  version,
});
export type AdminSiteSettings = z.infer<typeof adminSiteSettingsSchema>;

export const adminShippingSettingsSchema = z.object({
  shipping_fee: int,
  low_temp_shipping_fee: int,
  /** null = shipping is never free. */
  free_shipping_threshold: int.nullable(),
  return_days: int,
  version,
});
export type AdminShippingSettings = z.infer<typeof adminShippingSettingsSchema>;

export const adminFollowUsSettingsSchema = z.object({
  line: z.string(),
  whatsapp: z.string(),
  telegram: z.string(),
  facebook: z.string(),
  instagram: z.string(),
  version,
});
export type AdminFollowUsSettings = z.infer<typeof adminFollowUsSettingsSchema>;

export const adminPaymentSettingsSchema = z.object({
  bank_account_name: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  bank_account: z.string(),
  version,
});
export type AdminPaymentSettings = z.infer<typeof adminPaymentSettingsSchema>;

/** GET /admin/settings: every settings form with the version it edits. */
export const adminSettingsSchema = z.object({
  site: adminSiteSettingsSchema,
  shipping: adminShippingSettingsSchema,
  follow_us: adminFollowUsSettingsSchema,
  payment: adminPaymentSettingsSchema,
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

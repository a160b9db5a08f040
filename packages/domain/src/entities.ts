// API JSON shapes of spec §3, snake_case as on the wire (architecture: API conventions), as zod
// schemas: Fastify serialises the replies with them, /api/docs describes them, and the TypeScript
// types both sides use are inferred from them (issue 15 item 3), so each shape is declared once.
// Prices are integers in NT$; times are ISO 8601 strings; text-encoded lists arrive as arrays.
import { z } from 'zod';
import { discountRuleSchema } from './discount.ts';
import { indexAreaStyleSchema } from './encoded-list.ts';
import {
  BadgeKind,
  CancelStatus,
  IndexAreaType,
  OrderStatus,
  PaymentMethod,
  ReturnStatus,
  SiteSection,
  Status,
} from './enums.ts';

/** An ISO 8601 timestamp string. */
export const isoDateTimeSchema = z.string();
export type IsoDateTime = z.infer<typeof isoDateTimeSchema>;

/** A record's on/off switch (spec §3 Status). */
export const recordStatusSchema = z.enum(Status);
/** Some records store `status` as a truthy number or a boolean (spec §4: truthy = shown). */
export const shownSchema = z.union([z.number(), z.boolean()]);

/** The site's texts, pictures and tags: what the storefront reads and the back office's site form edits. */
export const siteTextFields = {
  website_title: z.string(),
  description: z.string(),
  keywords: z.string(),
  index_favicon: z.string(),
  /** Logo image. */
  index_pic2: z.string(),
  service_phone: z.string(),
  service_email: z.string(),
  service_address: z.string(),
  service_tax_id: z.string(),
  /** Map embed html (admin-entered; sanitise before rendering). */
  service_gmap: z.string(),
  /** Analytics tag id; empty = no page-view events. */
  g_tag: z.string(),
  /** GA4 measurement id; '' = none. Loaded only after the shopper's consent (issue 43 item 5). */
  ga4_measurement_id: z.string(),
  /** Meta Pixel id; '' = none. Loaded only after the shopper's consent. */
  meta_pixel_id: z.string(),
};

/** Site settings, the single record with id 1. */
export const systemSettingsSchema = z.object({
  id: z.number().int().optional(),
  ...siteTextFields,
  /** NT$ home-delivery fee (docs/decisions/009). */
  shipping_fee: z.number().int().optional(),
  /** NT$ low-temperature delivery fee. */
  low_temp_shipping_fee: z.number().int().optional(),
  /** Net goods amount from which shipping is free; null = never. */
  free_shipping_threshold: z.number().int().nullable().optional(),
  /** Days after shipping a return may be requested (spec §4). */
  return_days: z.number().int().optional(),
  /** Banner of the /bundles page. */
  bundles_banner: z.string().optional(),
  updated_at: isoDateTimeSchema.optional(),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

/** Social links (record id 1). */
export const followUsSchema = z.object({
  id: z.number().int().optional(),
  line: z.string(),
  whatsapp: z.string(),
  telegram: z.string(),
  facebook: z.string(),
  instagram: z.string(),
});
export type FollowUs = z.infer<typeof followUsSchema>;

/** Closable ad images of the fixed button group. */
export const specialAreaSchema = z.object({
  id: z.number().int(),
  status: recordStatusSchema,
  index_id: z.number().int(),
  url: z.string(),
  pic: z.string(),
  name: z.string(),
});
export type SpecialArea = z.infer<typeof specialAreaSchema>;

export const carouselSchema = z.object({
  id: z.number().int(),
  /** The site section whose banner shows it. */
  position: z.enum(SiteSection),
  pic: z.string(),
  link: z.string(),
  title: z.string(),
  subtitle: z.string(),
  status: recordStatusSchema,
  index_id: z.number().int(),
});
export type Carousel = z.infer<typeof carouselSchema>;

/** A configurable home area; `style` and `ids` are parsed from their stored JSON text. */
export const indexAreaSchema = z.object({
  id: z.number().int(),
  /** The owner's name for the area (back office only; not shown). */
  name: z.string().optional(),
  types: z.enum(IndexAreaType),
  style: indexAreaStyleSchema,
  ids: z.array(z.number().int()),
  /** Truthy = shown (spec §4). */
  status: shownSchema,
  index_id: z.number().int(),
});
export type IndexArea = z.infer<typeof indexAreaSchema>;

export const productSpecSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  on_sale_price: z.number().int(),
});
export type ProductSpec = z.infer<typeof productSpecSchema>;

/** What a product and a package both show the shopper first: name, texts, banner and prices. */
const sellableFields = {
  id: z.number().int(),
  name: z.string(),
  description1: z.string(),
  description2: z.string(),
  banner: z.string(),
  price: z.number().int(),
  on_sale_price: z.number().int(),
};

export const productSchema = z.object({
  ...sellableFields,
  tag_type: z.enum(BadgeKind),
  status: recordStatusSchema,
  index_id: z.number().int(),
  product_type_ids: z.array(z.number().int()),
  product_specs: z.array(productSpecSchema),
  activity_start_time: isoDateTimeSchema.nullable(),
  activity_end_time: isoDateTimeSchema.nullable(),
  description_titles: z.array(z.string()),
  /** Never empty when the product has a banner (spec §3 fallback). */
  pics: z.array(z.string()),
  /** Only sold through influencer pages; left out of the "without internet price" list. */
  internet_celebrity: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export interface ProductType {
  id: number;
  name: string;
  /** 1 = top level. */
  level: number;
  parent_id: number | null;
  status: Status;
  index_id: number;
  /** Derived: the active sub-types, by index_id. */
  childs: ProductType[];
}
export const productTypeSchema: z.ZodType<ProductType> = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  parent_id: z.number().int().nullable(),
  status: recordStatusSchema,
  index_id: z.number().int(),
  get childs() {
    return z.array(productTypeSchema);
  },
});

export const packageTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: recordStatusSchema,
  index_id: z.number().int(),
});
export type PackageType = z.infer<typeof packageTypeSchema>;

export const productPackageSchema = z.object({
  ...sellableFields,
  product_package_types_name: z.string(),
  status: recordStatusSchema,
  created_at: isoDateTimeSchema,
  description_titles: z.array(z.string()),
  pics: z.array(z.string()),
});
export type ProductPackage = z.infer<typeof productPackageSchema>;

export const productBundleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  banner: z.string(),
  status: recordStatusSchema,
  discount: discountRuleSchema.nullable(),
  product_ids: z.array(z.number().int()).optional(),
});
export type ProductBundle = z.infer<typeof productBundleSchema>;

export const courseTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  pic: z.string(),
  status: recordStatusSchema,
  index_id: z.number().int(),
});
export type CourseType = z.infer<typeof courseTypeSchema>;

export const courseSchema = z.object({
  id: z.number().int(),
  course_type_id: z.number().int().nullable(),
  name: z.string(),
  /** Sanitised html. */
  description: z.string(),
  pic: z.string(),
  price: z.number().int(),
  on_sale_price: z.number().int(),
  start_date: isoDateTimeSchema.nullable(),
  location: z.string(),
  status: recordStatusSchema,
  index_id: z.number().int(),
  created_at: isoDateTimeSchema,
});
export type Course = z.infer<typeof courseSchema>;

export const newsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string().optional(),
  /** Truthy = shown (spec §4). */
  status: shownSchema,
  post_at: isoDateTimeSchema,
  pic: z.array(z.string()),
  /** The same list as `pic`, named as products and packages name it. */
  pics: z.array(z.string()).optional(),
  file: z.array(z.string()),
  /** The first pic, else DEFAULT_NEWS_IMAGE. */
  banner: z.string(),
});
export type News = z.infer<typeof newsSchema>;

export const articleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  pic: z.string(),
  /** Truthy = shown (spec §4). */
  status: shownSchema,
  index_id: z.number().int(),
  category_id: z.number().int().nullable().optional(),
  content: z.string().optional(),
});
export type Article = z.infer<typeof articleSchema>;

/** A sharing-zone category (分享專區). */
export const articleCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: shownSchema.optional(),
  index_id: z.number().int().optional(),
});
export type ArticleCategory = z.infer<typeof articleCategorySchema>;

/** A hot-search tag: its products are `ids`. */
export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ids: z.array(z.number().int()),
  /** Truthy = shown (spec §4). */
  status: shownSchema,
  index_id: z.number().int(),
});
export type Tag = z.infer<typeof tagSchema>;

export const memberLevelSchema = z.object({ name: z.string(), pic: z.string() });
export type MemberLevel = z.infer<typeof memberLevelSchema>;

export const memberBonusSchema = z.object({
  bonus: z.number().int(),
  tmp_bonus: z.number().int(),
  coupon: z.number().int(),
  tmp_coupon: z.number().int(),
  charlotte_coin: z.number().int(),
  point: z.number().int(),
});
export type MemberBonus = z.infer<typeof memberBonusSchema>;

export const authTokenSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export type AuthToken = z.infer<typeof authTokenSchema>;

/** What POST /members/auth returns. */
export const authDataSchema = z.object({ id: z.number().int(), token: authTokenSchema });
export type AuthData = z.infer<typeof authDataSchema>;

export const fileServerInfoSchema = z.object({ localhost: z.string(), host: z.string(), pic_path: z.string() });
export type FileServerInfo = z.infer<typeof fileServerInfoSchema>;

export const paymentSettingSchema = z.object({
  id: z.number().int().optional(),
  bank_account_name: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  bank_account: z.string(),
});
export type PaymentSetting = z.infer<typeof paymentSettingSchema>;

export const contactMessageSchema = z.object({
  name: z.string(),
  /** TW when absent (issue 23 item 2). */
  phone_region: z.enum(['TW', 'CN', 'HK', 'ML']).optional(),
  phone: z.string(),
  email: z.string(),
  content: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const memberProductRelationSchema = z.object({
  id: z.number().int(),
  status: recordStatusSchema,
  product: productSchema,
});
export type MemberProductRelation = z.infer<typeof memberProductRelationSchema>;

export const cartItemSchema = z.object({
  id: z.number().int(),
  members_id: z.number().int(),
  products_id: z.number().int(),
  spec_id: z.number().int().nullable(),
  qty: z.number().int(),
  /** Guest lines carry the product. */
  product: productSchema.optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const packageCartItemSchema = z.object({
  id: z.number().int(),
  members_id: z.number().int(),
  product_packages_id: z.number().int(),
  qty: z.number().int(),
  /** Guest lines carry the package. */
  product_package: productPackageSchema.optional(),
});
export type PackageCartItem = z.infer<typeof packageCartItemSchema>;

/** A line of an order's product_info / package_info / bundle_info. */
export const orderLineSchema = z.object({
  name: z.string(),
  qty: z.number().int(),
  on_sale_price: z.number().int(),
  product_snapshot: z
    .object({ name: z.string(), product_specs_name: z.string().optional(), on_sale_price: z.number().int() })
    .optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  created_at: isoDateTimeSchema,
  members_id: z.number().int(),
  payment_type: z.enum(PaymentMethod),
  is_payment: z.boolean(),
  is_shipping: z.boolean(),
  ship_date: isoDateTimeSchema.nullable(),
  freight_company: z.string().nullable(),
  tracking_number: z.string().nullable(),
  status: z.enum(OrderStatus),
  goods_amount: z.number().int(),
  shipping: z.number().int(),
  use_bonus: z.number().int(),
  pay_amount: z.number().int(),
  recv_name: z.string(),
  recv_cellphone: z.string(),
  recv_address: z.string(),
  remark: z.string(),
  receipt: z.string(),
  /** JSON text of OrderLine[] (spec §3); read with parseJsonSafe. */
  product_info: z.string(),
  package_info: z.string(),
  bundle_info: z.string(),
  virtual_account: z.string().nullable(),
  virtual_account_bank_code: z.string().nullable(),
  virtual_account_expire_date: isoDateTimeSchema.nullable(),
  /** 超商代碼 and its deadline once ECPay issued it (issue 40). */
  payment_code: z.string().nullable(),
  payment_code_expire_date: isoDateTimeSchema.nullable(),
  last_number_of_transfer: z.string().nullable(),
  is_return: z.boolean(),
  return_record: z.object({ status: z.enum(ReturnStatus) }).nullable(),
  cancel_record: z.object({ status: z.enum(CancelStatus) }).nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** Success envelope: `{"code":200,"data":...}`. */
export interface ApiSuccess<T> {
  code: number;
  data: T;
}

export const apiFieldErrorSchema = z.object({ field: z.string(), msg: z.string() });
export type ApiFieldError = z.infer<typeof apiFieldErrorSchema>;

/** Error envelope: the HTTP status, a zh-TW `msg`, and per-field `errors` for validation failures. */
export const apiErrorSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  errors: z.array(apiFieldErrorSchema).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

// What the back-office API answers (issue 15 item 3), as zod schemas beside the form schemas: the
// server serialises its replies with them and the back-office pages read the inferred types, so a
// record's shape is declared once. snake_case as on the wire; times are ISO 8601 strings.
import { z } from 'zod';
import { StaffRole } from './admin-forms.ts';
import { JOB_STATUSES } from './background-jobs.ts';
import { discountTierSchema } from './discount.ts';
import { adminEInvoiceViewSchema } from './e-invoice-records.ts';
import { adminShipmentViewSchema } from './shipments.ts';
import { isoDateTimeSchema, recordStatusSchema } from './entities.ts';
import {
  BadgeKind,
  BonusSource,
  BrandPosition,
  CancelStatus,
  DeliveryMethod,
  DiscountKind,
  Gender,
  IndexAreaType,
  OrderStatus,
  PageSection,
  PaymentMethod,
  PromotionType,
  ReturnStatus,
  SiteSection,
} from './enums.ts';
import { handledLineSchema } from './order-handling.ts';
import { refundAccountViewSchema } from './refund-account.ts';
import { ORDER_ACTORS } from './order-lifecycle.ts';

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
  /** Its own low-stock level; null = the shop's default (issue 42). */
  low_stock_level: int.nullable(),
  /** Tracked stock at or below its level: 庫存不足. */
  low_stock: z.boolean(),
  index_id: int,
  /** Members waiting for its 貨到通知 (issue 43 item 2). */
  restock_waiting: z.number().int(),
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
  ga4_measurement_id: z.string(),
  meta_pixel_id: z.string(),
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
  /** The shop's default low-stock level (issue 42). */
  low_stock_level: int,
  atm_expire_days: int,
  cvs_enabled: z.boolean(),
  cvs_expire_minutes: int,
  barcode_enabled: z.boolean(),
  barcode_expire_days: int,
  apple_pay_enabled: z.boolean(),
  twqr_enabled: z.boolean(),
  installment_counts: z.array(int),
  installment_min_amount: int,
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

export const adminBonusSettingsSchema = z.object({
  levels: z.array(z.object({ id: int, name: z.string(), bonus_rate: int, discount_percent: int })),
  downline_percent_1: int,
  downline_percent_2: int,
  version,
});
export type AdminBonusSettings = z.infer<typeof adminBonusSettingsSchema>;

/** GET /admin/settings: every settings form with the version it edits. */
export const adminSettingsSchema = z.object({
  site: adminSiteSettingsSchema,
  shipping: adminShippingSettingsSchema,
  follow_us: adminFollowUsSettingsSchema,
  payment: adminPaymentSettingsSchema,
  bonus: adminBonusSettingsSchema,
  /** Cart reminders (issue 43 item 3). */
  reminders: z.object({ enabled: z.boolean(), after_hours: int }),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

// ---- orders (issue 7 item 5) -----------------------------------------------------------------

/** A row of the order list (also the member page's orders and the dashboard's latest). */
export const adminOrderListItemSchema = z.object({
  id: int,
  order_number: z.string(),
  created_at: isoDateTimeSchema,
  /** null for a guest order, or when the member was deleted. */
  member_id: int.nullable(),
  member_cellphone: z.string(),
  recv_name: z.string(),
  recv_cellphone: z.string(),
  payment_type: z.enum(PaymentMethod),
  delivery_method: z.enum(DeliveryMethod),
  is_payment: z.boolean(),
  is_shipping: z.boolean(),
  ship_date: isoDateTimeSchema.nullable(),
  freight_company: z.string(),
  tracking_number: z.string(),
  status: z.enum(OrderStatus),
  pay_amount: int,
  last_number_of_transfer: z.string().nullable(),
  /** null = no cancel request. */
  cancel_status: z.enum(CancelStatus).nullable(),
  /** null = no return request. */
  return_status: z.enum(ReturnStatus).nullable(),
  version,
});
export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;

/** One move in an order's history (order_events), as the back office shows it. */
export const adminOrderEventSchema = z.object({
  id: int,
  event: z.string(),
  from_state: z.string().nullable(),
  to_state: z.string(),
  actor: z.enum(ORDER_ACTORS),
  /** The staff member's name, the provider's or the job's; empty for the buyer. */
  actor_name: z.string(),
  reason: z.string(),
  created_at: isoDateTimeSchema,
});
export type AdminOrderEvent = z.infer<typeof adminOrderEventSchema>;

/** One order with its lines, after-sales records and history (GET /admin/orders/{id} and every handling step). */
/** One money movement of an order: a provider's call and answer, or a refund the staff recorded. */
export const adminOrderPaymentSchema = z.object({
  id: int,
  provider: z.enum(['linepay', 'ecpay', 'bankcard', 'manual']),
  kind: z.enum(['request', 'confirm', 'refund']),
  transaction_id: z.string(),
  amount: int,
  status: z.enum(['pending', 'succeeded', 'failed']),
  return_code: z.string(),
  message: z.string(),
  /** Who recorded a manual refund. */
  staff_name: z.string().nullable(),
  created_at: isoDateTimeSchema,
});
export type AdminOrderPayment = z.infer<typeof adminOrderPaymentSchema>;

export const adminOrderDetailSchema = z.object({
  id: int,
  order_number: z.string(),
  created_at: isoDateTimeSchema,
  member: z.object({ id: int, account: z.string(), name: z.string(), cell_phone: z.string() }).nullable(),
  member_cellphone: z.string(),
  payment_type: z.enum(PaymentMethod),
  delivery_method: z.enum(DeliveryMethod),
  is_payment: z.boolean(),
  paid_at: isoDateTimeSchema.nullable(),
  is_shipping: z.boolean(),
  ship_date: isoDateTimeSchema.nullable(),
  freight_company: z.string(),
  tracking_number: z.string(),
  status: z.enum(OrderStatus),
  goods_amount: int,
  discount_amount: int,
  celebrity_discount: int,
  celebrity_code: z.string().nullable(),
  level_discount: int,
  coupon_code: z.string().nullable(),
  coupon_discount: int,
  shipping: int,
  use_bonus: int,
  pay_amount: int,
  recv_name: z.string(),
  recv_cellphone: z.string(),
  recv_address: z.string(),
  /** The pickup store chosen at checkout (null for home delivery), as stored. */
  store_info: z
    .looseObject({
      chain: z.string().optional(),
      id: z.string().optional(),
      name: z.string().optional(),
      address: z.string().optional(),
    })
    .nullable(),
  remark: z.string(),
  /** The invoice choice stored at checkout (spec §3 receipt). */
  receipt: z.record(z.string(), z.unknown()),
  lines: z.array(handledLineSchema),
  /** The bundles the order used, as frozen at checkout. */
  bundle_info: z.array(z.unknown()),
  virtual_account: z.string().nullable(),
  virtual_account_bank_code: z.string().nullable(),
  virtual_account_expire_date: isoDateTimeSchema.nullable(),
  /** 超商代碼 and its deadline once ECPay issued it (issue 40). */
  payment_code: z.string().nullable(),
  payment_code_expire_date: isoDateTimeSchema.nullable(),
  /** Card installments (decision 082); null = paid at once. */
  installments: z.number().int().nullable().optional(),
  /** 超商條碼: the three Code 39 barcodes (decision 082); their deadline is payment_code_expire_date. */
  payment_barcodes: z.array(z.string()).nullable().optional(),
  last_number_of_transfer: z.string().nullable(),
  trade_no: z.string().nullable(),
  /** Money owed back outside the cancel and return flows; null when none or settled. */
  refund_due: z.enum(['paid_after_cancel', 'paid_twice']).nullable(),
  is_return: z.boolean(),
  cancel_record: z
    .object({
      id: int,
      status: z.enum(CancelStatus),
      contact_phone: z.string(),
      reason: z.string(),
      /** Where the shop sends the refund, in full (docs/decisions/048); null when the refund needs none. */
      refund_account: refundAccountViewSchema.nullable(),
      created_at: isoDateTimeSchema,
      handled_at: isoDateTimeSchema.nullable(),
    })
    .nullable(),
  return_record: z
    .object({
      id: int,
      status: z.enum(ReturnStatus),
      contact_person: z.string(),
      contact_phone: z.string(),
      spec: z.string(),
      reason: z.string(),
      pic: z.array(z.string()),
      /** null until the refund is decided. */
      refund_amount: int.nullable(),
      /** Where the shop sends the refund, in full (docs/decisions/048); null when the refund needs none. */
      refund_account: refundAccountViewSchema.nullable(),
      created_at: isoDateTimeSchema,
      handled_at: isoDateTimeSchema.nullable(),
    })
    .nullable(),
  version,
  /** The order's lifecycle moves, oldest first. */
  events: z.array(adminOrderEventSchema),
  /** When a cancelled order's money went back (by a provider or recorded by the staff). */
  refunded_at: isoDateTimeSchema.nullable(),
  /** Every payment call and refund of the order, oldest first (issue 16 item 4). */
  payments: z.array(adminOrderPaymentSchema),
  /** The order's outbox jobs that failed (a refund LINE Pay or ECPay refused), to retry from the page. */
  failed_jobs: z.array(
    z.object({ id: int, kind: z.string(), attempts: int, last_error: z.string(), updated_at: isoDateTimeSchema }),
  ),
  /** The order's e-invoice and its allowances (issue 16 item 3); null when none was asked of ECPay. */
  e_invoice: adminEInvoiceViewSchema.nullable().optional(),
  /** The order's latest logistics order at ECPay (issue 17 item 2); null before 建立物流單. */
  shipment: adminShipmentViewSchema.nullable().optional(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

// ---- dashboard (issue 7 item 8) --------------------------------------------------------------

/**
 * The Processing and Complete orders created in a Taipei time span: how many, the revenue (pay_amount
 * of the paid ones only), and the unpaid ones apart (an abandoned card order, an ATM order not yet
 * paid, cash on delivery not yet collected; docs/decisions/030).
 */
const orderTotalsSchema = z.object({
  orders: int,
  revenue: int,
  unpaid: z.object({ orders: int, amount: int }),
});

export const adminDashboardSchema = z.object({
  today: orderTotalsSchema,
  month: orderTotalsSchema,
  /** How many orders wait in each to-do list. */
  todo: z.object({ payment: int, shipping: int, cancel: int, return: int, refund: int }),
  latest_orders: z.array(adminOrderListItemSchema),
  unread_messages: int,
  /** Specs whose tracked stock is at or below their low-stock level (庫存不足, issue 42). */
  low_stock: int,
  /** Background jobs in trouble (issue 39 item 8), from the jobs table. */
  jobs: z.object({
    /** Parked as failed: they wait for 背景工作. */
    failed_jobs: int,
    /** Services whose jobs failed again and again in the last hour, the most failures first. */
    failing_providers: z.array(z.object({ provider: z.string(), name: z.string(), failures: int })),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

// ---- members (issue 7 item 6) ----------------------------------------------------------------

/** A row of the member list. */
export const adminMemberListItemSchema = z.object({
  id: int,
  account: z.string(),
  name: z.string(),
  cell_phone: z.string(),
  /** '' without a level. */
  level_name: z.string(),
  bonus: int,
  is_internet_celebrity: z.boolean(),
  internet_celebrity_code: z.string().nullable(),
  status: recordStatusSchema,
  created_at: isoDateTimeSchema,
});
export type AdminMemberListItem = z.infer<typeof adminMemberListItemSchema>;

/** A recommended product of an influencer's page. */
export const adminProductRelationSchema = z.object({
  id: int,
  product_id: int,
  status: recordStatusSchema,
  index_id: int,
});
export type AdminProductRelation = z.infer<typeof adminProductRelationSchema>;

/** One member with balances, bonus history, recommended products and orders. */
export const adminMemberDetailSchema = z.object({
  id: int,
  account: z.string(),
  name: z.string(),
  cell_phone: z.string(),
  email: z.string().nullable(),
  gender: z.enum(Gender),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  member_level_id: int.nullable(),
  status: recordStatusSchema,
  is_internet_celebrity: z.boolean(),
  internet_celebrity_code: z.string().nullable(),
  celebrity_discount_type: z.enum(DiscountKind).nullable(),
  celebrity_discount_value: int.nullable(),
  created_at: isoDateTimeSchema,
  version,
  /** Balances; 0 while the member has no balance row. */
  member_bonus: z.object({
    bonus: int,
    tmp_bonus: int,
    coupon: int,
    tmp_coupon: int,
    charlotte_coin: int,
    point: int,
  }),
  /** Every level, for the level select. */
  levels: z.array(z.object({ id: int, name: z.string(), threshold: int })),
  /** The latest bonus moves, newest first. */
  bonus_ledger: z.array(
    z.object({
      id: int,
      delta: int,
      balance_after: int,
      source: z.enum(BonusSource),
      reason: z.string(),
      order_id: int.nullable(),
      /** '' when no staff member made the move. */
      staff_name: z.string(),
      created_at: isoDateTimeSchema,
    }),
  ),
  product_relations: z.array(
    adminProductRelationSchema.extend({ product_name: z.string(), product_status: recordStatusSchema }),
  ),
  orders: z.array(adminOrderListItemSchema),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetailSchema>;

/** What the recommended-products search lists. */
export const adminMemberProductOptionSchema = z.object({ id: int, name: z.string(), status: recordStatusSchema });
export type AdminMemberProductOption = z.infer<typeof adminMemberProductOptionSchema>;

/** POST /admin/members/{id}/bonus-adjustments: the balance after the adjustment. */
export const adminBonusBalanceSchema = z.object({ bonus: int });

// ---- contact inbox (issue 7 item 7) and background jobs (issue 15 item 2) ---------------------

export const adminContactMessageSchema = z.object({
  id: int,
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  content: z.string(),
  is_read: z.boolean(),
  read_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

export const adminJobSchema = z.object({
  id: int,
  kind: z.string(),
  /** What the job works on, as queued. */
  payload: z.unknown(),
  status: z.enum(JOB_STATUSES),
  attempts: int,
  max_attempts: int,
  last_error: z.string(),
  run_at: isoDateTimeSchema,
  created_at: isoDateTimeSchema,
  /** The last try ended (or the last change) at this time. */
  updated_at: isoDateTimeSchema,
  finished_at: isoDateTimeSchema.nullable(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

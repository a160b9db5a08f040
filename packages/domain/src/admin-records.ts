// What the back-office API answers (issue 15 item 3), as zod schemas beside the form schemas: the
// server serialises its replies with them and the back-office pages read the inferred types, so a
// record's shape is declared once. snake_case as on the wire; times are ISO 8601 strings.
import { z } from 'zod';
import { StaffRole } from './admin-forms.ts';
import { JOB_STATUSES } from './background-jobs.ts';
import { isoDateTimeSchema, recordStatusSchema, siteTextFields } from './entities.ts';
import { BonusSource, DiscountKind, Gender } from './enums.ts';
import { adminOrderListItemSchema } from './admin-order-records.ts';
import { recordInt as int, recordVersion as version } from './admin-record-fields.ts';

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

// ---- settings (issue 7 item 4) ---------------------------------------------------------------

/** The site form: version 0 until the single row is first saved. */
export const adminSiteSettingsSchema = z.object({
  ...siteTextFields,
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

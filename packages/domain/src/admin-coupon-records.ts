// The coupons' back-office record (issue 21 item 3, docs/decisions/061), described once: what the API
// answers for a coupon, its shared list and form pages (admin-record-kind.ts) and what the API takes
// when the form is posted (admin-record-request.ts).
import { z } from 'zod';
import {
  checkCoupon,
  couponCodeSchema,
  couponKindSchema,
  couponMinSpendSchema,
  couponUsageLimitSchema,
  couponValueSchema,
} from './admin-coupon-schemas.ts';
import { flagSchema } from './admin-forms.ts';
import {
  choices,
  nameColumn,
  periodColumn,
  recordText as text,
  statusField,
  type RecordKindDescription,
} from './admin-record-kind.ts';
import { requestSchemasOf } from './admin-record-request.ts';
import { couponKindLabel } from './coupons.ts';
import { isoDateTimeSchema, recordStatusSchema } from './entities.ts';

/** A coupon as the back office reads it. */
export const adminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.number().int(),
  value: z.number().int(),
  min_spend: z.number().int(),
  valid_from: isoDateTimeSchema.nullable(),
  valid_until: isoDateTimeSchema.nullable(),
  usage_limit: z.number().int().nullable(),
  /** Orders holding a use now (a cancelled order gives its use back). */
  used_count: z.number().int(),
  per_member_once: z.boolean(),
  status: recordStatusSchema,
  /** 「折 NT$100，滿 NT$1,000 可用」. */
  description: z.string(),
  created_at: isoDateTimeSchema,
  version: z.number().int(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

const coupons = {
  path: 'coupons',
  title: '優惠券',
  noun: '優惠券',
  description:
    '會員在購物車輸入代碼即可折抵；折抵以扣除網紅、組合與會員折扣後的商品金額計算，不折運費。訂單取消時退回使用次數。',
  api: '/admin/coupons',
  record: adminCouponSchema,
  columns: [
    { label: '代碼', cell: (r) => ({ code: text(r.code) }) },
    nameColumn(),
    { label: '優惠', cell: (r) => text(r.description) },
    periodColumn('valid_from', 'valid_until'),
    {
      label: '已使用',
      numeric: true,
      cell: (r) => `${text(r.used_count)} / ${r.usage_limit === null ? '不限' : text(r.usage_limit)}`,
    },
    { label: '每人', cell: (r) => (r.per_member_once ? '限用一次' : '可重複') },
  ],
  fields: [
    {
      type: 'text',
      name: 'code',
      label: '優惠券代碼',
      required: true,
      max: 32,
      help: '英文字母、數字、- 或 _，不分大小寫',
      input: couponCodeSchema,
    },
    { type: 'text', name: 'name', label: '名稱', required: true, max: 60, help: '購物車與訂單上顯示的名稱' },
    {
      type: 'select',
      name: 'kind',
      label: '折扣方式',
      required: true,
      options: choices(couponKindLabel),
      input: couponKindSchema,
    },
    {
      type: 'number',
      name: 'value',
      label: '折扣值',
      required: true,
      help: '折抵金額填元（例如 100）；折扣百分比填折掉的 % （例如 10 表示 9 折，最多 90）',
      input: couponValueSchema,
    },
    {
      type: 'number',
      name: 'min_spend',
      label: '最低消費（元）',
      help: '留空或 0 表示不限',
      input: couponMinSpendSchema,
    },
    {
      type: 'number',
      name: 'usage_limit',
      label: '總使用次數上限',
      help: '留空表示不限次數',
      input: couponUsageLimitSchema,
    },
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
      input: flagSchema,
    },
    { ...statusField, label: '啟用' },
  ] as const,
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
  label: (r) => text(r.code),
} satisfies RecordKindDescription;
/** POST /admin/coupons, and PUT /admin/coupons/{id} with the version the form was opened with. */
export const { create: couponCreateSchema, update: couponUpdateSchema } = requestSchemasOf(coupons.fields, {
  check: checkCoupon,
});
export type CouponCreateInput = z.infer<typeof couponCreateSchema>;
export type CouponUpdateInput = z.infer<typeof couponUpdateSchema>;

export const COUPON_RECORD_KINDS = { coupons };

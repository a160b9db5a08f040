// Building blocks of the back-office forms and lists (issue 7), shared by the API validation and the
// admin pages. Messages are zh-TW; the server answers them as field errors (400).
import { z } from 'zod';
import { Status } from './enums.ts';
import { msg } from './messages.ts';
import { MAX_ID } from './schemas.ts';
import { isShopDate, TAIPEI_UTC_OFFSET } from './shop-calendar.ts';

/** Back-office roles: `owner` may do everything, including staff and settings; `staff` runs catalogue, content and orders. */
export const StaffRole = { Owner: 'owner', Staff: 'staff' } as const;
export type StaffRole = (typeof StaffRole)[keyof typeof StaffRole];
export const staffRoleLabel: Record<StaffRole, string> = { owner: '店長（全部權限）', staff: '店員' };

/** The 409 answer when a record changed after the form was opened (optimistic lock). */
export const VERSION_CONFLICT_MSG = '資料已被其他人修改，請重新整理後再試';

const requiredText = (max: number) =>
  z
    .string({ error: msg.required })
    .trim()
    .min(1, { error: msg.required })
    .max(max, { error: msg.maxLength(max) });

/** A required single-line text of at most `max` characters. */
export const adminText = requiredText;

/** An optional text ('' when absent) of at most `max` characters. */
export const optionalText = (max: number) =>
  z
    .string({ error: msg.badRequest })
    .trim()
    .max(max, { error: msg.maxLength(max) })
    .optional()
    .transform((v) => v ?? '');

/** Form numbers arrive as strings or numbers: digits only, else the zh-TW message. */
const wholeNumber = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v === '' ? undefined : v),
    z.number({ error: message }).int({ error: message }),
  );

/** NT$ amount: a whole number 0..10,000,000. */
export const priceSchema = wholeNumber('請輸入整數金額').pipe(
  z.number().min(0, { error: '金額不可小於 0' }).max(10_000_000, { error: '金額過大' }),
);

/** Sort key (index_id): lists are ascending by it (spec §9). */
export const indexIdSchema = z
  .preprocess((v) => (v === undefined || v === '' ? 0 : v), wholeNumber('排序須為整數'))
  .pipe(z.number().min(-1_000_000, { error: '排序超出範圍' }).max(1_000_000, { error: '排序超出範圍' }));

/** spec §3 Status: 0 InActive, 1 Active; checkboxes send 'on'/'true'. */
export const statusSchema = z.preprocess(
  (v) => {
    if (v === undefined || v === '') return Status.InActive;
    if (v === true || v === 'true' || v === 'on' || v === '1' || v === 1) return Status.Active;
    if (v === false || v === 'false' || v === '0' || v === 0) return Status.InActive;
    return v;
  },
  z.union([z.literal(Status.InActive), z.literal(Status.Active)], { error: '狀態只能是上架或下架' }),
);

/** A checkbox or JSON boolean. */
export const flagSchema = z.preprocess(
  (v) => v === true || v === 'true' || v === 'on' || v === '1' || v === 1,
  z.boolean(),
);

/** The version the form was opened with; a stale one answers 409 VERSION_CONFLICT_MSG. */
export const versionSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z.number({ error: '缺少版本資訊，請重新整理後再試' }).int().min(1).max(MAX_ID),
);

/** The version of a single-row record (settings, a terms text): 0 = not written yet, saving creates it. */
export const rowVersionSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z.number({ error: '缺少版本資訊，請重新整理後再試' }).int().min(0).max(MAX_ID),
);

/** A positive id in a body (select boxes send strings). */
export const bodyIdSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z.number({ error: msg.invalidId }).int({ error: msg.invalidId }).min(1, { error: msg.invalidId }).max(MAX_ID),
);

/** An optional id; '' or null means none. */
export const optionalIdSchema = z.preprocess((v) => (v === '' || v === undefined ? null : v), bodyIdSchema.nullable());

/** An upload key as answered by POST /admin/uploads (relative path under /uploads, no traversal). */
export const uploadKeySchema = z
  .string({ error: '圖片格式錯誤' })
  .trim()
  .max(300, { error: '圖片路徑過長' })
  .regex(/^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]*$/, { error: '圖片路徑格式錯誤' });

/** A picture that must be there (a slide, an ad). */
export const requiredUploadKey = z
  .string({ error: '請上傳圖片' })
  .trim()
  .min(1, { error: '請上傳圖片' })
  .pipe(uploadKeySchema);

/** An optional upload key ('' = none). */
export const optionalUploadKey = z
  .union([z.literal(''), uploadKeySchema])
  .optional()
  .transform((v) => v ?? '');

/** A link a shop owner types: a site path (/products?t=1) or an http(s) URL; '' = none. */
export const linkSchema = z
  .string()
  .trim()
  .max(500, { error: msg.maxLength(500) })
  .refine((v) => v === '' || /^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), {
    error: '連結須為 / 開頭的站內路徑或 http(s) 網址',
  })
  .optional()
  .transform((v) => v ?? '');

/** An ISO date-time or '' / null (no bound). `datetime-local` values (no zone) are read as Asia/Taipei. */
export const optionalDateTimeSchema = z.preprocess(
  (v) => {
    if (v === '' || v === undefined || v === null) return null;
    return typeof v === 'string' ? withTaipeiOffset(v) : v;
  },
  z.iso.datetime({ offset: true, error: '日期時間格式錯誤' }).nullable(),
);

/** A Taipei calendar day (`2026-06-01`); '' = not set (a course's day to be announced). */
export const optionalShopDateSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.string({ error: '日期格式應為 yyyy-MM-dd' }).refine(isShopDate, { error: '日期格式應為 yyyy-MM-dd' }).nullable(),
);

/** A `datetime-local` value (`2026-06-01T09:00`, no zone) is shop time: Asia/Taipei, +08:00. */
export function withTaipeiOffset(value: string): string {
  const local = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(value.trim());
  return local ? `${local[1]}${local[2] ?? ':00'}${TAIPEI_UTC_OFFSET}` : value;
}

/** `?q=&status=&page=&size=&sort=` of every back-office list. */
export const adminListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, { error: msg.maxLength(100) })
    .optional()
    .transform((v) => v || undefined),
  status: z
    .enum(['0', '1', ''], { error: '狀態只能是 0 或 1' })
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : (Number(v) as Status))),
  page: z.coerce
    .number({ error: '頁碼格式錯誤' })
    .int({ error: '頁碼格式錯誤' })
    .min(1, { error: '頁碼格式錯誤' })
    .max(100_000)
    .default(1),
  size: z.coerce.number({ error: '每頁筆數格式錯誤' }).int().min(1).max(100, { error: '每頁筆數最多 100' }).default(20),
  /** `index_id` (default), `-index_id`, `id`, `-id`, `name`. */
  sort: z
    .enum(['index_id', '-index_id', 'id', '-id', 'name', '-name'], { error: '排序方式不正確' })
    .default('index_id'),
});
export type AdminListQuery = z.infer<typeof adminListQuery>;

/** PATCH …/status: a status toggle from a list row. */
export const statusToggleSchema = z.object({ status: statusSchema, version: versionSchema });

// ---- staff ---------------------------------------------------------------------------------

/** ASVS v5 2.1: at least 8 characters, at most 64; letters and digits so the demo rule reads simply. */
export const staffPasswordSchema = z
  .string({ error: msg.required })
  .min(8, { error: '密碼至少 8 個字元' })
  .max(64, { error: '密碼最多 64 個字元' })
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { error: '密碼須包含英文字母與數字' });

export const staffAccountSchema = z
  .string({ error: msg.required })
  .trim()
  .min(3, { error: '帳號至少 3 個字元' })
  .max(50, { error: '帳號最多 50 個字元' })
  .regex(/^[A-Za-z0-9._@-]+$/, { error: '帳號只能使用英文字母、數字與 . _ @ -' });

/** POST /admin/auth. Any non-empty text may be tried; the answer for a wrong one is always 「帳號或密碼錯誤」. */
export const staffLoginSchema = z.object({
  account: z
    .string({ error: msg.required })
    .trim()
    .min(1, { error: msg.required })
    .max(100, { error: msg.loginFailed }),
  password: z.string({ error: msg.required }).min(1, { error: msg.required }).max(200, { error: msg.loginFailed }),
});
export type StaffLoginInput = z.infer<typeof staffLoginSchema>;

const roleSchema = z.enum([StaffRole.Owner, StaffRole.Staff], { error: '角色只能是店長或店員' });

export const staffCreateSchema = z.object({
  account: staffAccountSchema,
  password: staffPasswordSchema,
  name: requiredText(50),
  role: roleSchema,
  status: statusSchema.default(Status.Active),
});
export type StaffCreateInput = z.infer<typeof staffCreateSchema>;

export const staffUpdateSchema = z.object({
  name: requiredText(50),
  role: roleSchema,
  status: statusSchema,
  /** Empty = keep the current password. */
  password: z
    .union([z.literal(''), staffPasswordSchema])
    .optional()
    .transform((v) => v || undefined),
  version: versionSchema,
});
export type StaffUpdateInput = z.infer<typeof staffUpdateSchema>;

// Zod 4 schemas shared by the API (request validation) and the web forms (React Hook Form),
// with the spec's zh-TW texts as error messages (STYLE: "one schema, three uses").
import { z } from 'zod';
import { parseTextList } from './encoded-list.ts';
import { msg } from './messages.ts';
import { parsePageParam } from './pagination.ts';
import { isValidContactPhone, PHONE_REGION_INFO, PHONE_REGIONS, TW_MOBILE_PATTERN } from './phone.ts';

/** Largest id a PostgreSQL `integer` column holds. */
export const MAX_ID = 2_147_483_647;

/** spec §5 contact form: letters, digits and ._%+- then @, domain, dot, 2–4 letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}$/;

/** spec §9: text areas hold at most 200 characters. */
export const TEXT_AREA_MAX = 200;
/** spec §9: at most 4 return images. */
export const RETURN_IMAGES_MAX = 4;
/** spec §9: the transfer suffix is 5 digits. */
export const TRANSFER_SUFFIX_LENGTH = 5;
/** A search keyword longer than this is cut, not rejected: a pasted paragraph still searches. */
export const KEYWORD_MAX_LENGTH = 100;

/** A required text: trimmed, then non-empty; a missing or non-string value also reads "required". */
const requiredText = () => z.string({ error: msg.required }).trim().min(1, { error: msg.required });

/** A positive integer id from a path or body: a number, or a string of digits only ('1e3', '0x10' fail). */
export const idSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
  z
    .number({ error: msg.invalidId })
    .int({ error: msg.invalidId })
    .positive({ error: msg.invalidId })
    .max(MAX_ID, { error: msg.invalidId }),
);

/** Route params `{id}`. */
export const idParam = z.object({ id: idSchema });

/**
 * spec §5 contact form; `.strict` semantics (z.strictObject) so unknown fields are rejected. The
 * sender may be abroad: the phone is checked against its region's pattern (issue 23 item 2).
 */
export const contactUsSchema = z
  .strictObject(
    {
      name: requiredText().max(50, { error: msg.maxLength(50) }),
      /** TW (default), CN, HK or ML. */
      phone_region: z.enum(PHONE_REGIONS, { error: '請選擇電話地區' }).optional(),
      phone: requiredText().max(20, { error: msg.maxLength(20) }),
      email: requiredText().regex(EMAIL_PATTERN, { error: msg.emailFormat }),
      content: requiredText().max(TEXT_AREA_MAX, { error: msg.max200 }),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? msg.unknownField : msg.badRequest) },
  )
  .superRefine((v, ctx) => {
    const region = v.phone_region ?? 'TW';
    if (!isValidContactPhone(v.phone, region)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: PHONE_REGION_INFO[region].message });
    }
  });
export type ContactUsInput = z.infer<typeof contactUsSchema>;

/**
 * A search keyword from a query string: trimmed and cut to 100 characters (whole characters, so an
 * emoji is never split); a repeated parameter uses the first value; anything else is ''.
 */
export function normalizeKeyword(value: unknown): string {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof first !== 'string') return '';
  return Array.from(first.trim()).slice(0, KEYWORD_MAX_LENGTH).join('').trim();
}

/** `?keyword=` (spec §2 /searching, /searching-order). Never fails; an empty keyword shows nothing. */
export const keywordQuery = z.object({ keyword: z.unknown().optional().transform(normalizeKeyword) });

/** `?page=` (spec §2). Never fails: a malformed page is page 1. */
export const pageQuery = z.object({ page: z.unknown().optional().transform(parsePageParam) });

/** `?keyword=&page=` for the search results page. */
export const searchQuery = keywordQuery.extend(pageQuery.shape);

/**
 * spec §5 return form. `pic` takes a list of uploaded file references, or the JSON text of one
 * (the request payload of spec §3 sends it JSON-encoded).
 */
export const returnRequestFormSchema = z.object({
  contact_person: requiredText().max(50, { error: msg.maxLength(50) }),
  contact_phone: requiredText().regex(TW_MOBILE_PATTERN, { error: msg.mobileFormat }),
  spec: requiredText().max(TEXT_AREA_MAX, { error: msg.max200 }),
  reason: requiredText().max(TEXT_AREA_MAX, { error: msg.max200 }),
  pic: z.preprocess(
    (value) => (typeof value === 'string' ? parseTextList(value) : value),
    z
      .array(z.string().trim().min(1), { error: msg.uploadAtLeastOne })
      .min(1, { error: msg.uploadAtLeastOne })
      .max(RETURN_IMAGES_MAX, { error: msg.uploadAtMost4 }),
  ),
});
export type ReturnRequestFormInput = z.infer<typeof returnRequestFormSchema>;

/** spec §5 transfer notice: exactly the last 5 digits of the paying account. */
export const transferNoticeSchema = z.object({
  last_number_of_transfer: requiredText().regex(/^\d{5}$/, { error: msg.transferLength }),
});
export type TransferNoticeInput = z.infer<typeof transferNoticeSchema>;

/** spec §5 cancel dialog: the phone is only required (the spec attaches no format rule to it). */
export const cancelRequestFormSchema = z.object({
  contact_phone: requiredText().max(20, { error: msg.maxLength(20) }),
  reason: requiredText().max(TEXT_AREA_MAX, { error: msg.max200 }),
});
export type CancelRequestFormInput = z.infer<typeof cancelRequestFormSchema>;

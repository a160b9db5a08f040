// Member accounts (spec §7 Auth/members, issue 5): login, sign-up with an SMS code, forgotten
// password, profile and password change. One schema per request body, shared by the API
// validation and the web forms; unknown fields are refused (z.strictObject).
import { z } from 'zod';
import { Gender } from './enums.ts';
import { msg } from './messages.ts';
import { TW_MOBILE_PATTERN } from './phone.ts';
import { EMAIL_PATTERN, idSchema } from './schemas.ts';
import { findTaiwanCity, findTaiwanDistrict } from './taiwan-districts.ts';

/** ASVS v5 6.2.1/6.2.9: at least 8 characters, at least 64 allowed, no composition rules. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
/** Longest password a login accepts: longer ones cannot exist, and hashing them only burns CPU. */
const LOGIN_PASSWORD_MAX = 128;
export const MEMBER_NAME_MAX = 50;
export const ADDRESS_MAX = 100;
/** Six-digit SMS codes (issue 5). */
export const SMS_CODE_PATTERN = /^\d{6}$/;

const strictError = {
  error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? msg.unknownField : msg.badRequest),
};

const requiredText = () => z.string({ error: msg.required }).trim().min(1, { error: msg.required });

/** spec §5 TW pattern: 09 + 8 digits. */
export const mobileSchema = requiredText().regex(TW_MOBILE_PATTERN, { error: msg.mobileFormat });

/** A new password: 8–64 characters, kept as typed (never trimmed: spaces are characters too). */
export const newPasswordSchema = z
  .string({ error: msg.required })
  .min(1, { error: msg.required })
  .min(PASSWORD_MIN, { error: msg.passwordLength })
  .max(PASSWORD_MAX, { error: msg.passwordLength });

const loginPasswordSchema = z
  .string({ error: msg.required })
  .min(1, { error: msg.required })
  .max(LOGIN_PASSWORD_MAX, { error: msg.loginFailed });

export const smsCodeSchema = z
  .string({ error: msg.required })
  .trim()
  .min(1, { error: msg.required })
  .regex(SMS_CODE_PATTERN, { error: msg.smsCodeFormat });

const genderSchema = z.union([z.literal(Gender.MALE), z.literal(Gender.FEMALE)], { error: msg.genderChoose });

const optionalText = (max: number) =>
  z
    .string({ error: msg.badRequest })
    .trim()
    .max(max, { error: msg.maxLength(max) })
    .optional();

/** Address fields of sign-up and the profile; city and district must be a real pair (taiwan-districts.ts). */
const addressShape = {
  gender: genderSchema.optional(),
  city: optionalText(10),
  area: optionalText(10),
  address: optionalText(ADDRESS_MAX),
};

type AddressFields = { city?: string | undefined; area?: string | undefined };

/** The city/district pair must exist (an area needs its city); both may be left empty. */
function checkPlace(value: AddressFields, ctx: z.RefinementCtx): void {
  const city = value.city ?? '';
  const area = value.area ?? '';
  if (city === '' && area === '') return;
  if (city === '' || !findTaiwanCity(city)) {
    ctx.addIssue({ code: 'custom', path: ['city'], message: msg.cityChoose });
  } else if (area !== '' && !findTaiwanDistrict(city, area)) {
    ctx.addIssue({ code: 'custom', path: ['area'], message: msg.areaChoose });
  }
}

/** `台北市`/`大安區` → the official `臺北市`/`大安區`; unknown values pass unchanged (the schema refused them). */
export function officialPlaceNames(city: string, area: string): { city: string; area: string } {
  const found = findTaiwanCity(city);
  const district = found ? findTaiwanDistrict(found.name, area) : undefined;
  return { city: found?.name ?? city, area: district?.name ?? area };
}

/** POST /members/auth. */
export const loginSchema = z.strictObject({ account: mobileSchema, password: loginPasswordSchema }, strictError);
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /members/auth/refresh and the logout call. */
export const refreshTokenSchema = z.strictObject(
  {
    refresh_token: z
      .string({ error: msg.required })
      .min(1, { error: msg.required })
      .max(200, { error: msg.badRequest }),
  },
  strictError,
);
export type RefreshTokenInput = z.infer<typeof refreshTokenSchema>;

/** POST /members-exist. */
export const accountSchema = z.strictObject({ account: mobileSchema }, strictError);
export type AccountInput = z.infer<typeof accountSchema>;

/** POST /get-member-register-verifacation-code/{cellphone} body (must repeat the path's number). */
export const smsCodeRequestSchema = z.strictObject({ cellphone: mobileSchema }, strictError);

/** The fields of POST /members-signup: the account is the mobile number the SMS code went to. */
const signupShape = {
  account: mobileSchema,
  verification_code: smsCodeSchema,
  name: requiredText().max(MEMBER_NAME_MAX, { error: msg.maxLength(MEMBER_NAME_MAX) }),
  password: newPasswordSchema,
  ...addressShape,
  /** Who referred this member (their mobile number); optional. */
  referrer_account: z.preprocess((v) => (v === '' ? undefined : v), mobileSchema.optional()),
  /** Influencer code the shopper arrived with (/coop/{code}, ?code=); optional. */
  internet_celebrity_code: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string({ error: msg.badRequest }).trim().max(32, { error: msg.badRequest }).optional(),
  ),
};

/** POST /members-signup. */
export const signupSchema = z.strictObject(signupShape, strictError).superRefine(checkPlace);
export type SignupInput = z.infer<typeof signupSchema>;

/** The password typed twice; the copy stays in the browser. */
const passwordConfirmSchema = z.string({ error: msg.required }).min(1, { error: msg.required });
const confirmMatches = (v: { password: string; password_confirm: string }, ctx: z.RefinementCtx) => {
  if (v.password !== v.password_confirm) {
    ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: msg.passwordMismatch });
  }
};

/** The registration form (/login/register): the sign-up body plus the repeated password. */
export const signupFormSchema = z
  .object({ ...signupShape, password_confirm: passwordConfirmSchema })
  .superRefine(checkPlace)
  .superRefine(confirmMatches);
export type SignupFormInput = z.input<typeof signupFormSchema>;

/** The longest email a member may give. */
export const MEMBER_EMAIL_MAX = 100;

/**
 * The member's email for order messages (issue 17 item 4): optional; '' removes it, omitted keeps it.
 */
export const memberEmailSchema = z
  .string({ error: msg.emailFormat })
  .trim()
  .max(MEMBER_EMAIL_MAX, { error: msg.maxLength(MEMBER_EMAIL_MAX) })
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), { error: msg.emailFormat });

/** PUT /members/{id}: what a member may change about themselves. `id`, when sent, must be their own. */
export const memberUpdateSchema = z
  .strictObject(
    {
      id: idSchema.optional(),
      name: requiredText().max(MEMBER_NAME_MAX, { error: msg.maxLength(MEMBER_NAME_MAX) }),
      email: memberEmailSchema.optional(),
      /** Whether cart reminders come (issue 43 item 3); omitted keeps it. */
      cart_reminders: z.boolean({ error: msg.badRequest }).optional(),
      ...addressShape,
    },
    strictError,
  )
  .superRefine(checkPlace);
export type MemberUpdateInput = z.infer<typeof memberUpdateSchema>;

/** PUT /members/{id}/password. */
const passwordChangeShape = {
  id: idSchema.optional(),
  old_password: loginPasswordSchema,
  password: newPasswordSchema,
};
const notTheOldPassword = (v: { old_password: string; password: string }, ctx: z.RefinementCtx) => {
  if (v.old_password === v.password) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: msg.passwordSameAsOld });
  }
};
export const passwordChangeSchema = z.strictObject(passwordChangeShape, strictError).superRefine(notTheOldPassword);
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** The password change form of /member/personal-info: current, new and repeated new password. */
export const passwordChangeFormSchema = z
  .object({ ...passwordChangeShape, password_confirm: passwordConfirmSchema })
  .superRefine(notTheOldPassword)
  .superRefine(confirmMatches);
export type PasswordChangeFormInput = z.input<typeof passwordChangeFormSchema>;

/** POST /members-forgot-password: send a reset code (the answer is the same whether the account exists). */
export const forgotPasswordSchema = accountSchema;

/** POST /members-forgot-password/reset: the SMS code and the new password. */
const resetPasswordShape = { account: mobileSchema, verification_code: smsCodeSchema, password: newPasswordSchema };
export const resetPasswordSchema = z.strictObject(resetPasswordShape, strictError);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The forgotten-password form: the code, the new password and its repetition. */
export const resetPasswordFormSchema = z
  .object({ ...resetPasswordShape, password_confirm: passwordConfirmSchema })
  .superRefine(confirmMatches);
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

/** `?month=YYYY-MM` of the revenue-bonus view; absent = the current month in Taipei. */
export const bonusMonthQuery = z.strictObject(
  {
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: msg.monthFormat })
      .optional(),
  },
  strictError,
);

// What the members API answers (spec §7 Auth/members), as zod schemas: Fastify serialises with
// them, and the server's and the web's types are inferred from them (issue 15 item 3).
import { z } from 'zod';
import { authTokenSchema, isoDateTimeSchema, memberBonusSchema } from './entities.ts';
import { Gender } from './enums.ts';

/** The member as the API shows it to that member (spec §3 Member, plus avatar and the influencer code). */
export const memberProfileSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  cell_phone: z.string(),
  gender: z.enum(Gender),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  /** Upload key of the avatar; '' = the default picture. */
  avatar: z.string(),
  email: z.string().nullable(),
  /** Whether the member takes cart reminders (issue 43 item 3). */
  cart_reminders: z.boolean(),
  is_internet_celebrity: z.boolean(),
  /** The influencer's code (their /coop/{code} page); null for ordinary members. */
  internet_celebrity_code: z.string().nullable(),
  /** spec §2 side menu: level name, picture and the level's style class; the percent it earns back (issue 21). */
  member_level: z
    .object({ name: z.string(), pic: z.string(), style_class: z.string(), bonus_rate: z.number().int() })
    .nullable(),
  member_bonus: memberBonusSchema,
  created_at: isoDateTimeSchema,
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/** spec §3 Auth data plus the member, as login and sign-up answer. */
export const authAnswerSchema = z.object({ id: z.number().int(), token: authTokenSchema, member: memberProfileSchema });
export type AuthAnswer = z.infer<typeof authAnswerSchema>;

/** A password change answers a fresh pair of tokens (the others are revoked). */
export const tokensRenewedSchema = z.object({ id: z.number().int(), token: authTokenSchema });

/** What a code request answers: when the code dies and when another may be asked for (seconds). */
export const codeSentSchema = z.object({ expires_in: z.number().int(), resend_after: z.number().int() });
export type CodeSent = z.infer<typeof codeSentSchema>;

export const accountExistsSchema = z.object({ exist: z.boolean() });
/** The masked name behind an account (王*明), for the sign-up form's referrer check. */
export const hiddenNameSchema = z.object({ name: z.string() });

/**
 * One member of the downline (spec §6). Names and numbers are masked (王*明, 0912***678): the
 * upline sees who joined, not how to reach them.
 */
export const downlineMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  account: z.string(),
  level: z.union([z.literal(1), z.literal(2)]),
  referrer_id: z.number().int(),
  member_level_name: z.string(),
  created_at: isoDateTimeSchema,
});
export type DownlineMember = z.infer<typeof downlineMemberSchema>;

export const downlineSchema = z.object({ account: z.string(), members: z.array(downlineMemberSchema) });
export type Downline = z.infer<typeof downlineSchema>;

export const downlineBonusMemberSchema = downlineMemberSchema.extend({
  order_count: z.number().int(),
  approved_revenue: z.number().int(),
  bonus: z.number().int(),
});
export type DownlineBonusMember = z.infer<typeof downlineBonusMemberSchema>;

/** A Taipei month's approved revenue of the downline and the bonus it earns (spec §6). */
export const downlineBonusSchema = z.object({
  account: z.string(),
  month: z.string(),
  percent: z.object({ 1: z.number(), 2: z.number() }),
  members: z.array(downlineBonusMemberSchema),
  total_revenue: z.number().int(),
  total_bonus: z.number().int(),
});
export type DownlineBonus = z.infer<typeof downlineBonusSchema>;

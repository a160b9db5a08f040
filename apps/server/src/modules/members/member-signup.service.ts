// Sign-up with an SMS code and the forgotten-password reset (spec §7, issue 5 items 3 and 6;
// docs/decisions/012). The code rules themselves live in verification-code.service.ts.
import {
  Gender,
  Status,
  maskPhone,
  msg,
  officialPlaceNames,
  type ResetPasswordInput,
  type SignupInput,
  type CodeSent,
} from '@shop/domain';
import { Conflict, Invalid, Unavailable } from '../../errors.ts';
import * as members from './member.repository.ts';
import { getOwnMember } from './member-json.ts';
import type { MembersContext } from './members-context.ts';
import { hashPassword } from './password.ts';
import { issueTokens, type AuthAnswer, type ClientMeta } from './member-session.service.ts';
import * as sessions from './session.repository.ts';
import * as codes from './verification-code.service.ts';

const CODE_SENT: CodeSent = {
  expires_in: codes.SMS_CODE_RULES.ttlMs / 1000,
  resend_after: codes.SMS_CODE_RULES.cooldownMs / 1000,
};

function accountTaken(): Conflict {
  return new Conflict(msg.accountTaken, [{ field: 'account', msg: msg.accountTaken }]);
}

/**
 * POST /get-member-register-verifacation-code/{cellphone}: a sign-up code for a number that is not
 * registered yet. Waits for the gateway: when it refuses, the code is withdrawn (so the shopper may
 * ask again at once) and the answer is 503 「簡訊發送失敗」. The code is never in the answer or a log.
 */
export async function requestSignupCode(ctx: MembersContext, cellphone: string, ip: string): Promise<CodeSent> {
  if (await members.accountExists(ctx.db, cellphone)) throw accountTaken();
  const { id, code } = await codes.issueCode(ctx.db, {
    cellphone,
    purpose: 'signup',
    ip,
    now: ctx.now(),
    secret: ctx.config.JWT_SECRET,
  });
  try {
    await ctx.sms.send(cellphone, codes.smsCodeText('signup', code));
  } catch (err) {
    await codes.withdrawCode(ctx.db, id);
    ctx.log.warn({ to: maskPhone(cellphone), reason: (err as Error).message }, 'sign-up SMS not delivered');
    throw new Unavailable(msg.smsSendFailed);
  }
  return CODE_SENT;
}

/** The referrer of a new member: a member's mobile number typed in, else the influencer code the shopper came with. */
async function findReferrer(ctx: MembersContext, input: SignupInput): Promise<number | null> {
  if (input.referrer_account) {
    const referrer = await members.findMemberByAccount(ctx.db, input.referrer_account);
    if (!referrer || referrer.status !== Status.Active) {
      throw new Invalid(msg.referrerNotFound, [{ field: 'referrer_account', msg: msg.referrerNotFound }]);
    }
    return referrer.id;
  }
  if (input.internet_celebrity_code) {
    // The code came from a link, not from the shopper's typing: an unknown one is simply no referrer.
    const influencer = await members.findMemberByCelebrityCode(ctx.db, input.internet_celebrity_code);
    if (influencer?.isInternetCelebrity && influencer.status === Status.Active) return influencer.id;
  }
  return null;
}

/**
 * POST /members-signup: checks the SMS code of the number, creates the member with the entry level
 * and zeroed balances, spends the code in the same transaction, and logs the new member in.
 */
export async function signup(ctx: MembersContext, input: SignupInput, meta: ClientMeta): Promise<AuthAnswer> {
  const now = ctx.now();
  if (await members.accountExists(ctx.db, input.account)) throw accountTaken();
  const referrerId = await findReferrer(ctx, input);
  const codeId = await codes.checkCode(ctx.db, {
    cellphone: input.account,
    purpose: 'signup',
    code: input.verification_code,
    now,
    secret: ctx.config.JWT_SECRET,
  });
  const [passwordHash, memberLevelId] = await Promise.all([hashPassword(input.password), members.entryLevelId(ctx.db)]);
  const { id, token } = await ctx.db.transaction(async (tx) => {
    await codes.useCode(tx, codeId, now);
    const id = await members.insertMember(tx, {
      account: input.account,
      passwordHash,
      name: input.name,
      gender: input.gender ?? Gender.MALE,
      ...officialPlaceNames(input.city ?? '', input.area ?? ''),
      address: input.address ?? '',
      memberLevelId,
      referrerId,
      createdAt: now,
    });
    if (id === null) throw accountTaken();
    return { id, token: await issueTokens(tx, ctx.config, id, now, meta.userAgent) };
  });
  ctx.log.info({ memberId: id }, 'member signed up');
  return { id, token, member: await getOwnMember(ctx.db, id) };
}

/**
 * POST /members-forgot-password: the same answer, the same limits and about the same time whether
 * the number is registered or not (ASVS v5 6.4.x, no enumeration): a code row is stored either way,
 * but only a member's number gets the SMS, sent in the background so its latency tells nothing.
 */
export async function requestPasswordReset(ctx: MembersContext, account: string, ip: string): Promise<CodeSent> {
  const member = await members.findLoginByAccount(ctx.db, account);
  const { id, code } = await codes.issueCode(ctx.db, {
    cellphone: account,
    purpose: 'reset',
    ip,
    now: ctx.now(),
    secret: ctx.config.JWT_SECRET,
  });
  if (member && member.status === Status.Active) {
    void ctx.sms.send(account, codes.smsCodeText('reset', code)).catch(async (err: unknown) => {
      ctx.log.warn({ to: maskPhone(account), reason: (err as Error).message }, 'reset SMS not delivered');
      await codes.withdrawCode(ctx.db, id).catch(() => undefined);
    });
  }
  return CODE_SENT;
}

/**
 * POST /members-forgot-password/reset: the code of the number and a new password. Ends every login
 * of the member (issue 5 item 6) and lifts the account's login delay and this address's block: the
 * owner proved the phone.
 */
export async function resetPassword(ctx: MembersContext, input: ResetPasswordInput, ip: string): Promise<void> {
  const now = ctx.now();
  const codeId = await codes.checkCode(ctx.db, {
    cellphone: input.account,
    purpose: 'reset',
    code: input.verification_code,
    now,
    secret: ctx.config.JWT_SECRET,
  });
  const member = await members.findLoginByAccount(ctx.db, input.account);
  // A code only reaches a member's phone; without a member it can only be a guess at a decoy row.
  if (!member || member.status !== Status.Active) {
    throw new Invalid(msg.smsCodeInvalid, [{ field: 'verification_code', msg: msg.smsCodeInvalid }]);
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await codes.useCode(tx, codeId, now);
    await members.updatePasswordHash(tx, member.id, passwordHash, now);
    await sessions.revokeAllOfMember(tx, member.id, now);
  });
  await ctx.loginLimits.login.forgive(input.account, ip);
  ctx.log.info({ memberId: member.id }, 'member password reset; every login ended');
}

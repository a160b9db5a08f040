// A member's own account: profile, password change, and the two public look-ups the sign-up form
// uses (spec §7 GET/PUT /members/{id}, PUT /members/{id}/password, members-exist, hidden name).
import {
  Status,
  maskName,
  msg,
  officialPlaceNames,
  type MemberUpdateInput,
  type PasswordChangeInput,
} from '@shop/domain';
import { Forbidden, Invalid, NotFound, TooManyRequests } from '../../errors.ts';
import { waitSeconds } from '../../http/retry-after.ts';
import * as members from './member.repository.ts';
import { getOwnMember, type MemberJson } from './member-json.ts';
import type { MembersContext } from './members-context.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { issueTokens, type TokenPair } from './member-session.service.ts';
import * as sessions from './session.repository.ts';

export { getOwnMember };

/** A body that names a member (`id`) must name the token's member: 403 otherwise, nothing changed. */
export function checkBodyMember(tokenMemberId: number, bodyId: number | undefined): void {
  if (bodyId !== undefined && bodyId !== tokenMemberId) throw new Forbidden();
}

/**
 * PUT /members/{id}: name, gender, address and email. Omitted optional fields keep their value; a new city
 * without a district clears the district (it belonged to the old city). Place names are stored in
 * their official spelling (臺北市).
 */
export async function updateProfile(
  ctx: MembersContext,
  memberId: number,
  input: MemberUpdateInput,
): Promise<MemberJson> {
  const current = await getOwnMember(ctx.db, memberId);
  const cityGiven = input.city !== undefined;
  const place = officialPlaceNames(
    cityGiven ? input.city! : current.city,
    cityGiven ? (input.area ?? '') : current.area,
  );
  await members.updateProfile(
    ctx.db,
    memberId,
    {
      name: input.name,
      gender: input.gender ?? current.gender,
      city: place.city,
      area: place.area,
      address: input.address ?? current.address,
      // Order messages go to it (issue 17 item 4); '' removes it.
      email: input.email === undefined ? current.email : input.email || null,
      cartReminders: input.cart_reminders ?? current.cart_reminders,
    },
    ctx.now(),
  );
  return getOwnMember(ctx.db, memberId);
}

/**
 * PUT /members/{id}/password: needs the current password (a stolen access token alone cannot take
 * the account over). Wrong current passwords are counted per member, apart from failed logins, so
 * strangers guessing at the login cannot stop the holder changing it. Every login of the member ends
 * (ASVS v5 7.4.3); this browser gets a fresh pair so it stays logged in.
 */
export async function changePassword(
  ctx: MembersContext,
  memberId: number,
  input: PasswordChangeInput,
  userAgent: string,
): Promise<{ id: number; token: TokenPair }> {
  const member = await getOwnMember(ctx.db, memberId);
  const now = ctx.now();
  const at = now.getTime();
  const key = String(memberId);
  const wait = await ctx.loginLimits.passwordChange.blockedFor(key, at);
  if (wait > 0) throw new TooManyRequests(msg.loginLocked(waitSeconds(wait)), waitSeconds(wait));
  const login = await members.findLoginByAccount(ctx.db, member.account);
  if (!login || !(await verifyPassword(login.passwordHash, input.old_password))) {
    await ctx.loginLimits.passwordChange.fail(key, at);
    throw new Invalid(msg.currentPasswordWrong, [{ field: 'old_password', msg: msg.currentPasswordWrong }]);
  }
  const passwordHash = await hashPassword(input.password);
  const token = await ctx.db.transaction(async (tx) => {
    await members.updatePasswordHash(tx, memberId, passwordHash, now);
    await sessions.revokeAllOfMember(tx, memberId, now);
    return issueTokens(tx, ctx.config, memberId, now, userAgent);
  });
  return { id: memberId, token };
}

/** POST /members-exist: whether a mobile number is registered (the sign-up form says so early). */
export async function accountExists(ctx: MembersContext, account: string): Promise<{ exist: boolean }> {
  return { exist: await members.accountExists(ctx.db, account) };
}

/** GET /members-hidden-name-by-account/{account}: `王*明`, so a shopper can recognise a referrer. */
export async function hiddenNameByAccount(ctx: MembersContext, account: string): Promise<{ name: string }> {
  const found = await members.findMemberByAccount(ctx.db, account);
  if (!found || found.status !== Status.Active) throw new NotFound(msg.memberNotFound);
  return { name: maskName(found.name) };
}

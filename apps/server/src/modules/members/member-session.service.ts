// Login, token refresh and logout (spec §7 Auth/members, issue 5 item 2; docs/decisions/012).
// Access tokens are short-lived JWTs; refresh tokens are opaque, stored as SHA-256, rotated on every
// use, grouped in a family per login. A spent token used again means it was copied: the family dies.
import { randomUUID } from 'node:crypto';
import { Status, maskPhone, msg, type LoginInput, type AuthAnswer } from '@shop/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { TooManyRequests, Unauthorized } from '../../errors.ts';
import { issueKnownDevice, knownDeviceId } from '../../http/known-device.ts';
import { waitSeconds } from '../../http/retry-after.ts';
import { signAccessToken } from './access-token.ts';
import * as members from './member.repository.ts';
import { toMemberJson } from './member-json.ts';
import type { MembersContext } from './members-context.ts';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';
import { hashRefreshToken, newRefreshToken, refreshIdleEnd, refreshLifetimes } from './refresh-token.ts';
import * as sessions from './session.repository.ts';
import { deleteCodesBefore } from './verification-code.repository.ts';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

/** spec §3 Auth data plus the member, as POST /members/auth and sign-up answer it. */
export type { AuthAnswer };

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

/** Issues an access token and the first refresh token of a new family (a login or a sign-up). */
export async function issueTokens(
  db: Db,
  config: Config,
  memberId: number,
  now: Date,
  userAgent: string,
): Promise<TokenPair> {
  const refreshToken = newRefreshToken();
  const lifetimes = refreshLifetimes(now, {
    ttlDays: config.REFRESH_TOKEN_TTL_DAYS,
    idleDays: config.REFRESH_TOKEN_IDLE_DAYS,
  });
  await sessions.insertRefreshToken(db, {
    memberId,
    familyId: randomUUID(),
    tokenHash: hashRefreshToken(refreshToken),
    ...lifetimes,
    createdAt: now,
    userAgent: userAgent.slice(0, 300) || null,
  });
  return { access_token: await memberAccessToken(config, memberId), refresh_token: refreshToken };
}

function memberAccessToken(config: Config, memberId: number): Promise<string> {
  return signAccessToken(memberId, 'member', {
    secret: config.JWT_SECRET,
    ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
  });
}

/** A login's answer, plus the known-device token the route keeps in this browser's cookie. */
export interface LoginResult {
  answer: AuthAnswer;
  knownDevice: string;
}

/**
 * POST /members/auth. An unknown account, a wrong password and an inactive account all answer the
 * same 401 「帳號或密碼錯誤」 after the same argon2 work (ASVS v5 6.3.8). Failures count as
 * http/login-throttle.ts says (docs/decisions/037): a held-back try answers 429 without checking
 * anything, and a device this member signed in on before is never held back by strangers' failures.
 */
export async function login(
  ctx: MembersContext,
  input: LoginInput,
  meta: ClientMeta & { knownDevice?: string },
): Promise<LoginResult> {
  const now = ctx.now();
  const at = now.getTime();
  const secret = ctx.config.JWT_SECRET;
  const deviceId = knownDeviceId(secret, 'member', input.account, meta.knownDevice, now);
  const attempt = await ctx.loginLimits.login.check(input.account, meta.ip, deviceId, at);
  if (attempt.waitMs > 0) {
    const seconds = waitSeconds(attempt.waitMs);
    throw new TooManyRequests(msg.loginLocked(seconds), seconds);
  }
  const found = await members.findMemberWithBalancesByAccount(ctx.db, input.account);
  const ok = await verifyPassword(found?.member.passwordHash ?? null, input.password);
  if (!found || !ok || found.member.status !== Status.Active) {
    const failure = await ctx.loginLimits.login.failed(attempt, at);
    ctx.log.info({ account: maskPhone(input.account) }, 'member login failed');
    if (failure.burst) {
      ctx.log.warn(
        { account: maskPhone(input.account), failures: failure.accountFailures },
        'member login failures from unknown devices',
      );
    }
    throw new Unauthorized(msg.loginFailed);
  }
  await ctx.loginLimits.login.succeeded(attempt);
  const { id, passwordHash } = found.member;
  if (needsRehash(passwordHash)) {
    await members.updatePasswordHash(ctx.db, id, await hashPassword(input.password), now);
  }
  const token = await issueTokens(ctx.db, ctx.config, id, now, meta.userAgent);
  return {
    answer: { id, token, member: toMemberJson(found) },
    knownDevice: issueKnownDevice(secret, 'member', input.account, now),
  };
}

/**
 * A sign-in vouched for by someone else (LINE Login, issue 41): the same session and known-device
 * token as a password login, for an active member; null for a missing or inactive one.
 */
export async function signInVouchedMember(
  db: Db,
  config: Config,
  memberId: number,
  now: Date,
  userAgent: string,
): Promise<LoginResult | null> {
  const found = await members.findMemberWithBalances(db, memberId);
  if (!found || found.member.status !== Status.Active) return null;
  const token = await issueTokens(db, config, memberId, now, userAgent);
  return {
    answer: { id: memberId, token, member: toMemberJson(found) },
    knownDevice: issueKnownDevice(config.JWT_SECRET, 'member', found.member.account, now),
  };
}

/**
 * POST /members/auth/refresh: spends the refresh token and answers a new pair of the same family.
 * A token already spent (or revoked) revokes the whole family: whoever holds the newer token loses
 * it too, and the member logs in again (ASVS v5 7.2.4 / OAuth 2.0 Security BCP 4.14). Failures answer
 * 401 「登入已逾時，請重新登入」 — deliberately not 「token驗證失敗」, which would ask the web to refresh again.
 */
export async function refresh(ctx: MembersContext, refreshToken: string, meta: ClientMeta): Promise<TokenPair> {
  const now = ctx.now();
  const tokenHash = hashRefreshToken(refreshToken);
  // The usual case in one statement: spend the live token and insert its successor.
  const successor = newRefreshToken();
  const rotated = await sessions.rotateLiveRefreshToken(
    ctx.db,
    { tokenHash, at: now },
    {
      tokenHash: hashRefreshToken(successor),
      idleEnd: refreshIdleEnd(now, ctx.config.REFRESH_TOKEN_IDLE_DAYS),
      userAgent: meta.userAgent.slice(0, 300) || null,
    },
  );
  if (rotated) return { access_token: await memberAccessToken(ctx.config, rotated.memberId), refresh_token: successor };

  // Why not: unknown, expired, already spent (reuse: revoke the family), or the member is inactive.
  const row = await sessions.findRefreshToken(ctx.db, tokenHash);
  if (row && !row.revokedAt) {
    if (row.usedAt) await revokeReusedFamily(ctx, row, now);
    else if (row.expiresAt > now) await sessions.revokeFamily(ctx.db, row.familyId, now); // member inactive
  }
  throw new Unauthorized(msg.sessionExpired);
}

async function revokeReusedFamily(ctx: MembersContext, row: sessions.RefreshTokenRow, now: Date): Promise<void> {
  await sessions.revokeFamily(ctx.db, row.familyId, now);
  ctx.log.warn({ memberId: row.memberId, family: row.familyId }, 'spent refresh token used again: family revoked');
}

/**
 * POST /members/auth/logout: revokes the family of the given refresh token (this browser's login).
 * The refresh token is the credential, so an expired access token can still log out. Always 200:
 * the answer says nothing about the token.
 */
export async function logout(ctx: MembersContext, refreshToken: string): Promise<void> {
  const row = await sessions.findRefreshToken(ctx.db, hashRefreshToken(refreshToken));
  if (row) await sessions.revokeFamily(ctx.db, row.familyId, ctx.now());
}

/** Ends every login of a member (password reset or change, deactivation by the back office). */
export async function revokeMemberSessions(db: Db, memberId: number, now: Date): Promise<void> {
  await sessions.revokeAllOfMember(db, memberId, now);
}

const DAY_MS = 86_400_000;

/**
 * Housekeeping, run every few hours: refresh tokens whose family ended or was revoked more than a
 * day ago, and SMS codes older than a day (the limits look back one hour).
 */
export async function sweepExpiredSessions(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  await sessions.deleteDeadRefreshTokens(db, dayAgo);
  await deleteCodesBefore(db, dayAgo);
}

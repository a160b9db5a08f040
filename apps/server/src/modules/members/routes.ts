import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountExistsSchema,
  accountSchema,
  authAnswerSchema,
  authTokenSchema,
  bonusMonthQuery,
  codeSentSchema,
  downlineBonusSchema,
  downlineSchema,
  forgotPasswordSchema,
  hiddenNameSchema,
  loginSchema,
  memberProfileSchema,
  memberUpdateSchema,
  mobileSchema,
  msg,
  passwordChangeSchema,
  refreshTokenSchema,
  resetPasswordSchema,
  signupSchema,
  smsCodeRequestSchema,
  tokensRenewedSchema,
} from '@shop/domain';
import { created, replies } from '../../http/replies.ts';
import { Invalid, TooManyRequests } from '../../errors.ts';
import type { AttemptLimiter } from '../../http/failure-limiter.ts';
import { KNOWN_DEVICE_COOKIE, knownDeviceCookieOptions } from '../../http/known-device.ts';
import { idParams } from '../../http/params.ts';
import { announceRetryAfter, waitSeconds } from '../../http/retry-after.ts';
import { assertSelf } from '../../plugins/access.ts';
import type { ModuleApp, ModuleOptions } from '../module-options.ts';
import * as account from './member-account.service.ts';
import * as downline from './downline.service.ts';
import * as session from './member-session.service.ts';
import * as signup from './member-signup.service.ts';
import { createLoginLimits, type MembersContext } from './members-context.ts';
import { prepareDummyHash } from './password.ts';
import { createSmsSender } from './sms/create-sms-sender.ts';
import { scheduleHousekeeping } from '../../http/housekeeping.ts';

const accountParams = z.object({ account: mobileSchema });
const cellphoneParams = z.object({ cellphone: mobileSchema });

/**
 * Who-is-registered look-ups (members-exist, the masked name) answer what sign-up must tell anyway;
 * 30 per 10 minutes per address keeps a script from walking the number space through them. Every
 * look-up counts, through the same limiter store as logins (docs/decisions/037).
 */
export const MEMBER_LOOKUPS_PER_IP = { max: 30, windowMs: 10 * 60_000 };

/** Counts the look-up of `ip`, or refuses it with 429 and `Retry-After` once the address used its share. */
async function countLookup(lookups: AttemptLimiter, ip: string, now: Date): Promise<void> {
  const at = now.getTime();
  const wait = await lookups.blockedFor(ip, at);
  if (wait > 0) throw new TooManyRequests(msg.lookupLimit(waitSeconds(wait)), waitSeconds(wait));
  await lookups.fail(ip, at);
}

/**
 * spec §7 Auth/members (issue 5). Login, refresh, logout, sign-up and the reset are exempt (spec §6);
 * the two look-ups are public; everything about one member needs that member's token and answers
 * 403 for anybody else. Every answer here is personal or carries tokens: `Cache-Control: no-store`.
 */
export const memberRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, config, now, shared }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  announceRetryAfter(base);
  const lookups = shared.limiters('member-lookups', MEMBER_LOOKUPS_PER_IP);
  const ctx: MembersContext = {
    db,
    config,
    now,
    sms: createSmsSender(config, base.log),
    log: base.log,
    loginLimits: createLoginLimits(shared.limiters),
  };
  // The first unknown-account login must not be slower than the others (equal timing, ASVS v5 6.3.8).
  await prepareDummyHash();
  scheduleHousekeeping(base, 'session sweep', () => session.sweepExpiredSessions(db, now()));

  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  sessionRoutes(app, ctx);
  accountRoutes(app, ctx);
  lookupRoutes(app, ctx, lookups);
  signupRoutes(app, ctx);
  downlineRoutes(app, ctx);
};

const tags = ['members'];
const exempt = { access: 'exempt' as const };
const member = { access: 'member' as const };
const lookup = { access: 'public' as const };
const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
const me = (req: FastifyRequest) => req.member!.id;

/** Log in (remembering the device), refresh and log out. */
function sessionRoutes(app: ModuleApp, ctx: MembersContext) {
  const deviceCookie = KNOWN_DEVICE_COOKIE.member.name;
  const deviceCookieOptions = knownDeviceCookieOptions('member', ctx.config.NODE_ENV === 'production');
  app.post(
    '/members/auth',
    { config: exempt, schema: { response: replies(authAnswerSchema), tags, body: loginSchema } },
    async (req, reply) => {
      const { answer, knownDevice } = await session.login(ctx, req.body, {
        ...meta(req),
        knownDevice: req.cookies[deviceCookie],
      });
      reply.setCookie(deviceCookie, knownDevice, deviceCookieOptions);
      return { code: 200, data: answer };
    },
  );
  app.post(
    '/members/auth/refresh',
    { config: exempt, schema: { response: replies(authTokenSchema), tags, body: refreshTokenSchema } },
    async (req) => ({
      code: 200,
      data: await session.refresh(ctx, req.body.refresh_token, meta(req)),
    }),
  );
  app.post(
    '/members/auth/logout',
    { config: exempt, schema: { response: replies(z.null()), tags, body: refreshTokenSchema } },
    async (req) => {
      await session.logout(ctx, req.body.refresh_token);
      return { code: 200, data: null };
    },
  );
}

/** The member's own account: profile and password. */
function accountRoutes(app: ModuleApp, ctx: MembersContext) {
  const { db } = ctx;
  app.get('/members', { config: member, schema: { response: replies(memberProfileSchema), tags } }, async (req) => ({
    code: 200,
    data: await account.getOwnMember(db, me(req)),
  }));
  app.get(
    '/members/:id',
    { config: member, schema: { response: replies(memberProfileSchema), tags, params: idParams } },
    async (req) => ({
      code: 200,
      data: await account.getOwnMember(db, assertSelf(req, req.params.id)),
    }),
  );
  app.put(
    '/members/:id',
    {
      config: member,
      schema: { response: replies(memberProfileSchema), tags, params: idParams, body: memberUpdateSchema },
    },
    async (req) => {
      const id = assertSelf(req, req.params.id);
      account.checkBodyMember(id, req.body.id);
      return { code: 200, msg: msg.profileSaved, data: await account.updateProfile(ctx, id, req.body) };
    },
  );
  app.put(
    '/members/:id/password',
    {
      config: member,
      schema: { response: replies(tokensRenewedSchema), tags, params: idParams, body: passwordChangeSchema },
    },
    async (req) => {
      const id = assertSelf(req, req.params.id);
      account.checkBodyMember(id, req.body.id);
      const data = await account.changePassword(ctx, id, req.body, meta(req).userAgent);
      return { code: 200, msg: msg.passwordChanged, data };
    },
  );
}

/** Look-ups for the sign-up form, limited per address. */
function lookupRoutes(app: ModuleApp, ctx: MembersContext, lookups: AttemptLimiter) {
  const { now } = ctx;
  app.post(
    '/members-exist',
    { config: lookup, schema: { response: replies(accountExistsSchema), tags, body: accountSchema } },
    async (req) => {
      await countLookup(lookups, req.ip, now());
      return { code: 200, data: await account.accountExists(ctx, req.body.account) };
    },
  );
  app.get(
    '/members-hidden-name-by-account/:account',
    { config: lookup, schema: { response: replies(hiddenNameSchema), tags, params: accountParams } },
    async (req) => {
      await countLookup(lookups, req.ip, now());
      return { code: 200, data: await account.hiddenNameByAccount(ctx, req.params.account) };
    },
  );
}

/** Sign-up and the forgotten password. */
function signupRoutes(app: ModuleApp, ctx: MembersContext) {
  app.post(
    '/get-member-register-verifacation-code/:cellphone',
    {
      config: exempt,
      schema: { response: replies(codeSentSchema), tags, params: cellphoneParams, body: smsCodeRequestSchema },
    },
    async (req) => {
      if (req.body.cellphone !== req.params.cellphone) {
        throw new Invalid(msg.smsCodeMismatch, [{ field: 'cellphone', msg: msg.smsCodeMismatch }]);
      }
      return {
        code: 200,
        msg: msg.smsCodeSent,
        data: await signup.requestSignupCode(ctx, req.params.cellphone, req.ip),
      };
    },
  );
  app.post(
    '/members-signup',
    { config: exempt, schema: { response: created(authAnswerSchema), tags, body: signupSchema } },
    async (req, reply) => {
      const data = await signup.signup(ctx, req.body, meta(req));
      return reply.code(201).send({ code: 201, msg: msg.signupDone, data });
    },
  );
  app.post(
    '/members-forgot-password',
    { config: exempt, schema: { response: replies(codeSentSchema), tags, body: forgotPasswordSchema } },
    async (req) => ({
      code: 200,
      msg: msg.forgotPasswordSent,
      data: await signup.requestPasswordReset(ctx, req.body.account, req.ip),
    }),
  );
  app.post(
    '/members-forgot-password/reset',
    { config: exempt, schema: { response: replies(z.null()), tags, body: resetPasswordSchema } },
    async (req) => {
      await signup.resetPassword(ctx, req.body, req.ip);
      return { code: 200, msg: msg.passwordReset, data: null };
    },
  );
}

/** The member's own two-level downline (spec §6). */
function downlineRoutes(app: ModuleApp, ctx: MembersContext) {
  app.get(
    '/members-find-2-level-by-account/:account',
    { config: member, schema: { response: replies(downlineSchema), tags, params: accountParams } },
    async (req) => ({ code: 200, data: await downline.findTwoLevels(ctx, me(req), req.params.account) }),
  );
  app.get(
    '/members-find-2-level-by-account-with-calc-approve-revenue-bonus/:account',
    {
      config: member,
      schema: { response: replies(downlineBonusSchema), tags, params: accountParams, querystring: bonusMonthQuery },
    },
    async (req) => ({
      code: 200,
      data: await downline.findTwoLevelsWithBonus(ctx, me(req), req.params.account, req.query.month),
    }),
  );
}

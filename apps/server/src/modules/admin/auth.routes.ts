import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg, staffAccountRecordSchema, staffLoginReplySchema, staffLoginSchema } from '@shop/domain';
import { TooManyRequests, Unauthorized } from '../../errors.ts';
import { KNOWN_DEVICE_COOKIE, knownDeviceCookieOptions, knownDeviceId } from '../../http/known-device.ts';
import { LoginThrottle } from '../../http/login-throttle.ts';
import { replies } from '../../http/replies.ts';
import { announceRetryAfter, waitSeconds } from '../../http/retry-after.ts';
import type { ModuleOptions } from '../module-options.ts';
import { currentStaff, noStore } from './request-staff.ts';
import * as session from './staff-session.service.ts';

/** POST /admin/auth, POST /admin/auth/logout, GET /admin/me. */
export const adminAuthRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, config, now, shared }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  // Guessing passwords (ASVS v5 6.3.1) without a lockout of the holder: docs/decisions/037; counted
  // across every process when they share Redis (docs/decisions/063).
  const throttle = new LoginThrottle(undefined, shared.limiters, 'staff-login');
  const deviceCookie = KNOWN_DEVICE_COOKIE.staff.name;
  const deviceCookieOptions = knownDeviceCookieOptions('staff', config.NODE_ENV === 'production');
  announceRetryAfter(base);

  app.post(
    '/admin/auth',
    {
      config: { access: 'exempt' },
      schema: { tags, body: staffLoginSchema, response: replies(staffLoginReplySchema) },
    },
    async (req, reply) => {
      const time = now();
      const at = time.getTime();
      const account = req.body.account;
      const deviceId = knownDeviceId(config.JWT_SECRET, 'staff', account, req.cookies[deviceCookie], time);
      const attempt = await throttle.check(account, req.ip, deviceId, at);
      if (attempt.waitMs > 0) {
        const seconds = waitSeconds(attempt.waitMs);
        throw new TooManyRequests(msg.loginLocked(seconds), seconds);
      }
      try {
        const data = await session.login(db, config, req.body, {
          userAgent: String(req.headers['user-agent'] ?? ''),
          now: time,
        });
        await throttle.succeeded(attempt);
        reply.setCookie(deviceCookie, data.known_device, deviceCookieOptions);
        return noStore(reply).send({ code: 200, data });
      } catch (err) {
        if (err instanceof Unauthorized) {
          const failure = await throttle.failed(attempt, at);
          if (failure.burst) {
            // In the background: an awaited write only for real accounts would tell them apart by timing.
            session
              .recordLoginFailures(db, account, { failures: failure.accountFailures, address: req.ip })
              .catch((auditErr: unknown) => req.log.error({ err: auditErr }, 'login-failures audit row not written'));
          }
        }
        throw err;
      }
    },
  );

  app.post(
    '/admin/auth/logout',
    { config: { access: 'staff' }, schema: { tags, response: replies(z.null()) } },
    async (req, reply) => {
      await session.logout(db, { sid: currentStaff(req).sessionId }, now());
      return noStore(reply).send({ code: 200, data: null });
    },
  );

  app.get(
    '/admin/me',
    { config: { access: 'staff' }, schema: { tags, response: replies(staffAccountRecordSchema) } },
    async (req, reply) => {
      const data = await session.me(db, currentStaff(req).id);
      return noStore(reply).send({ code: 200, data });
    },
  );
};

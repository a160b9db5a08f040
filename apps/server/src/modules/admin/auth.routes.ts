import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffLoginSchema } from '@shop/domain';
import { TooManyRequests, Unauthorized } from '../../errors.ts';
import { FailureLimiter } from '../../http/failure-limiter.ts';
import type { ModuleOptions } from '../index.ts';
import { currentStaff, noStore } from './request-staff.ts';
import * as session from './staff-session.service.ts';

/**
 * Guessing passwords (ASVS v5 6.3.1): 10 failed sign-ins per account and 30 per address in 15 minutes.
 * Only failures count and a success clears the account, so an office sharing one account and one
 * address signs in all day.
 */
export const STAFF_LOGIN_FAILURES_PER_ACCOUNT = { max: 10, windowMs: 15 * 60_000 };
export const STAFF_LOGIN_FAILURES_PER_IP = { max: 30, windowMs: 15 * 60_000 };

/** POST /admin/auth, POST /admin/auth/logout, GET /admin/me. */
export const adminAuthRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, config, now }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const failures = {
    account: new FailureLimiter(STAFF_LOGIN_FAILURES_PER_ACCOUNT),
    ip: new FailureLimiter(STAFF_LOGIN_FAILURES_PER_IP),
  };

  app.post(
    '/admin/auth',
    { config: { access: 'exempt' }, schema: { tags, body: staffLoginSchema } },
    async (req, reply) => {
      const at = now().getTime();
      const account = req.body.account;
      if (failures.account.blockedFor(account, at) || failures.ip.blockedFor(req.ip, at)) {
        throw new TooManyRequests('登入嘗試次數過多，請 15 分鐘後再試');
      }
      try {
        const data = await session.login(db, config, req.body, {
          userAgent: String(req.headers['user-agent'] ?? ''),
          now: now(),
        });
        failures.account.clear(account);
        return noStore(reply).send({ code: 200, data });
      } catch (err) {
        if (err instanceof Unauthorized) {
          failures.account.fail(account, at);
          failures.ip.fail(req.ip, at);
        }
        throw err;
      }
    },
  );

  app.post('/admin/auth/logout', { config: { access: 'staff' }, schema: { tags } }, async (req, reply) => {
    await session.logout(db, { sid: currentStaff(req).sessionId }, now());
    return noStore(reply).send({ code: 200, data: null });
  });

  app.get('/admin/me', { config: { access: 'staff' }, schema: { tags } }, async (req, reply) => {
    const data = await session.me(db, currentStaff(req).id);
    return noStore(reply).send({ code: 200, data });
  });
};

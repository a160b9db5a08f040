import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffLoginSchema } from '@shop/domain';
import { TooManyRequests } from '../../errors.ts';
import type { ModuleOptions } from '../index.ts';
import { currentStaff, noStore } from './request-staff.ts';
import * as session from './staff-session.service.ts';

/** Guessing passwords: 10 tries per account and address per 15 minutes (ASVS v5 6.3.1). */
export const STAFF_LOGIN_RATE_LIMIT = { max: 10, timeWindow: 15 * 60_000 };

/** POST /admin/auth, POST /admin/auth/logout, GET /admin/me. */
export const adminAuthRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { db, config, now }) => {
  await base.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new TooManyRequests('登入嘗試次數過多，請 15 分鐘後再試'),
  });
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  app.post(
    '/admin/auth',
    {
      config: {
        access: 'exempt',
        rateLimit: {
          ...STAFF_LOGIN_RATE_LIMIT,
          // After the body is parsed, so the key can name the account: one busy office IP does not lock everybody out.
          hook: 'preHandler',
          keyGenerator: (req) => `${req.ip}|${String((req.body as { account?: unknown } | undefined)?.account ?? '')}`,
        },
      },
      schema: { tags, body: staffLoginSchema },
    },
    async (req, reply) => {
      const data = await session.login(db, config, req.body, {
        userAgent: String(req.headers['user-agent'] ?? ''),
        now: now(),
      });
      return noStore(reply).send({ code: 200, data });
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

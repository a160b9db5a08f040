import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';

const app = Fastify({ logger: false });
const failures: Record<string, () => Error> = {
  'backend-terminated': () =>
    new DrizzleQueryError(
      'select 1',
      [],
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ),
  'lock-timeout': () => Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }),
  'pool-timeout': () => new Error('timeout exceeded when trying to connect'),
  bug: () => new TypeError("Cannot read properties of undefined (reading 'id') at /srv/app/orders.ts:12"),
};

beforeAll(async () => {
  registerErrorHandling(app);
  app.get('/fail/:kind', async (req) => {
    throw failures[(req.params as { kind: string }).kind]!();
  });
  await app.ready();
});
afterAll(() => app.close());

describe('error handler', () => {
  it.each(['backend-terminated', 'lock-timeout', 'pool-timeout'])(
    'a database that cannot serve (%s) answers 503 with Retry-After in zh-TW',
    async (kind) => {
      const res = await app.inject({ method: 'GET', url: `/fail/${kind}` });
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toEqual({ code: 503, msg: '系統忙碌中，請稍後再試' });
    },
  );

  it('any other failure stays a 500 that shows nothing of the error', async () => {
    const res = await app.inject({ method: 'GET', url: '/fail/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.json()).toEqual({ code: 500, msg: '伺服器發生錯誤，請稍後再試' });
  });
});

import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { readinessCheck } from './readiness.ts';

const dbAnswering = (execute: () => Promise<unknown>) => ({ execute }) as unknown as Db;

let app: ReturnType<typeof Fastify> | undefined;
afterEach(() => app?.close());

async function probe(db: Db) {
  app = Fastify({ logger: false });
  app.get('/healthz', readinessCheck(db, 50));
  return app.inject({ method: 'GET', url: '/healthz' });
}

describe('GET /healthz', () => {
  it('answers 200 when the database answers', async () => {
    const res = await probe(dbAnswering(async () => ({ rows: [{ '?column?': 1 }] })));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it.each([
    [
      'refuses the connection',
      () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ],
    ['does not answer in time', () => new Promise(() => {})],
  ])('answers 503 with Retry-After when the database %s', async (_, execute) => {
    const res = await probe(dbAnswering(execute));
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({ code: 503, msg: '系統忙碌中，請稍後再試' });
  });
});

import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepEventLoopBusy } from '../test/busy-event-loop.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { startStallingProxy, type StallingProxy } from '../test/stalling-proxy.ts';
import { freePort } from '../test/free-port.ts';
import { testRedisUrl } from '../shared-state/test-redis.ts';
import { registerProbes } from './probes.ts';

const dbAnswering = (execute: () => Promise<unknown>) => ({ execute }) as unknown as Db;
const answers = async () => ({ rows: [{ '?column?': 1 }] });
const hangs = () => new Promise(() => {});

let app: ReturnType<typeof Fastify> | undefined;
afterEach(() => app?.close());

async function probe(url: string, db: Db, pingRedis?: () => Promise<unknown>) {
  app = Fastify({ logger: false });
  registerProbes(app, { db, pingRedis, timeoutMs: 50 });
  return app.inject({ method: 'GET', url });
}

describe('GET /readyz and /healthz', () => {
  it.each(['/readyz', '/healthz'])('%s answers 200 JSON, never kept, when the database answers', async (url) => {
    const res = await probe(url, dbAnswering(answers));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it.each([
    [
      'refuses the connection',
      () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ],
    ['does not answer in time', hangs],
  ])('answers 503 with Retry-After when the database %s', async (_, execute) => {
    const res = await probe('/readyz', dbAnswering(execute));
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ code: 503, msg: '系統忙碌中，請稍後再試', status: 'unavailable', database: 'down' });
  });

  it('checks Redis when the shop has one', async () => {
    const up = await probe('/readyz', dbAnswering(answers), async () => 'PONG');
    expect(up.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    await app?.close();
    for (const ping of [() => Promise.reject(new Error("Stream isn't writeable")), hangs]) {
      const down = await probe('/readyz', dbAnswering(answers), ping);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'unavailable', database: 'ok', redis: 'down' });
      await app?.close();
    }
  });
});

describe('GET /livez', () => {
  it('answers 200 without asking the database', async () => {
    let asked = 0;
    const res = await probe(
      '/livez',
      dbAnswering(() => {
        asked++;
        return hangs();
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ok' });
    expect(asked).toBe(0);
  });
});

describe('the probes in the app', () => {
  let t: TestApp;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info', SHED_EVENT_LOOP_DELAY_MS: '200', SHED_IN_FLIGHT: '1' },
      logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
  });
  afterAll(() => t?.close());

  it('answers JSON without credentials, never the storefront page', async () => {
    for (const url of ['/livez', '/readyz', '/healthz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toMatchObject({ status: 'ok' });
    }
  });

  it('keeps the probes out of the info log, but not other requests', async () => {
    lines.length = 0;
    for (const url of ['/livez', '/readyz', '/healthz']) await t.app.inject({ method: 'GET', url });
    expect(lines).toEqual([]);
    await t.guest('GET', '/api/v1/products');
    expect(lines.some((line) => line.msg === 'request completed')).toBe(true);
  });

  it('answers the probes while it turns requests away under load', async () => {
    await keepEventLoopBusy();
    // A list nobody asked for yet: a kept catalogue answer is served however busy the process is.
    const shed = await t.guest('GET', '/api/v1/products?page=1&size=7');
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/); // a 5xx a shopper can quote
    for (const url of ['/livez', '/readyz', '/healthz']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});

describe('the probes with REDIS_URL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.cleanup());

  it('answers ready while Redis answers, and 503 while it does not', async () => {
    const withRedis = await createTestApp({ database, env: { REDIS_URL: testRedisUrl() } });
    try {
      await expect
        .poll(async () => (await withRedis.app.inject({ method: 'GET', url: '/readyz' })).json(), { timeout: 5_000 })
        .toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    } finally {
      await withRedis.close();
    }
    const nobody = await createTestApp({ database, env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } });
    try {
      const res = await nobody.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ database: 'ok', redis: 'down' });
      expect((await nobody.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      await nobody.close();
    }
  });
});

// A stalled network or a hung server: no error, no reset, the connection just goes silent. Only a real
// PostgreSQL server has connections to freeze.
describe.skipIf(!process.env.DATABASE_URL)('a frozen PostgreSQL connection', () => {
  let real: TestDatabase;
  let proxy: StallingProxy;
  let t: TestApp;

  beforeAll(async () => {
    real = await createTestDatabase();
    const target = new URL(real.url!);
    proxy = await startStallingProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(real.url!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const database = await openDatabase({ url: proxied.toString() });
    t = await createTestApp({ database: { ...database, cleanup: () => database.close() } });
  });
  afterAll(async () => {
    proxy?.thaw();
    await t?.close();
    await t?.database.cleanup();
    await proxy?.close();
    await real?.cleanup();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('turns /readyz 503 within 5 s while /livez stays 200, and both answer 200 within 15 s of the thaw', async () => {
    expect((await get('/readyz')).statusCode).toBe(200);
    proxy.freeze();
    try {
      const startedAt = Date.now();
      const frozen = await get('/readyz');
      expect(frozen.statusCode).toBe(503);
      expect(frozen.json()).toMatchObject({ database: 'down' });
      expect(Date.now() - startedAt).toBeLessThan(5_000);
      expect((await get('/livez')).statusCode).toBe(200);
      // A load balancer keeps asking: more probes than the pool has connections, all stuck.
      const more = await Promise.all(Array.from({ length: 12 }, () => get('/readyz')));
      expect(more.map((r) => r.statusCode)).toEqual(Array(12).fill(503));
      expect((await get('/livez')).statusCode).toBe(200);
    } finally {
      proxy.thaw();
    }
    const thawedAt = Date.now();
    await expect.poll(async () => (await get('/readyz')).statusCode, { timeout: 15_000, interval: 200 }).toBe(200);
    expect(Date.now() - thawedAt).toBeLessThan(15_000);
    expect((await get('/livez')).statusCode).toBe(200);
  }, 40_000);

  it('answers 200 again within 15 s when the database comes back but the frozen connections never do', async () => {
    expect((await get('/readyz')).statusCode).toBe(200);
    proxy.freeze();
    const stuck = await Promise.all(Array.from({ length: 12 }, () => get('/readyz')));
    expect(stuck.map((r) => r.statusCode)).toEqual(Array(12).fill(503));
    proxy.abandon();
    const backAt = Date.now();
    await expect.poll(async () => (await get('/readyz')).statusCode, { timeout: 15_000, interval: 200 }).toBe(200);
    expect(Date.now() - backAt).toBeLessThan(15_000);
    expect((await get('/livez')).statusCode).toBe(200);
  }, 40_000);
});

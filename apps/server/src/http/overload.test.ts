import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepEventLoopBusy } from '../test/busy-event-loop.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { OVERLOAD_MSG, registerOverloadShedding } from './overload.ts';

describe('a process whose event loop lags', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SHED_EVENT_LOOP_DELAY_MS: '200' } });
  });
  afterAll(() => t?.close());

  it('answers 503 with Retry-After at once, and still answers liveness', async () => {
    await keepEventLoopBusy();
    const turnedAway = await t.guest('GET', '/api/v1/products');
    expect(turnedAway.statusCode).toBe(503);
    expect(turnedAway.headers['retry-after']).toBe('2');
    expect(turnedAway.json()).toMatchObject({ code: 503, msg: OVERLOAD_MSG });
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
  });
});

describe('requests queued for database connections', () => {
  let waiting = 0;
  const app = Fastify();
  beforeAll(async () => {
    await registerOverloadShedding(app, {
      maxInFlight: 0,
      queueWaitMs: 0,
      maxEventLoopDelayMs: 0,
      maxPoolWaiting: 10,
      poolWaiting: () => waiting,
    });
    app.get('/api/v1/products', async () => ({ ok: true }));
    app.get('/products', async () => 'page');
  });
  afterAll(() => app.close());

  it('turns API requests away while the pool queue is long, and lets them in again after', async () => {
    waiting = 10;
    const busy = await app.inject({ method: 'GET', url: '/api/v1/products' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('2');
    expect(busy.json().msg).toBe(OVERLOAD_MSG);
    // Pages are not counted here: a guest's kept page needs no connection.
    expect((await app.inject({ method: 'GET', url: '/products' })).statusCode).toBe(200);
    waiting = 9;
    expect((await app.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(200);
  });
});

describe('a process with its fill of requests in hand', () => {
  const app = Fastify();
  let base = '';
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let arrived = 0;
  beforeAll(async () => {
    await registerOverloadShedding(app, {
      maxInFlight: 2,
      queueWaitMs: 0,
      maxEventLoopDelayMs: 0,
      maxPoolWaiting: 0,
      poolWaiting: () => 0,
    });
    app.get('/products', async () => {
      arrived++;
      await held;
      return 'page';
    });
    app.get('/livez', async () => 'ok');
    app.get('/assets/entry.js', async () => 'js');
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('turns the next one away at once, answers liveness and files, and takes requests again once one is done', async () => {
    const first = fetch(`${base}/products`);
    const second = fetch(`${base}/products`);
    await expect.poll(() => arrived).toBe(2);
    const third = await fetch(`${base}/products`);
    expect(third.status).toBe(503);
    expect(third.headers.get('retry-after')).toBe('2');
    expect(((await third.json()) as { msg: string }).msg).toBe(OVERLOAD_MSG);
    expect((await fetch(`${base}/livez`)).status).toBe(200);
    expect((await fetch(`${base}/assets/entry.js`)).status).toBe(200);

    release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect((await fetch(`${base}/products`)).status).toBe(200);
  });
});

describe('a process whose requests wait for a turn', () => {
  const app = Fastify();
  let base = '';
  let release: () => void = () => {};
  let held = new Promise<void>((resolve) => (release = resolve));
  let arrived = 0;
  beforeAll(async () => {
    const shedding = await registerOverloadShedding(app, {
      maxInFlight: 1,
      queueWaitMs: 400,
      maxEventLoopDelayMs: 0,
      maxPoolWaiting: 0,
      poolWaiting: () => 0,
    });
    shedding.serveKeptAnswers((req) => req.url === '/kept');
    app.get('/slow', async () => {
      arrived++;
      await held;
      return 'page';
    });
    app.get('/kept', async () => 'kept');
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('serves a waiting request when a turn frees within the wait', async () => {
    const first = fetch(`${base}/slow`);
    await expect.poll(() => arrived).toBe(1);
    const second = fetch(`${base}/slow`);
    setTimeout(release, 100);
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
  });

  it('turns a request away after the wait, with a page a browser shows, and never a kept answer', async () => {
    held = new Promise<void>((resolve) => (release = resolve));
    arrived = 0;
    const first = fetch(`${base}/slow`);
    await expect.poll(() => arrived).toBe(1);
    const started = performance.now();
    const page = await fetch(`${base}/slow`, { headers: { accept: 'text/html' } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(350);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('2');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<meta http-equiv="refresh" content="2">');
    expect((await fetch(`${base}/kept`)).status).toBe(200);
    release();
    expect((await first).status).toBe(200);
    expect(arrived).toBe(1);
  });
});

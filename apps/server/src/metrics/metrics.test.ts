import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { insertOrder, insertProduct, productLine } from '../modules/admin-orders/test-fixtures.ts';
import { jobsRepository } from '../modules/jobs/index.ts';
import { ordersRepository } from '../modules/orders/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { freePort } from '../test/free-port.ts';
import { startProcessMetrics, type MetricsListener } from './index.ts';

let t: TestApp;
let metrics: MetricsListener;
let unique = 0;

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ env: { METRICS_PORT: String(port) } });
  metrics = (await startProcessMetrics(t.config, t.db, { behindPrimary: false }))!;
});
afterAll(async () => {
  await metrics?.close();
  await t?.close();
});

async function scrape(path = '/metrics') {
  const res = await fetch(`http://127.0.0.1:${metrics.port}${path}`);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The value of one series line, e.g. `shop_jobs_queued{kind="x"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the metrics listener', () => {
  it('answers GET /metrics in the Prometheus text format with the shop’s and Node’s series', async () => {
    const kind = `metrics-test-${++unique}-${Date.now()}`;
    const past = new Date(Date.now() - 60_000);
    await jobsRepository.insertJob(t.db, { kind, payload: {}, runAt: past });
    await jobsRepository.insertJob(t.db, { kind, payload: {}, runAt: past });
    await t.guest('GET', '/api/v1/products/999999');

    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'shop_http_request_duration_seconds',
      'shop_page_cache_requests_total',
      'shop_requests_shed_total',
      'shop_orders_placed_total',
      'shop_orders_paid_total',
      'shop_provider_call_duration_seconds',
      'shop_db_pool_in_use',
      'shop_db_pool_waiting',
      'shop_jobs_queued',
      'shop_jobs_oldest_due_seconds',
      'shop_jobs_failed',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(sample(text, `shop_jobs_queued{kind="${kind}"}`)).toBe(2);
    expect(sample(text, `shop_jobs_oldest_due_seconds{kind="${kind}"}`)).toBeGreaterThanOrEqual(59);
    expect(sample(text, `shop_jobs_failed{kind="${kind}"}`)).toBe(0);
    expect(
      sample(
        text,
        'shop_http_request_duration_seconds_count{route="/api/v1/products/:id",method="GET",status_class="4xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  it('answers nothing but /metrics', async () => {
    expect((await scrape('/')).status).toBe(404);
    expect((await scrape('/api/v1/products')).status).toBe(404);
  });

  it('is not on the shop’s port', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('shop_http_request_duration_seconds');
  });

  it('keeps one series for any number of unknown addresses', async () => {
    const before = (await scrape()).text;
    const tag = `nowhere${Date.now()}`;
    for (let i = 0; i < 100; i++) {
      await t.app.inject({ method: 'GET', url: `/${tag}/${Math.random().toString(36).slice(2)}?q=${i}` });
      await t.guest('GET', `/api/v1/${tag}-${i}`);
    }
    const after = (await scrape()).text;
    expect(after).not.toContain(tag);
    const series = (text: string) =>
      new Set(text.split('\n').filter((l) => l.startsWith('shop_http_request_duration_seconds_count')));
    // At most the unmatched route's series for this test's statuses, whatever the addresses were.
    expect(series(after).size - series(before).size).toBeLessThanOrEqual(2);
    expect(
      sample(after, 'shop_http_request_duration_seconds_count{route="unmatched",method="GET",status_class="4xx"}'),
    ).toBeGreaterThanOrEqual(200);
  });
});

describe('METRICS_PORT and METRICS_HOST', () => {
  it('leave the metrics off unless a port is set, and bind loopback', async () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ METRICS_HOST: '127.0.0.1' });
    expect(config.METRICS_PORT).toBeUndefined();
    expect(
      await startProcessMetrics({ METRICS_PORT: 0, METRICS_HOST: '127.0.0.1' }, t.db, { behindPrimary: false }),
    ).toBe(undefined);
  });

  it('refuse a port that is no port', () => {
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });
});

describe('orders paid', () => {
  it('counts an order once when its payment is recorded, not again for a repeated callback', async () => {
    const tea = await insertProduct(t.db, '高山茶', 500, null);
    const order = await insertOrder(t.db, { lines: [productLine(tea, 1)] });
    const paid = async () => sample((await scrape()).text, 'shop_orders_paid_total') ?? 0;
    const before = await paid();
    const markPaid = () =>
      t.db.transaction((tx) =>
        ordersRepository.markPaid(tx, order.id, { tradeNo: 'T1', paidAt: new Date() }, new Date()),
      );
    expect(await markPaid()).toBe(true);
    expect(await markPaid()).toBe(false);
    expect((await paid()) - before).toBe(1);
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerHttpMetrics, statusClass } from './http-metrics.ts';
import { httpRequestDuration } from './shop-metrics.ts';

async function routesSeen(): Promise<Set<string>> {
  return new Set((await httpRequestDuration.get()).values.map((v) => String(v.labels.route)));
}

describe('request timings', () => {
  it('label storefront pages by kind and API calls by pattern, never by address', async () => {
    const app = Fastify({ logger: false });
    registerHttpMetrics(app);
    app.get('/*', async () => 'page');
    app.get('/admin/*', async () => 'back office');
    app.get('/api/v1/things/:id', async () => ({}));
    const tag = `x${Date.now()}`;
    for (let i = 0; i < 50; i++) {
      await app.inject(`/products/${tag}-${i}?utm_source=${i}`);
      await app.inject(`/admin/orders/${tag}-${i}`);
      await app.inject(`/api/v1/things/${tag}-${i}`);
    }
    await app.close();
    const routes = await routesSeen();
    expect(routes).toContain('page');
    expect(routes).toContain('admin page');
    expect(routes).toContain('/api/v1/things/:id');
    expect([...routes].some((r) => r.includes(tag))).toBe(false);
  });

  it.each([
    [200, '2xx'],
    [304, '3xx'],
    [404, '4xx'],
    [503, '5xx'],
    [999, 'other'],
  ])('puts status %i in class %s', (status, label) => {
    expect(statusClass(status)).toBe(label);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('the API contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // issue 15 item 3: every route declares its reply, so /api/docs describes every answer.
  it('describes the reply of every route in /api/docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    };
    const routes: string[] = [];
    const without: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${path}`;
        routes.push(route);
        const described = Object.entries(operation.responses ?? {}).some(
          ([status, response]) => status.startsWith('2') && response.content !== undefined,
        );
        if (!described) without.push(route);
      }
    }
    expect(routes.length).toBeGreaterThan(200);
    expect(without).toEqual([]);
  });
});

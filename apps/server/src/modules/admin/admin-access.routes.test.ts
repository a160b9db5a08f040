// Every back-office endpoint, found in the API's own OpenAPI document, answers the roles as
// decision 010 says: no token and a member token get 401, staff get 403 on the owner's endpoints
// (staff accounts, the audit log, settings), and the owner is never refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const endpoints: { method: string; url: string }[] = [];

/** The endpoints only the owner may call (coupons give money away: decision 061). */
const OWNER_ONLY = /^\/api\/v1\/admin\/(staff|audit-log|settings|coupons)(\/|$)/;
/** Spec §7 write paths the back office uses (their GETs are the public catalogue). */
const SPEC_WRITES = /^\/api\/v1\/(courses|course-types|product-bundles)(\/\{id\})?$/;

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods)) {
      const isAdmin = path.startsWith('/api/v1/admin/') && path !== '/api/v1/admin/auth';
      const isSpecWrite = SPEC_WRITES.test(path) && method !== 'get';
      if (!isAdmin && !isSpecWrite) continue;
      endpoints.push({ method: method.toUpperCase(), url: path.replace(/\{[a-z_]+\}/g, '999999') });
    }
  }
});
afterAll(() => t?.close());

describe('who may call the back office', () => {
  it('finds the whole back-office API in the document', () => {
    expect(endpoints.length).toBeGreaterThan(100);
    expect(endpoints).toContainEqual({ method: 'PUT', url: '/api/v1/admin/settings/shipping' });
    expect(endpoints).toContainEqual({ method: 'DELETE', url: '/api/v1/courses/999999' });
    expect(endpoints).toContainEqual({ method: 'PATCH', url: '/api/v1/admin/products/999999/status' });
  });

  it('refuses a request without a token and one with a member token (401)', async () => {
    const wrong: string[] = [];
    for (const e of endpoints) {
      const anonymous = await t.app.inject({ method: e.method as 'GET', url: e.url });
      const member = await t.asMember(1, e.method as 'GET', e.url, e.method === 'GET' ? undefined : {});
      if (anonymous.statusCode !== 401 || member.statusCode !== 401) {
        wrong.push(`${e.method} ${e.url}: ${anonymous.statusCode}/${member.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses staff the owner’s endpoints (403) and lets them through elsewhere', async () => {
    const wrong: string[] = [];
    for (const e of endpoints) {
      if (e.url.endsWith('/auth/logout')) continue; // would end the test's own session
      const res = await t.asStaff('staff', e.method as 'GET', e.url, e.method === 'GET' ? undefined : {});
      const ownerOnly = OWNER_ONLY.test(e.url);
      const refused = res.statusCode === 401 || res.statusCode === 403;
      if (ownerOnly ? res.statusCode !== 403 : refused) wrong.push(`${e.method} ${e.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('never refuses the owner', async () => {
    const wrong: string[] = [];
    for (const e of endpoints) {
      if (e.url.endsWith('/auth/logout')) continue; // would end the test's own session
      const res = await t.asStaff('owner', e.method as 'GET', e.url, e.method === 'GET' ? undefined : {});
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) {
        wrong.push(`${e.method} ${e.url}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

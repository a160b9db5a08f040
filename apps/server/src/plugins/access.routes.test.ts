// Every registered route, called as an attacker would (issue 19): without credentials, with the
// storefront's guest credential, with a token of the wrong kind, and through encoded and mangled
// spellings of its path. Only routes that declare `public` or `exempt` may answer 2xx; nothing
// answers 500. The routes come from the app itself, so a route added later is covered too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { guestAuthorization, type RouteAccess } from './access.ts';

let t: TestApp;
let guestAuth: string;
let memberAuth: string;
let staffAuth: string;

/** A value for each path parameter the routes use; ids that exist nowhere, so only access matters. */
const PARAM_VALUES: Record<string, string> = {
  phone: '0912345678',
  cellphone: '0912345678',
  account: '0912345678',
  code: 'NOSUCHCODE',
  number: 'A2026000001',
  start: '2026-01-01',
  end: '2026-12-31',
  key: 'site',
  position: '1',
  name: 'x',
  '*': 'no-such-file.png',
};

function concrete(url: string): string {
  return url
    .replace(/:([A-Za-z_]+)/g, (_, name: string) => PARAM_VALUES[name] ?? '999999')
    .replace(/\*$/, PARAM_VALUES['*']!);
}

/** Spellings of `/api/v1/rest` that a router or a proxy might take for the same route. */
function mangled(path: string): string[] {
  const rest = path.slice('/api/v1/'.length);
  const [first, ...others] = rest.split('/');
  const tail = others.length ? `/${others.join('/')}` : '';
  const variants = [
    `/%61pi/v1/${rest}`,
    `/ap%69/v1/${rest}`,
    `/api/%761/${rest}`,
    `/api%2Fv1/${rest}`,
    `/api/v1%2F${rest}`,
    `/api/v1/${first}%2F${others.join('%2F')}`,
    `/api/v1/${encodeURIComponent(first!).replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)}${tail}`,
    `//api/v1/${rest}`,
    `/api//v1/${rest}`,
    `/api/v1//${rest}`,
    `/api/v1/./${rest}`,
    `/api/v1/products/../${rest}`,
    `/api/v1/guest/../${rest}`,
    `/api/v1/guest/%2e%2e/${rest}`,
    `/API/v1/${rest}`,
    `/api/v1/${rest.toUpperCase()}`,
    `/api/v1/${rest}/`,
    `/api/v1/${rest};a=b`,
    `/api/v1/${first};a=b${tail}`,
    `/api/v1/${rest}%00`,
  ];
  return variants;
}

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

async function call(route: RouteAccess, url: string, authorization?: string): Promise<Reply> {
  const options: InjectOptions = { method: route.method as 'GET', url };
  if (authorization) options.headers = { authorization };
  if (!['GET', 'HEAD', 'DELETE'].includes(route.method)) options.payload = {};
  return t.app.inject(options);
}

const OPEN: ReadonlySet<RouteAccess['access']> = new Set(['public', 'exempt']);

beforeAll(async () => {
  t = await createTestApp();
  guestAuth = guestAuthorization(t.config.GUEST_BASIC_USER, t.config.GUEST_BASIC_PASSWORD);
  memberAuth = await t.memberAuthorization(999_999);
  staffAuth = await t.staffAuthorization('staff');
});
afterAll(() => t?.close());

describe('access is decided by the route that runs', () => {
  it('knows every route and its declared access', () => {
    const routes = t.app.routeAccess;
    expect(routes.length).toBeGreaterThan(300);
    expect(routes).toContainEqual({ method: 'GET', url: '/api/v1/admin/orders', access: 'staff' });
    expect(routes).toContainEqual({ method: 'PUT', url: '/api/v1/orders-virtual-account', access: 'owner' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/v1/ecpay-payment/notify', access: 'provider' });
  });

  it('refuses a route that declares no access when the app starts', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerAccessControl } = await import('./access.ts');
    const app = Fastify();
    registerAccessControl(app, { guestUser: 'g', guestPassword: 'p', jwtSecret: 'x'.repeat(32) });
    app.get('/api/v1/forgotten', async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/GET \/api\/v1\/forgotten/);
  });

  it('answers no closed route without credentials, with the guest credential or with the wrong token', async () => {
    const wrong: string[] = [];
    for (const route of t.app.routeAccess) {
      if (OPEN.has(route.access)) continue;
      const url = concrete(route.url);
      const guestUrl = url.replace('/api/v1/', '/api/v1/guest/');
      const attempts: [string, Reply][] = [
        ['anonymous', await call(route, url)],
        ['guest path', await call(route, guestUrl, guestAuth)],
        ['guest credential', await call(route, url, guestAuth)],
      ];
      // A member's token on the back office, a staff token on a member's route, staff on the owner's.
      if (route.access === 'staff' || route.access === 'owner')
        attempts.push(['member', await call(route, url, memberAuth)]);
      if (route.access === 'member') attempts.push(['staff', await call(route, url, staffAuth)]);
      if (route.access === 'owner') attempts.push(['staff', await call(route, url, staffAuth)]);
      for (const [who, reply] of attempts) {
        if (reply.statusCode < 300 || reply.statusCode >= 500) {
          wrong.push(`${route.method} ${route.url} as ${who}: ${reply.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers no closed route through an encoded, doubled, dotted, cased or parameterised path', async () => {
    const wrong: string[] = [];
    let tried = 0;
    for (const route of t.app.routeAccess) {
      // A HEAD route is its GET's twin; the GET is tried.
      if (OPEN.has(route.access) || route.method === 'HEAD' || !route.url.startsWith('/api/v1/')) continue;
      for (const url of mangled(concrete(route.url))) {
        // The guest credential rides along: a mangled path must not count as the guest path either.
        const reply = await call(route, url, guestAuth);
        tried += 1;
        if (reply.statusCode < 300 || reply.statusCode >= 500)
          wrong.push(`${route.method} ${url}: ${reply.statusCode}`);
      }
    }
    expect(tried).toBeGreaterThan(2000);
    expect(wrong).toEqual([]);
  }, 120_000);

  it('refuses the encoded paths of the attack report', async () => {
    for (const url of [
      '/%61pi/v1/admin/orders',
      '/%61pi/v1/admin/members',
      '/%61pi/v1/admin/settings',
      '/%61pi/v1/admin/staff',
      '/%61pi/v1/admin/audit-log',
      '/%61pi/v1/admin/orders/export',
      '/%61pi/v1/admin/contact-messages',
      '/%61pi/v1/admin/dashboard',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: '/%61pi/v1/orders-virtual-account',
      payload: {
        order_number: 'A2026000001',
        virtual_account: '12345678901234',
        virtual_account_bank_code: '812',
        virtual_account_expire_date: '2026-12-31',
      },
    });
    expect(put.statusCode).toBe(401);
  });

  it('still serves the open routes to a guest', async () => {
    const products = await t.guest('GET', '/api/v1/products');
    expect(products.statusCode).toBe(200);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
  });
});

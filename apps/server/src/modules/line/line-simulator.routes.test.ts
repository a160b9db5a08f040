// The LINE simulator (issue 41): `npm start` shows LINE Login and the official account offline. The
// consent page is driven as a browser would: its form's fields, posted back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { lineGateway } from './line-gateway.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { LINE_LOGIN_MODE: 'simulator', LINE_MESSAGING_MODE: 'simulator' } });
});

afterAll(async () => {
  await t?.close();
});

const setCookies = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .map((c) => c.split(';')[0]!)
    .join('; ');

describe('the LINE simulator', () => {
  it('plays LINE’s consent page, records the follow, and answers a code the shop exchanges', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/auth/line?redirect=/member' });
    const location = start.headers.location!;
    expect(location).toMatch(/^\/line-simulator\/oauth2\/v2\.1\/authorize\?/);
    const page = await t.app.inject({ method: 'GET', url: location });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('同意');
    expect(page.body).toContain('加入商店的 LINE 官方帳號好友');
    const fields = [...page.body.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map(
      ([, k, v]): [string, string] => [k!, v!.replace(/&#(\d+);/g, (_m, c: string) => String.fromCharCode(Number(c)))],
    );
    const form = new URLSearchParams([...fields, ['name', '模擬小美'], ['follow', '1'], ['action', 'allow']]);
    const consent = await t.app.inject({
      method: 'POST',
      url: '/line-simulator/consent',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(consent.statusCode).toBe(303);
    expect(consent.headers.location).toMatch(
      /^\/auth\/line\/callback\?state=.+&code=.+&friendship_status_changed=true$/,
    );
    const back = await t.app.inject({
      method: 'GET',
      url: consent.headers.location!,
      headers: { cookie: setCookies(start) },
    });
    expect(back.headers.location).toBe('/login/line?redirect=%2Fmember');
    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/v1/line/pending',
      headers: { cookie: setCookies(back) },
    });
    expect(pending.json().data).toEqual({ display_name: '模擬小美' });
  });

  it('refuses an authorize request that is not the shop’s', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/line-simulator/oauth2/v2.1/authorize?client_id=1' });
    expect(page.statusCode).toBe(400);
  });

  it('keeps pushes in a log page, a repeated retry key answered 409', async () => {
    const push = lineGateway(t.config).messaging!.push;
    const key = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const first = await push.push(`U${'c'.repeat(32)}`, [{ type: 'text', text: '訂單 S0001 已出貨' }], {
      retryKey: key,
    });
    const again = await push.push(`U${'c'.repeat(32)}`, [{ type: 'text', text: '訂單 S0001 已出貨' }], {
      retryKey: key,
    });
    expect(again.messageId).toBe(first.messageId);
    const log = await t.app.inject({ method: 'GET', url: '/line-simulator/push-log' });
    expect(log.body.match(/訂單 S0001 已出貨/g)).toHaveLength(1);
  });
});

describe('with LINE off (the default)', () => {
  it('offers no LINE login, answers 404 to a webhook, and tells the login page so', async () => {
    const off = await createTestApp();
    try {
      const start = await off.app.inject({ method: 'GET', url: '/auth/line?redirect=/cart' });
      expect(start.headers.location).toBe('/login?line_error=off');
      const hook = await off.app.inject({
        method: 'POST',
        url: '/api/v1/line/webhook',
        headers: { 'content-type': 'application/json', 'x-line-signature': 'x' },
        payload: '{"events":[]}',
      });
      expect(hook.statusCode).toBe(404);
      const options = await off.guest('GET', '/api/v1/line/options');
      expect(options.json().data).toEqual({ login_available: false, messaging_available: false });
      expect((await off.app.inject({ method: 'GET', url: '/line-simulator/push-log' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

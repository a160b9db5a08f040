// LINE Login end to end against a stand-in LINE (issue 41): the shop in its production mode talks
// to a server this file starts, over real HTTP.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberLineAccounts, members } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertMember } from '../orders/order-fixtures.ts';
import { signAccessToken } from '../members/index.ts';
import { type LineStandIn, standInEnv, startLineStandIn, STAND_IN_CHANNEL } from './line-stand-in.ts';

let t: TestApp;
let line: LineStandIn;

beforeAll(async () => {
  line = await startLineStandIn();
  t = await createTestApp({ env: standInEnv(line.url) });
});

afterAll(async () => {
  await t?.close();
  await line?.close();
});

let users = 0;
const newLineUser = () => `U${(++users).toString(16).padStart(32, 'a')}`;

/** A cookie header from the Set-Cookie lines of an answer (values only). */
function cookiesOf(res: { headers: Record<string, unknown> }): Record<string, string> {
  const lines = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
  return Object.fromEntries(lines.map((l) => l.split(';')[0]!.split('=')).map(([k, ...v]) => [k!, v.join('=')]));
}
const header = (jar: Record<string, string>) =>
  Object.entries(jar)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** Starts a LINE login (as `cookie`'s member, if any) and answers what LINE's consent page received. */
async function startLogin(redirect = '/member/orders', cookie = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/auth/line?redirect=${encodeURIComponent(redirect)}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(302);
  const to = new URL(res.headers.location!);
  return { res, to, q: to.searchParams, jar: cookiesOf(res) };
}

/** LINE sends the browser back after the user consented as `userId`. */
async function consentAndReturn(
  start: Awaited<ReturnType<typeof startLogin>>,
  userId: string,
  options: { forge?: 'secret' | 'expired'; state?: string; code?: string; extraCookie?: string } = {},
) {
  const code = options.code ?? `code-${userId}-${Math.random()}`;
  if (!options.code) {
    line.codes.set(code, {
      userId,
      name: '林小美',
      nonce: start.q.get('nonce')!,
      challenge: start.q.get('code_challenge')!,
      forge: options.forge,
    });
  }
  const state = options.state ?? start.q.get('state')!;
  const cookie = [header(start.jar), options.extraCookie].filter(Boolean).join('; ');
  return t.app.inject({
    method: 'GET',
    url: `/auth/line/callback?code=${code}&state=${encodeURIComponent(state)}`,
    headers: { cookie },
  });
}

async function linkedMemberOf(userId: string) {
  const [row] = await t.db.select().from(memberLineAccounts).where(eq(memberLineAccounts.lineUserId, userId));
  return row?.memberId ?? null;
}

async function authCookieOf(memberId: number) {
  const token = await signAccessToken(memberId, 'member', { secret: t.config.JWT_SECRET, ttlSeconds: 300 });
  return `web_auth_data=${encodeURIComponent(JSON.stringify({ id: memberId, token: { access_token: token, refresh_token: 'r' } }))}`;
}

describe('GET /auth/line', () => {
  it('sends the browser to LINE with state, nonce and PKCE, kept in an HttpOnly cookie', async () => {
    const { res, to, q } = await startLogin();
    expect(`${to.origin}${to.pathname}`).toBe(`${line.url}/oauth2/v2.1/authorize`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(STAND_IN_CHANNEL.id);
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/auth/line/callback');
    expect(q.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile']));
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('bot_prompt')).toBe('aggressive');
    // 32 random bytes each: far past 128 bits.
    expect(Buffer.from(q.get('state')!, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(q.get('nonce')!, 'base64url').length).toBeGreaterThanOrEqual(16);
    const second = await startLogin();
    expect(second.q.get('state')).not.toBe(q.get('state'));
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^line_login=[^;]+; Max-Age=600; Path=\/auth\/line; HttpOnly; SameSite=Lax/);
    expect(cookie).not.toContain(q.get('state')!); // sealed, not readable
  });

  it.each(['https://evil.example/x', '//evil.example', '/\\evil.example'])('refuses to return to %s', async (bad) => {
    const res = await t.app.inject({ method: 'GET', url: `/auth/line?redirect=${encodeURIComponent(bad)}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?line_error=redirect');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('the callback', () => {
  it('offers an unknown LINE account to be linked, then signs its member in with LINE', async () => {
    const userId = newLineUser();
    const start = await startLogin('/member/orders');
    const res = await consentAndReturn(start, userId);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login/line?redirect=%2Fmember%2Forders');
    const pending = cookiesOf(res).line_pending!;
    expect(String(res.headers['set-cookie'])).toMatch(
      /line_pending=[^;]+; Max-Age=900; Path=\/; HttpOnly; SameSite=Lax/,
    );
    expect(String(res.headers['set-cookie'])).not.toContain('web_auth_data');
    // The exchange LINE received: the code, the verifier and the channel's credentials.
    const form = line.tokenCalls.at(-1)!;
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('redirect_uri')).toBe('http://localhost:3000/auth/line/callback');
    expect(form.get('client_id')).toBe(STAND_IN_CHANNEL.id);

    const seen = await t.app.inject({
      method: 'GET',
      url: '/api/v1/line/pending',
      headers: { cookie: `line_pending=${pending}` },
    });
    expect(seen.json().data).toEqual({ display_name: '林小美' });

    // The member logs in with the password once, and links it.
    const memberId = await insertMember(t.db);
    const linked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/members/${memberId}/line`,
      headers: { authorization: await t.memberAuthorization(memberId), cookie: `line_pending=${pending}` },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data).toMatchObject({ linked: true, display_name: '林小美', following: false });
    expect(await linkedMemberOf(userId)).toBe(memberId);

    // Next time LINE alone signs the member in, with the session of a password login.
    const again = await consentAndReturn(await startLogin('/cart'), userId);
    expect(again.headers.location).toBe('/login/line?redirect=%2Fcart&step=done');
    const jar = cookiesOf(again);
    const auth = JSON.parse(decodeURIComponent(jar.web_auth_data!)) as { id: number; token: { access_token: string } };
    expect(auth.id).toBe(memberId);
    expect(JSON.parse(decodeURIComponent(jar.web_member_data!))).toMatchObject({ id: memberId, name: '王小明' });
    expect(jar.shop_member_device).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/members',
      headers: { authorization: `Bearer ${auth.token.access_token}` },
    });
    expect(me.json().data.id).toBe(memberId);
  });

  it.each<[string, Parameters<typeof consentAndReturn>[2], string]>([
    ['a wrong state', { state: 'not-the-state' }, 'state'],
    ['a forged id_token', { forge: 'secret' }, 'token'],
    ['an expired id_token', { forge: 'expired' }, 'token'],
    ['an unknown code', { code: 'never-issued' }, 'token'],
  ])('refuses %s: back to the login with why, no session, nothing linked', async (_why, options, reason) => {
    const userId = newLineUser();
    const res = await consentAndReturn(await startLogin('/cart'), userId, options);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login?line_error=${reason}&redirect=%2Fcart`);
    expect(String(res.headers['set-cookie'])).not.toMatch(/web_auth_data|line_pending=[^;]/);
    expect(await linkedMemberOf(userId)).toBeNull();
  });

  it('refuses a state used before, and a callback without its cookie', async () => {
    const start = await startLogin('/cart');
    const userId = newLineUser();
    const first = await consentAndReturn(start, userId);
    expect(first.headers.location).toMatch(/^\/login\/line\?/);
    const replay = await consentAndReturn(start, userId);
    expect(replay.headers.location).toBe('/login?line_error=state&redirect=%2Fcart');
    const bare = await t.app.inject({ method: 'GET', url: `/auth/line/callback?code=x&state=${start.q.get('state')}` });
    expect(bare.headers.location).toBe('/login?line_error=state');
  });

  it('says the shopper cancelled when LINE answers access_denied', async () => {
    const start = await startLogin('/cart');
    const res = await t.app.inject({
      method: 'GET',
      url: `/auth/line/callback?error=access_denied&state=${encodeURIComponent(start.q.get('state')!)}`,
      headers: { cookie: header(start.jar) },
    });
    expect(res.headers.location).toBe('/login?line_error=cancelled&redirect=%2Fcart');
  });
});

describe('linking from the member centre', () => {
  it('links the LINE account to the signed-in member, and one LINE account to one member only', async () => {
    const memberId = await insertMember(t.db);
    const userId = newLineUser();
    const start = await startLogin('/member/personal-info', await authCookieOf(memberId));
    const res = await consentAndReturn(start, userId);
    expect(res.headers.location).toBe('/member/personal-info?line=linked');
    expect(await linkedMemberOf(userId)).toBe(memberId);

    const other = await insertMember(t.db);
    const taken = await consentAndReturn(await startLogin('/member/personal-info', await authCookieOf(other)), userId);
    expect(taken.headers.location).toBe('/member/personal-info?line_error=taken');
    expect(await linkedMemberOf(userId)).toBe(memberId);
  });

  it('asks for a reload when the page’s session has expired', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/line?redirect=/member',
      headers: {
        cookie: `web_auth_data=${encodeURIComponent(JSON.stringify({ id: 1, token: { access_token: 'expired' } }))}`,
      },
    });
    expect(res.headers.location).toBe('/member?line_error=session');
  });

  it('unlinks, chooses SMS, refuses another member, and keeps LINE while it is the only way in', async () => {
    const memberId = await insertMember(t.db);
    await consentAndReturn(await startLogin('/member', await authCookieOf(memberId)), newLineUser());
    const chosen = await t.asMember(memberId, 'PUT', `/api/v1/members/${memberId}/line`, { order_messages_by: 'sms' });
    expect(chosen.json().data.order_messages_by).toBe('sms');
    const bad = await t.asMember(memberId, 'PUT', `/api/v1/members/${memberId}/line`, { order_messages_by: 'fax' });
    expect(bad.statusCode).toBe(400);
    const stranger = await insertMember(t.db);
    expect((await t.asMember(stranger, 'GET', `/api/v1/members/${memberId}/line`)).statusCode).toBe(403);
    expect((await t.asMember(stranger, 'DELETE', `/api/v1/members/${memberId}/line`)).statusCode).toBe(403);

    await t.db.update(members).set({ passwordHash: '' }).where(eq(members.id, memberId));
    const refused = await t.asMember(memberId, 'DELETE', `/api/v1/members/${memberId}/line`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain('尚未設定密碼');
    await t.db.update(members).set({ passwordHash: 'a-hash' }).where(eq(members.id, memberId));
    const unlinked = await t.asMember(memberId, 'DELETE', `/api/v1/members/${memberId}/line`);
    expect(unlinked.json().data).toMatchObject({ linked: false });
  });

  it('refuses to link without a pending LINE account', async () => {
    const memberId = await insertMember(t.db);
    const res = await t.asMember(memberId, 'POST', `/api/v1/members/${memberId}/line`);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('LINE 綁定已逾時，請重新以 LINE 登入');
  });
});

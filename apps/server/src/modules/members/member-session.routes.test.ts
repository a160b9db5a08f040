import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { Status, msg } from '@shop/domain';
import { members, refreshTokens } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signAccessToken } from './access-token.ts';
import { PASSWORD, addLevel, addMember, call, login } from './member-fixtures.ts';
import { LOGIN_LIMIT_RULES } from '../../http/login-throttle.ts';
import { passwordHashing } from './hashing-gate.ts';
import { ARGON2_OPTIONS, prepareDummyHash } from './password.ts';

const DAY = 86_400_000;
let clock = new Date('2026-06-01T04:00:00Z');
let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const level = await addLevel(t, '金卡會員', 10_000, 'gold');
  ids.ming = await addMember(t, '0911111111', { name: '王小明', memberLevelId: level });
  ids.mei = await addMember(t, '0922222222', { name: '林美玲' });
  ids.sleepy = await addMember(t, '0944444444', { status: Status.InActive });
  ids.locked = await addMember(t, '0955555555');
  ids.rotor = await addMember(t, '0966666666');
});

afterAll(() => t?.close());

const auth = (payload: unknown, ip?: string, device?: string) =>
  call(t, 'POST', '/api/v1/members/auth', payload, {
    ip,
    ...(device ? { headers: { cookie: `shop_member_device=${device}` } } : {}),
  });
const { perAccountAtAddress, perAddress, perAccount } = LOGIN_LIMIT_RULES;
/** The known-device token a login answer keeps in this browser's cookie. */
function deviceOf(res: Awaited<ReturnType<typeof auth>>): string {
  const cookie = String(res.headers['set-cookie']);
  return /shop_member_device=([^;]+)/.exec(cookie)![1]!;
}
/** Moves the app's clock on by `ms`. */
const wait = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const refresh = (token: string) => call(t, 'POST', '/api/v1/members/auth/refresh', { refresh_token: token });

describe('POST /members/auth', () => {
  it('answers auth data {id, token} plus the member, never a hash, and no-store', async () => {
    const res = await auth({ account: '0911111111', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(data.id).toBe(ids.ming);
    expect(data.token.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(data.token.refresh_token).toMatch(/^[\w-]{43}$/);
    expect(data.member).toMatchObject({
      id: ids.ming,
      account: '0911111111',
      name: '王小明',
      member_level: { name: '金卡會員', pic: 'levels/10000.webp', style_class: 'gold' },
      member_bonus: { bonus: 0, tmp_bonus: 0, coupon: 0, point: 0 },
    });
    expect(res.body).not.toMatch(/argon2|password/i);
  });

  it('gives a token that opens the member routes', async () => {
    const { id, token } = await login(t, '0911111111');
    const res = await call(t, 'GET', `/api/v1/members/${id}`, undefined, { token: token.access_token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('王小明');
  });

  it('answers the same 401 for a wrong password, an unknown account and an inactive one', async () => {
    const bodies = await Promise.all([
      auth({ account: '0922222222', password: 'wrong-password' }, '10.0.0.1'),
      auth({ account: '0900000000', password: PASSWORD }, '10.0.0.1'),
      auth({ account: '0944444444', password: PASSWORD }, '10.0.0.1'),
    ]);
    for (const res of bodies) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, msg: msg.loginFailed });
    }
  });

  it('does the same argon2 work for an unknown account as for a wrong password (no enumeration by timing)', async () => {
    // Counted, not timed: a timing assertion would follow the machine's load, not the code.
    const hashing = vi.spyOn(passwordHashing, 'run');
    try {
      const wrong = await auth({ account: '0922222222', password: 'not-the-password' }, '10.0.0.2');
      const wrongRuns = hashing.mock.calls.length;
      const unknown = await auth({ account: '0900000001', password: 'not-the-password' }, '10.0.0.2');
      expect(wrongRuns).toBe(1);
      expect(hashing.mock.calls.length - wrongRuns).toBe(1);
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(unknown.json()).toEqual(wrong.json());
    } finally {
      hashing.mockRestore();
    }
    // The stand-in hash an unknown account is checked against costs what a member's hash costs.
    expect(await prepareDummyHash()).toContain(`m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost}`);
  });

  it('keeps the known device in an HttpOnly cookie sent only to the login call, never in the answer', async () => {
    const res = await auth({ account: '0911111111', password: PASSWORD }, '10.0.9.1');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^shop_member_device=[\w-]{22}\.\d+\.[\w-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/v1\/members\/auth/);
    expect(res.body).not.toContain(deviceOf(res));
  });

  it('a stranger guessing from many addresses cannot lock the member out of a device used before', async () => {
    const device = deviceOf(await auth({ account: '0955555555', password: PASSWORD }, '10.1.9.9'));
    const attackers = ['10.1.0.1', '10.1.0.2', '10.1.0.3'];
    const statuses: number[] = [];
    for (let i = 0; i < perAccount.max + 2; i++) {
      if (i > 0) wait(10_000); // past each growing delay, so every guess is checked
      statuses.push((await auth({ account: '0955555555', password: `guess-${i}` }, attackers[i % 3])).statusCode);
    }
    expect(statuses).toEqual(Array(perAccount.max + 2).fill(401));

    const fromAttacker = await auth({ account: '0955555555', password: PASSWORD }, attackers[0]);
    expect(fromAttacker.statusCode).toBe(429);
    expect(fromAttacker.headers['retry-after']).toBe('4');
    expect(fromAttacker.json()).toEqual({ code: 429, msg: msg.loginLocked(4) });
    expect((await auth({ account: '0955555555', password: PASSWORD }, '10.1.9.9', device)).statusCode).toBe(200);
    // A device token of another member proves nothing here.
    const other = deviceOf(await auth({ account: '0922222222', password: PASSWORD }, '10.1.9.9'));
    expect((await auth({ account: '0955555555', password: PASSWORD }, '10.1.9.9', other)).statusCode).toBe(429);
    // Unknown devices only wait; other accounts are not affected at all.
    wait(4_000);
    expect((await auth({ account: '0955555555', password: PASSWORD }, '10.1.8.8')).statusCode).toBe(200);
    expect((await auth({ account: '0922222222', password: PASSWORD }, attackers[0])).statusCode).toBe(200);
  });

  it(`blocks the guessing address after ${perAccountAtAddress.max} wrong passwords for 15 minutes`, async () => {
    await addMember(t, '0955555500');
    for (let i = 0; i < perAccountAtAddress.max; i++) {
      expect((await auth({ account: '0955555500', password: `guess-${i}` }, '10.1.1.1')).statusCode).toBe(401);
    }
    const blocked = await auth({ account: '0955555500', password: PASSWORD }, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe(String(15 * 60));
    expect(blocked.json().msg).toBe('登入失敗次數過多，請 15 分鐘後再試');
    wait(perAccount.backoff.firstMs);
    expect((await auth({ account: '0955555500', password: PASSWORD }, '10.1.1.2')).statusCode).toBe(200);
    expect((await auth({ account: '0955555500', password: PASSWORD }, '10.1.1.1')).statusCode).toBe(429);
  });

  it(`blocks an address after ${perAddress.max} failures over many accounts`, async () => {
    for (let i = 0; i < perAddress.max; i++) {
      await auth({ account: `09870000${String(i).padStart(2, '0')}`, password: 'spray-password' }, '10.2.0.1');
    }
    const res = await auth({ account: '0922222222', password: PASSWORD }, '10.2.0.1');
    expect(res.statusCode).toBe(429);
    expect((await auth({ account: '0922222222', password: PASSWORD }, '10.2.0.2')).statusCode).toBe(200);
  });

  it('re-hashes a password stored with older argon2 parameters at the next login', async () => {
    const { hash } = await import('@node-rs/argon2');
    const old = await hash(PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const id = await addMember(t, '0977777777');
    await t.db.update(members).set({ passwordHash: old }).where(eq(members.id, id));
    await login(t, '0977777777');
    const [row] = await t.db.select({ h: members.passwordHash }).from(members).where(eq(members.id, id));
    expect(row!.h).toContain(`m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost}`);
    await login(t, '0977777777'); // still the same password
  });

  it.each<[string, unknown, string]>([
    ['a malformed mobile number', { account: '12345', password: PASSWORD }, 'account'],
    ['a missing password', { account: '0911111111' }, 'password'],
    ['an unknown field', { account: '0911111111', password: PASSWORD, is_admin: true }, 'body'],
    ['a 10 kB password', { account: '0911111111', password: 'x'.repeat(10_240) }, 'password'],
  ])('answers 400 with a zh-TW field error for %s', async (_name, body, field) => {
    const res = await auth(body, '10.3.0.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe('access tokens', () => {
  it.each<[string, () => Promise<string>]>([
    ['expired', () => signAccessToken(ids.ming!, 'member', { secret: t.config.JWT_SECRET, ttlSeconds: -60 })],
    [
      'signed with another key',
      () => signAccessToken(ids.ming!, 'member', { secret: 'x'.repeat(40), ttlSeconds: 300 }),
    ],
    ['a staff token', () => signAccessToken(ids.ming!, 'staff', { secret: t.config.JWT_SECRET, ttlSeconds: 300 })],
    ['garbage', async () => 'not.a.jwt'],
  ])('answer 401 「token驗證失敗」 when %s', async (_name, make) => {
    const res = await call(t, 'GET', `/api/v1/members/${ids.ming}`, undefined, { token: await make() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, msg: 'token驗證失敗' });
  });

  it('of a member deactivated since answer 401 「token驗證失敗」', async () => {
    const res = await t.asMember(ids.sleepy!, 'GET', `/api/v1/members/${ids.sleepy}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('token驗證失敗');
  });

  it('last ACCESS_TOKEN_TTL_SECONDS', async () => {
    const { token } = await login(t, '0911111111');
    const [, payload] = token.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
      iat: number;
      exp: number;
      aud: string;
    };
    expect(claims.exp - claims.iat).toBe(t.config.ACCESS_TOKEN_TTL_SECONDS);
    expect(claims.aud).toBe('member');
  });
});

describe('POST /members/auth/refresh', () => {
  it('rotates: a new pair of the same family, the old refresh token spent', async () => {
    const first = await login(t, '0966666666');
    const res = await refresh(first.token.refresh_token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const next = res.json().data;
    expect(Object.keys(next).sort()).toEqual(['access_token', 'refresh_token']);
    expect(next.refresh_token).not.toBe(first.token.refresh_token);
    const me = await call(t, 'GET', '/api/v1/members', undefined, { token: next.access_token });
    expect(me.json().data.id).toBe(ids.rotor);
    // And the new one rotates again.
    expect((await refresh(next.refresh_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a spent refresh token comes back (theft)', async () => {
    const first = await login(t, '0966666666');
    const other = await login(t, '0966666666'); // another browser: its own family
    const rotated = (await refresh(first.token.refresh_token)).json().data;
    const reuse = await refresh(first.token.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ code: 401, msg: msg.sessionExpired });
    // The thief's or the owner's newer token is dead too…
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    // …but the other browser's login lives on.
    expect((await refresh(other.token.refresh_token)).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous uses win, and treats the other as reuse', async () => {
    const first = await login(t, '0966666666');
    const answers = await Promise.all([refresh(first.token.refresh_token), refresh(first.token.refresh_token)]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 401]);
    const winner = answers.find((r) => r.statusCode === 200)!.json().data;
    expect((await refresh(winner.refresh_token)).statusCode).toBe(401);
  });

  it('expires after REFRESH_TOKEN_IDLE_DAYS unused', async () => {
    const { token } = await login(t, '0966666666');
    const saved = clock;
    clock = new Date(saved.getTime() + (t.config.REFRESH_TOKEN_IDLE_DAYS + 0.01) * DAY);
    try {
      expect((await refresh(token.refresh_token)).statusCode).toBe(401);
    } finally {
      clock = saved;
    }
  });

  it('never outlives REFRESH_TOKEN_TTL_DAYS, however often it rotates', async () => {
    let { refresh_token } = (await login(t, '0966666666')).token;
    const saved = clock;
    try {
      const step = (t.config.REFRESH_TOKEN_IDLE_DAYS - 1) * DAY;
      while (clock.getTime() + step < saved.getTime() + t.config.REFRESH_TOKEN_TTL_DAYS * DAY) {
        clock = new Date(clock.getTime() + step);
        const res = await refresh(refresh_token);
        expect(res.statusCode).toBe(200);
        refresh_token = res.json().data.refresh_token;
      }
      clock = new Date(saved.getTime() + t.config.REFRESH_TOKEN_TTL_DAYS * DAY + 1000);
      expect((await refresh(refresh_token)).statusCode).toBe(401);
    } finally {
      clock = saved;
    }
  });

  it('refuses the token of a member deactivated since', async () => {
    const id = await addMember(t, '0988888888');
    const { token } = await login(t, '0988888888');
    await t.db.update(members).set({ status: Status.InActive }).where(eq(members.id, id));
    expect((await refresh(token.refresh_token)).statusCode).toBe(401);
  });

  it.each<[string, unknown, number]>([
    ['an unknown token', { refresh_token: 'A'.repeat(43) }, 401],
    ['no token', {}, 400],
    ['an unknown field', { refresh_token: 'A'.repeat(43), id: 1 }, 400],
    ['a 10 kB token', { refresh_token: 'A'.repeat(10_240) }, 400],
  ])('answers %s with %i', async (_name, body, status) => {
    const res = await call(t, 'POST', '/api/v1/members/auth/refresh', body);
    expect(res.statusCode).toBe(status);
  });

  it('stores only the SHA-256 of refresh tokens', async () => {
    const { token } = await login(t, '0966666666');
    const rows = await t.db.select({ h: refreshTokens.tokenHash }).from(refreshTokens);
    expect(rows.some((r) => r.h.includes(token.refresh_token))).toBe(false);
  });
});

describe('POST /members/auth/logout', () => {
  it('revokes this login on the server, other logins stay', async () => {
    const here = await login(t, '0922222222');
    const there = await login(t, '0922222222');
    const res = await call(t, 'POST', '/api/v1/members/auth/logout', { refresh_token: here.token.refresh_token });
    expect(res.statusCode).toBe(200);
    expect((await refresh(here.token.refresh_token)).statusCode).toBe(401);
    expect((await refresh(there.token.refresh_token)).statusCode).toBe(200);
  });

  it('works without a valid access token and says nothing about unknown tokens', async () => {
    const res = await call(
      t,
      'POST',
      '/api/v1/members/auth/logout',
      { refresh_token: 'B'.repeat(43) },
      { token: 'expired.or.garbage' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, data: null });
  });
});

describe('housekeeping', () => {
  it('deletes refresh tokens of families that ended more than a day ago, keeps live ones', async () => {
    const { sweepExpiredSessions } = await import('./member-session.service.ts');
    const live = await login(t, '0922222222');
    const gone = await login(t, '0922222222');
    await call(t, 'POST', '/api/v1/members/auth/logout', { refresh_token: gone.token.refresh_token });
    await sweepExpiredSessions(t.db, new Date(clock.getTime() + 2 * DAY));
    const hashes = (await t.db.select({ h: refreshTokens.tokenHash }).from(refreshTokens)).map((r) => r.h);
    const { hashRefreshToken } = await import('./refresh-token.ts');
    expect(hashes).toContain(hashRefreshToken(live.token.refresh_token));
    expect(hashes).not.toContain(hashRefreshToken(gone.token.refresh_token));
  });
});

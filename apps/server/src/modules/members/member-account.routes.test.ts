import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Gender, msg } from '@shop/domain';
import { memberBonus, members } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { PASSWORD, addLevel, addMember, call, login } from './member-fixtures.ts';
import { MEMBER_LOOKUPS_PER_IP } from './routes.ts';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const level = await addLevel(t, '銀卡會員', 5_000, 'silver');
  ids.ming = await addMember(t, '0911111111', {
    name: '王小明',
    memberLevelId: level,
    city: '臺北市',
    area: '大安區',
    address: '忠孝東路四段 100 號',
    email: 'ming@example.tw',
  });
  await t.db
    .update(memberBonus)
    .set({ bonus: 120, tmpBonus: 30, coupon: 200, point: 7 })
    .where(eq(memberBonus.memberId, ids.ming));
  ids.mei = await addMember(t, '0922222222', {
    name: '林美玲',
    isInternetCelebrity: true,
    internetCelebrityCode: 'MEIKOL',
  });
  ids.pw = await addMember(t, '0933333333', { name: '陳大文' });
});

afterAll(() => t?.close());

const row = async (id: number) => (await t.db.select().from(members).where(eq(members.id, id)))[0]!;

describe('GET /members/{id} and GET /members', () => {
  it('answers the member with level and balances, no-store, never a hash', async () => {
    const res = await t.asMember(ids.ming!, 'GET', `/api/v1/members/${ids.ming}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual({
      id: ids.ming,
      account: '0911111111',
      name: '王小明',
      cell_phone: '0911111111',
      gender: Gender.MALE,
      city: '臺北市',
      area: '大安區',
      address: '忠孝東路四段 100 號',
      avatar: '',
      email: 'ming@example.tw',
      cart_reminders: true,
      is_internet_celebrity: false,
      internet_celebrity_code: null,
      member_level: { name: '銀卡會員', pic: 'levels/5000.webp', style_class: 'silver', bonus_rate: 0 },
      member_bonus: { bonus: 120, tmp_bonus: 30, coupon: 200, tmp_coupon: 0, charlotte_coin: 0, point: 7 },
      created_at: expect.any(String),
    });
    expect(res.body).not.toMatch(/argon2|password|token/i);
  });

  it('gives an influencer their code', async () => {
    const res = await t.asMember(ids.mei!, 'GET', '/api/v1/members');
    expect(res.json().data).toMatchObject({
      id: ids.mei,
      is_internet_celebrity: true,
      internet_celebrity_code: 'MEIKOL',
    });
  });

  it("answers 403 for another member's id", async () => {
    const res = await t.asMember(ids.ming!, 'GET', `/api/v1/members/${ids.mei}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, msg: msg.forbidden });
  });

  it('answers 401 to guests, also on the guest path', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/members/${ids.ming}` })).statusCode).toBe(401);
    expect((await t.guest('GET', `/api/v1/members/${ids.ming}`)).statusCode).toBe(401);
    expect((await t.guest('GET', '/api/v1/members')).statusCode).toBe(401);
  });

  it.each(['abc', '0', '-1', '99999999999'])('answers 400 for the id %s', async (id) => {
    expect((await t.asMember(ids.ming!, 'GET', `/api/v1/members/${id}`)).statusCode).toBe(400);
  });
});

describe('PUT /members/{id}', () => {
  const put = (as: number, id: number, body: unknown) => t.asMember(as, 'PUT', `/api/v1/members/${id}`, body);

  it('changes name, gender and address; place names in their official spelling', async () => {
    const res = await put(ids.ming!, ids.ming!, {
      id: ids.ming,
      name: ' 王大明 ',
      gender: Gender.FEMALE,
      city: '台中市',
      area: '西屯區',
      address: '臺灣大道三段 99 號',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ code: 200, msg: msg.profileSaved });
    expect(res.json().data).toMatchObject({
      name: '王大明',
      gender: Gender.FEMALE,
      city: '臺中市',
      area: '西屯區',
      address: '臺灣大道三段 99 號',
    });
    expect(await row(ids.ming!)).toMatchObject({ name: '王大明', city: '臺中市', area: '西屯區' });
  });

  it('keeps omitted fields, and a new city without a district clears the old district', async () => {
    await put(ids.ming!, ids.ming!, { name: '王小明', city: '臺北市', area: '大安區', address: '忠孝東路 1 號' });
    expect((await put(ids.ming!, ids.ming!, { name: '王小明' })).json().data).toMatchObject({
      city: '臺北市',
      area: '大安區',
      address: '忠孝東路 1 號',
    });
    expect((await put(ids.ming!, ids.ming!, { name: '王小明', city: '高雄市' })).json().data).toMatchObject({
      city: '高雄市',
      area: '',
    });
  });

  it('sets, keeps and removes the email order messages go to (issue 17 item 4)', async () => {
    const set = await put(ids.pw!, ids.pw!, { name: '陳大文', email: ' dawen@example.tw ' });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.email).toBe('dawen@example.tw');
    expect((await put(ids.pw!, ids.pw!, { name: '陳大文' })).json().data.email).toBe('dawen@example.tw');
    expect((await put(ids.pw!, ids.pw!, { name: '陳大文', email: '' })).json().data.email).toBeNull();
  });

  it('answers a malformed email with the zh-TW message on its field', async () => {
    const res = await put(ids.ming!, ids.ming!, { name: '王小明', email: 'ming@' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'email', msg: '請輸入正確的 Email 格式' }]);
  });

  it.each<[string, () => Promise<{ statusCode: number; body: string }>, number]>([
    ["another member's id in the path", () => put(ids.ming!, ids.mei!, { name: '駭客' }), 403],
    ["another member's id in the body", () => put(ids.ming!, ids.ming!, { id: ids.mei, name: '駭客' }), 403],
    ['a 10 kB name', () => put(ids.ming!, ids.ming!, { name: '名'.repeat(10_240) }), 400],
    ['an empty name', () => put(ids.ming!, ids.ming!, { name: '  ' }), 400],
    ['an unknown field (level)', () => put(ids.ming!, ids.ming!, { name: '駭客', member_level_id: 9 }), 400],
    [
      'an unknown field (influencer)',
      () => put(ids.ming!, ids.ming!, { name: '駭客', is_internet_celebrity: true }),
      400,
    ],
    ['a password field', () => put(ids.ming!, ids.ming!, { name: '駭客', password: 'x'.repeat(10) }), 400],
    [
      'a district of another city',
      () => put(ids.ming!, ids.ming!, { name: '駭客', city: '臺北市', area: '西屯區' }),
      400,
    ],
    ['gender 3', () => put(ids.ming!, ids.ming!, { name: '駭客', gender: 3 }), 400],
    ['a 10 kB address', () => put(ids.ming!, ids.ming!, { name: '駭客', address: '路'.repeat(10_240) }), 400],
    ['a 10 kB email', () => put(ids.ming!, ids.ming!, { name: '駭客', email: `${'a'.repeat(10_240)}@x.tw` }), 400],
  ])('refuses %s and changes nothing', async (_name, send, status) => {
    const before = await row(ids.ming!);
    const beforeMei = await row(ids.mei!);
    const res = await send();
    expect(res.statusCode).toBe(status);
    expect(JSON.parse(res.body).msg).toMatch(/[\u4e00-\u9fff]/);
    expect(await row(ids.ming!)).toEqual(before);
    expect(await row(ids.mei!)).toEqual(beforeMei);
  });
});

describe('PUT /members/{id}/password', () => {
  const change = (id: number, body: unknown, as = ids.pw!) =>
    t.asMember(as, 'PUT', `/api/v1/members/${id}/password`, body);

  it('needs the current password', async () => {
    const res = await change(ids.pw!, { old_password: 'not-my-password', password: 'NewSecret456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      msg: msg.currentPasswordWrong,
      errors: [{ field: 'old_password', msg: msg.currentPasswordWrong }],
    });
    await login(t, '0933333333'); // unchanged
  });

  it.each<[string, unknown, string]>([
    ['a 7-character password', { old_password: PASSWORD, password: 'Abc1234' }, msg.passwordLength],
    ['the same password again', { old_password: PASSWORD, password: PASSWORD }, msg.passwordSameAsOld],
    ['an unknown field', { old_password: PASSWORD, password: 'NewSecret456', account: '0911111111' }, msg.badRequest],
  ])('refuses %s', async (_name, body, message) => {
    const res = await change(ids.pw!, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it("answers 403 for another member's id, in the path or the body", async () => {
    expect((await change(ids.ming!, { old_password: PASSWORD, password: 'NewSecret456' })).statusCode).toBe(403);
    expect((await change(ids.pw!, { id: ids.ming, old_password: PASSWORD, password: 'NewSecret456' })).statusCode).toBe(
      403,
    );
  });

  it('sets the new password, ends every other login and keeps this browser logged in', async () => {
    const elsewhere = await login(t, '0933333333');
    const res = await change(ids.pw!, { id: ids.pw, old_password: PASSWORD, password: 'NewSecret456' });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(msg.passwordChanged);
    const fresh = res.json().data;
    expect(fresh.id).toBe(ids.pw);
    const refreshOld = await call(t, 'POST', '/api/v1/members/auth/refresh', {
      refresh_token: elsewhere.token.refresh_token,
    });
    expect(refreshOld.statusCode).toBe(401);
    const refreshNew = await call(t, 'POST', '/api/v1/members/auth/refresh', {
      refresh_token: fresh.token.refresh_token,
    });
    expect(refreshNew.statusCode).toBe(200);
    expect(
      (await call(t, 'POST', '/api/v1/members/auth', { account: '0933333333', password: PASSWORD })).statusCode,
    ).toBe(401);
    await login(t, '0933333333', 'NewSecret456');
  });
});

describe('POST /members-exist and GET /members-hidden-name-by-account/{account}', () => {
  it('tell whether a number is registered, to guests and members', async () => {
    expect((await t.guest('POST', '/api/v1/members-exist', { account: '0911111111' })).json()).toEqual({
      code: 200,
      data: { exist: true },
    });
    expect((await t.guest('POST', '/api/v1/members-exist', { account: '0900000000' })).json().data).toEqual({
      exist: false,
    });
    expect(
      (await t.asMember(ids.mei!, 'POST', '/api/v1/members-exist', { account: '0922222222' })).json().data,
    ).toEqual({
      exist: true,
    });
  });

  it('mask the name (王*明) and never show more', async () => {
    const res = await t.guest('GET', '/api/v1/members-hidden-name-by-account/0922222222');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, data: { name: '林*玲' } });
  });

  it('answer 404 for an unknown number', async () => {
    const res = await t.guest('GET', '/api/v1/members-hidden-name-by-account/0900000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(msg.memberNotFound);
  });

  it.each([
    ['POST', '/api/v1/members-exist', { account: '12345' }],
    ['POST', '/api/v1/members-exist', { account: '0911111111', extra: 1 }],
    ['GET', '/api/v1/members-hidden-name-by-account/09111', undefined],
    ['GET', `/api/v1/members-hidden-name-by-account/${encodeURIComponent("' OR 1=1")}`, undefined],
  ] as const)('answer 400 for bad input (%s %s)', async (method, url, body) => {
    expect((await t.guest(method, url, body)).statusCode).toBe(400);
  });

  it('need the guest credential or a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest/members-exist',
      payload: { account: '0911111111' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('are limited per address, so nobody walks the number space through them; other addresses still get answers', async () => {
    const guestAuth = `Basic ${Buffer.from(`${t.config.GUEST_BASIC_USER}:${t.config.GUEST_BASIC_PASSWORD}`).toString('base64')}`;
    const lookUp = (i: number, remoteAddress: string) =>
      i % 2 === 0
        ? t.app.inject({
            method: 'POST',
            url: '/api/v1/guest/members-exist',
            remoteAddress,
            headers: { authorization: guestAuth },
            payload: { account: `09${String(10_000_000 + i)}` },
          })
        : t.app.inject({
            method: 'GET',
            url: `/api/v1/guest/members-hidden-name-by-account/09${String(10_000_000 + i)}`,
            remoteAddress,
            headers: { authorization: guestAuth },
          });
    const statuses: number[] = [];
    for (let i = 0; i < MEMBER_LOOKUPS_PER_IP.max; i++) statuses.push((await lookUp(i, '10.9.9.9')).statusCode);
    // Both look-ups draw on one count: members-exist answers 200, an unknown number's masked name 404.
    expect(statuses.every((s) => s === 200 || s === 404)).toBe(true);

    const refused = await lookUp(0, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    // The window began with the first look-up, a moment ago on the real clock.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(MEMBER_LOOKUPS_PER_IP.windowMs / 1000 - 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(MEMBER_LOOKUPS_PER_IP.windowMs / 1000);
    expect(refused.json()).toEqual({ code: 429, msg: '查詢次數過多，請 10 分鐘後再試' });
    expect((await lookUp(1, '10.9.9.9')).statusCode).toBe(429);
    expect((await lookUp(0, '10.9.9.10')).statusCode).toBe(200);
  });
});

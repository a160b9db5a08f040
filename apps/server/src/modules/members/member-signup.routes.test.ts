import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg } from '@shop/domain';
import { memberBonus, members, verificationCodes } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { PASSWORD, addLevel, addMember, call, lastCode, login, smsLog } from './member-fixtures.ts';
import { SMS_CODE_RULES } from './verification-code.service.ts';

const SECOND = 1000;
let clock = new Date('2026-06-01T04:00:00Z');
const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
let t: TestApp;
const ids: Record<string, number> = {};
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    env: { LOG_LEVEL: 'debug' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  ids.entry = await addLevel(t, '一般會員', 0);
  await addLevel(t, '金卡會員', 20_000);
  ids.ming = await addMember(t, '0911111111', { name: '王小明' });
  ids.mei = await addMember(t, '0922222222', {
    name: '林美玲',
    isInternetCelebrity: true,
    internetCelebrityCode: 'MEIKOL',
  });
});

afterAll(() => t?.close());

let ipSeq = 0;
/** Each test asks from its own address so the per-IP limits of one test do not leak into another. */
const freshIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const askCode = (cellphone: string, ip = freshIp(), body: unknown = { cellphone }) =>
  call(t, 'POST', `/api/v1/get-member-register-verifacation-code/${cellphone}`, body, { ip });

const signup = (body: Record<string, unknown>) => call(t, 'POST', '/api/v1/members-signup', body, { ip: freshIp() });

async function codeFor(cellphone: string): Promise<string> {
  tick(SMS_CODE_RULES.cooldownMs + SECOND);
  const res = await askCode(cellphone);
  expect(res.statusCode).toBe(200);
  return (await lastCode(t, cellphone))!;
}

const memberCount = async () => (await t.db.select({ id: members.id }).from(members)).length;

describe('POST /get-member-register-verifacation-code/{cellphone}', () => {
  it('sends a six-digit code to DATA_DIR/sms.log and never answers it', async () => {
    const res = await askCode('0930000001');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ code: 200, msg: msg.smsCodeSent, data: { expires_in: 600, resend_after: 60 } });
    const code = await lastCode(t, '0930000001');
    expect(code).toMatch(/^\d{6}$/);
    expect(res.body).not.toContain(code);
    // Stored only as a keyed hash.
    const rows = await t.db.select().from(verificationCodes).where(eq(verificationCodes.cellphone, '0930000001'));
    expect(rows.some((r) => r.codeHash.includes(code!))).toBe(false);
  });

  it('waits 60 seconds before sending another code to the same number', async () => {
    await askCode('0930000002');
    tick(30 * SECOND);
    const again = await askCode('0930000002');
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toBe(msg.smsCodeCooldown(30));
    tick(31 * SECOND);
    expect((await askCode('0930000002')).statusCode).toBe(200);
  });

  it(`sends at most ${SMS_CODE_RULES.perNumberPerHour} codes an hour to one number`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SMS_CODE_RULES.perNumberPerHour; i++) {
      statuses.push((await askCode('0930000003')).statusCode);
      tick(SMS_CODE_RULES.cooldownMs + SECOND);
    }
    expect(statuses).toEqual([...Array(SMS_CODE_RULES.perNumberPerHour).fill(200), 429]);
  });

  it(`sends at most ${SMS_CODE_RULES.perIpPerHour} codes an hour for one address`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SMS_CODE_RULES.perIpPerHour; i++) {
      statuses.push((await askCode(`09310000${String(i).padStart(2, '0')}`, '10.30.0.1')).statusCode);
    }
    expect(statuses).toEqual([...Array(SMS_CODE_RULES.perIpPerHour).fill(200), 429]);
  });

  it('answers 409 for a registered number, without sending anything', async () => {
    const before = smsLog(t).length;
    const res = await askCode('0911111111');
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(msg.accountTaken);
    expect(smsLog(t).length).toBe(before);
  });

  it.each<[string, string, unknown]>([
    ['a malformed number', '12345', { cellphone: '12345' }],
    ['a landline', '0223456789', { cellphone: '0223456789' }],
    ['a body naming another number', '0930000009', { cellphone: '0930000008' }],
    ['an unknown field', '0930000009', { cellphone: '0930000009', code: '123456' }],
  ])('answers 400 for %s', async (_name, path, body) => {
    const res = await askCode(path, freshIp(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('POST /members-signup', () => {
  const form = (account: string, code: string, extra: Record<string, unknown> = {}) => ({
    account,
    verification_code: code,
    name: '張新會員',
    password: 'Welcome123',
    ...extra,
  });

  it('creates the member with the entry level and zero balances, spends the code and logs them in', async () => {
    const code = await codeFor('0940000001');
    const res = await signup(
      form('0940000001', code, { gender: 2, city: '台南市', area: '東區', address: '大學路 1 號' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(res.json().msg).toBe(msg.signupDone);
    expect(data.member).toMatchObject({
      account: '0940000001',
      cell_phone: '0940000001',
      name: '張新會員',
      gender: 2,
      city: '臺南市',
      area: '東區',
      member_level: { name: '一般會員' },
      member_bonus: { bonus: 0, tmp_bonus: 0, coupon: 0, point: 0 },
    });
    expect(res.body).not.toMatch(/argon2|Welcome123/);
    const me = await call(t, 'GET', `/api/v1/members/${data.id}`, undefined, { token: data.token.access_token });
    expect(me.statusCode).toBe(200);
    await login(t, '0940000001', 'Welcome123');
    const [bonus] = await t.db.select().from(memberBonus).where(eq(memberBonus.memberId, data.id));
    expect(bonus).toBeDefined();
  });

  it('refuses a wrong code with a field error and creates nobody', async () => {
    const code = await codeFor('0940000002');
    const wrong = code === '000000' ? '111111' : '000000';
    const before = await memberCount();
    const res = await signup(form('0940000002', wrong));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'verification_code', msg: msg.smsCodeInvalid }]);
    expect(await memberCount()).toBe(before);
    // The right code still works (one try spent).
    expect((await signup(form('0940000002', code))).statusCode).toBe(201);
  });

  it(`kills a code after ${SMS_CODE_RULES.maxTries} wrong tries`, async () => {
    const code = await codeFor('0940000003');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_RULES.maxTries; i++) await signup(form('0940000003', wrong));
    const res = await signup(form('0940000003', code));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg.smsCodeTooManyTries);
  });

  it('refuses a code older than 10 minutes', async () => {
    const code = await codeFor('0940000004');
    tick(SMS_CODE_RULES.ttlMs + SECOND);
    const res = await signup(form('0940000004', code));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg.smsCodeInvalid);
  });

  it('only honours the newest code of a number', async () => {
    const first = await codeFor('0940000005');
    const second = await codeFor('0940000005');
    if (first !== second) expect((await signup(form('0940000005', first))).statusCode).toBe(400);
    expect((await signup(form('0940000005', second))).statusCode).toBe(201);
  });

  it('refuses a code sent to another number', async () => {
    const code = await codeFor('0940000006');
    await codeFor('0940000007');
    const res = await signup(form('0940000007', code));
    expect(res.statusCode).toBe(400);
  });

  it('answers 409 for a registered account', async () => {
    const res = await signup(form('0911111111', '123456'));
    expect(res.statusCode).toBe(409);
  });

  it('records the referrer: a typed mobile number, else the influencer code of the visit', async () => {
    const byAccount = await signup(form('0940000010', await codeFor('0940000010'), { referrer_account: '0911111111' }));
    const byCode = await signup(form('0940000011', await codeFor('0940000011'), { internet_celebrity_code: 'MEIKOL' }));
    const byBadCode = await signup(
      form('0940000012', await codeFor('0940000012'), { internet_celebrity_code: 'NOBODY' }),
    );
    const referrer = async (id: number) =>
      (await t.db.select({ r: members.referrerId }).from(members).where(eq(members.id, id)))[0]!.r;
    expect(await referrer(byAccount.json().data.id)).toBe(ids.ming);
    expect(await referrer(byCode.json().data.id)).toBe(ids.mei);
    expect(await referrer(byBadCode.json().data.id)).toBeNull();
  });

  it('refuses an unknown referrer number before spending the code', async () => {
    const code = await codeFor('0940000013');
    const res = await signup(form('0940000013', code, { referrer_account: '0900000000' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'referrer_account', msg: msg.referrerNotFound }]);
    expect((await signup(form('0940000013', code))).statusCode).toBe(201);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a malformed mobile number', { account: '091234567' }, 'account'],
    ['a 7-character password', { password: 'Abc1234' }, 'password'],
    ['a 10 kB name', { name: '名'.repeat(10_240) }, 'name'],
    ['an unknown field', { member_level_id: 3 }, 'body'],
    ['a district of another city', { city: '臺北市', area: '西屯區' }, 'area'],
    ['a five-digit code', { verification_code: '12345' }, 'verification_code'],
  ])('answers 400 for %s and creates nobody', async (_name, over, field) => {
    const before = await memberCount();
    const res = await signup({ ...form('0940000020', '123456'), ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await memberCount()).toBe(before);
  });
});

describe('POST /members-forgot-password and /members-forgot-password/reset', () => {
  const forgot = (account: string, ip = freshIp()) =>
    call(t, 'POST', '/api/v1/members-forgot-password', { account }, { ip });
  const reset = (account: string, code: string, password: string) =>
    call(
      t,
      'POST',
      '/api/v1/members-forgot-password/reset',
      { account, verification_code: code, password },
      { ip: freshIp() },
    );

  it('answers the same for a registered and an unknown number, and only a member gets an SMS', async () => {
    tick(SMS_CODE_RULES.cooldownMs + SECOND);
    const known = await forgot('0911111111');
    const unknown = await forgot('0950000001');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().msg).toBe(msg.forgotPasswordSent);
    const code = await lastCode(t, '0911111111', 2_000);
    expect(code).toMatch(/^\d{6}$/);
    expect(known.body).not.toContain(code);
    expect(await lastCode(t, '0950000001')).toBeUndefined();
  });

  it('applies the same cooldown to both, so a 429 reveals nothing either', async () => {
    tick(SMS_CODE_RULES.cooldownMs + SECOND);
    await forgot('0911111111');
    await forgot('0950000002');
    const known = await forgot('0911111111');
    const unknown = await forgot('0950000002');
    expect(known.statusCode).toBe(429);
    expect(known.body).toBe(unknown.body);
  });

  it('resets the password with the code, ends every login, and the code works once only', async () => {
    const id = await addMember(t, '0960000001');
    const before = await login(t, '0960000001');
    tick(SMS_CODE_RULES.cooldownMs + SECOND);
    await forgot('0960000001');
    const code = (await lastCode(t, '0960000001', 2_000))!;
    const res = await reset('0960000001', code, 'Brand-new-9');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: msg.passwordReset, data: null });
    const oldSession = await call(t, 'POST', '/api/v1/members/auth/refresh', {
      refresh_token: before.token.refresh_token,
    });
    expect(oldSession.statusCode).toBe(401);
    expect(
      (await call(t, 'POST', '/api/v1/members/auth', { account: '0960000001', password: PASSWORD })).statusCode,
    ).toBe(401);
    expect((await login(t, '0960000001', 'Brand-new-9')).id).toBe(id);
    // The reused code.
    const again = await reset('0960000001', code, 'Another-new-9');
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(msg.smsCodeInvalid);
    await login(t, '0960000001', 'Brand-new-9');
  });

  it('gives nothing to guess for an unknown number', async () => {
    tick(SMS_CODE_RULES.cooldownMs + SECOND);
    await forgot('0950000003');
    const res = await reset('0950000003', '123456', 'Brand-new-9');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg.smsCodeInvalid);
  });

  it.each<[string, unknown]>([
    ['a malformed number', { account: '0912' }],
    ['an unknown field', { account: '0911111111', code: '123456' }],
  ])('answers 400 for %s', async (_name, body) => {
    expect((await call(t, 'POST', '/api/v1/members-forgot-password', body, { ip: freshIp() })).statusCode).toBe(400);
  });

  it('refuses a short new password without spending the code', async () => {
    const res = await reset('0911111111', '123456', 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'password', msg: msg.passwordLength }]);
  });
});

describe('logs', () => {
  it('never hold passwords, tokens, codes or full phone numbers', async () => {
    // One of everything, then look at what was written.
    const code = await codeFor('0970000001');
    const created = (
      await signup({ account: '0970000001', verification_code: code, name: '記錄測試', password: 'Log-secret-77' })
    ).json().data;
    await call(t, 'POST', '/api/v1/members/auth', { account: '0970000001', password: 'Wrong-secret-88' });
    const session = await login(t, '0970000001', 'Log-secret-77');
    const rotated = (
      await call(t, 'POST', '/api/v1/members/auth/refresh', { refresh_token: session.token.refresh_token })
    ).json().data;
    await call(t, 'POST', '/api/v1/members/auth/refresh', { refresh_token: session.token.refresh_token }); // reuse → warn
    await call(t, 'GET', '/api/v1/members-hidden-name-by-account/0970000001', undefined, {
      token: rotated.access_token,
    });
    tick(SMS_CODE_RULES.cooldownMs + SECOND);
    await call(t, 'POST', '/api/v1/members-forgot-password', { account: '0970000001' });
    const resetCode = (await lastCode(t, '0970000001', 2_000))!;
    await call(t, 'POST', '/api/v1/members/auth/logout', { refresh_token: rotated.refresh_token });

    const text = logLines.join('');
    expect(text.length).toBeGreaterThan(0);
    expect(text).toContain('0970***001'); // the masked number is there, so the check below is not vacuous
    for (const secret of [
      'Log-secret-77',
      'Wrong-secret-88',
      created.token.access_token,
      created.token.refresh_token,
      session.token.access_token,
      session.token.refresh_token,
      rotated.refresh_token,
    ]) {
      expect(text).not.toContain(secret);
    }
    // As numbers of their own: a float such as "responseTime":17.34313899999688 holds six-digit codes
    // and phone numbers too (a code of 999688 once failed this check that way).
    for (const digits of [code, resetCode, '0970000001']) {
      expect(digits).toMatch(/^\d+$/);
      expect(text).not.toMatch(new RegExp(`(?<!\\d)${digits}(?!\\d)`));
    }
  });
});

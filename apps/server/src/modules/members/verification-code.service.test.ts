import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@shop/domain';
import { createTestDatabase, type TestDatabase } from '../../db/test-database.ts';
import { Invalid, TooManyRequests } from '../../errors.ts';
import {
  SMS_CODE_RULES,
  checkCode,
  hashSmsCode,
  issueCode,
  newSmsCode,
  smsCodeText,
  useCode,
} from './verification-code.service.ts';

const SECRET = 'test-secret-test-secret-test-secret';
const T0 = new Date('2026-06-01T00:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
let database: TestDatabase;
let phoneSeq = 0;
const nextPhone = () => `0988${String(++phoneSeq).padStart(6, '0')}`;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.cleanup());

const issue = (cellphone: string, now = T0, ip = `10.0.0.${phoneSeq}`) =>
  issueCode(database.db, { cellphone, purpose: 'signup', ip, now, secret: SECRET });
const check = (cellphone: string, code: string, now = T0) =>
  checkCode(database.db, { cellphone, purpose: 'signup', code, now, secret: SECRET });

async function errorOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

describe('newSmsCode / hashSmsCode / smsCodeText', () => {
  it('makes six digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(newSmsCode()).toMatch(/^\d{6}$/);
  });

  it('hashes per secret, purpose and number', () => {
    const base = hashSmsCode(SECRET, 'signup', '0912345678', '123456');
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSmsCode('another-secret', 'signup', '0912345678', '123456')).not.toBe(base);
    expect(hashSmsCode(SECRET, 'reset', '0912345678', '123456')).not.toBe(base);
    expect(hashSmsCode(SECRET, 'signup', '0912345679', '123456')).not.toBe(base);
  });

  it('words the SMS by purpose', () => {
    expect(smsCodeText('signup', '012345')).toContain('會員註冊驗證碼為 012345');
    expect(smsCodeText('reset', '012345')).toContain('重設密碼驗證碼為 012345');
  });
});

describe('checkCode and useCode', () => {
  it('accepts the right code within 10 minutes, once', async () => {
    const phone = nextPhone();
    const { id, code } = await issue(phone);
    expect(await check(phone, code, at(SMS_CODE_RULES.ttlMs - 1))).toBe(id);
    await useCode(database.db, id, at(1000));
    const err = await errorOf(check(phone, code, at(2000)));
    expect(err).toBeInstanceOf(Invalid);
    expect(err.message).toBe(msg.smsCodeInvalid);
  });

  it('refuses the right code at 10 minutes', async () => {
    const phone = nextPhone();
    const { code } = await issue(phone);
    expect((await errorOf(check(phone, code, at(SMS_CODE_RULES.ttlMs)))).message).toBe(msg.smsCodeInvalid);
  });

  it('counts tries: the fifth wrong one says so, and then even the right code fails', async () => {
    const phone = nextPhone();
    const { code } = await issue(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < SMS_CODE_RULES.maxTries; i++) messages.push((await errorOf(check(phone, wrong))).message);
    expect(messages).toEqual([...Array(SMS_CODE_RULES.maxTries - 1).fill(msg.smsCodeInvalid), msg.smsCodeTooManyTries]);
    expect((await errorOf(check(phone, code))).message).toBe(msg.smsCodeTooManyTries);
  });

  it('never lets parallel guesses spend more than the allowed tries', async () => {
    const phone = nextPhone();
    const { code } = await issue(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    await Promise.allSettled(Array.from({ length: 12 }, () => check(phone, wrong)));
    expect((await errorOf(check(phone, code))).message).toBe(msg.smsCodeTooManyTries);
  });

  it('lets one of two parallel uses win', async () => {
    const phone = nextPhone();
    const { id } = await issue(phone);
    const results = await Promise.allSettled([useCode(database.db, id, T0), useCode(database.db, id, T0)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });
});

describe('issueCode limits', () => {
  it('keeps 60 seconds between codes to one number', async () => {
    const phone = nextPhone();
    await issue(phone);
    const err = await errorOf(issue(phone, at(SMS_CODE_RULES.cooldownMs - 1000)));
    expect(err).toBeInstanceOf(TooManyRequests);
    expect(err.message).toBe(msg.smsCodeCooldown(1));
    await issue(phone, at(SMS_CODE_RULES.cooldownMs));
  });

  it('lets a reset code follow a sign-up code at once (the cooldown is per purpose)', async () => {
    const phone = nextPhone();
    await issue(phone);
    const reset = await issueCode(database.db, {
      cellphone: phone,
      purpose: 'reset',
      ip: '10.9.0.1',
      now: at(1000),
      secret: SECRET,
    });
    expect(reset.code).toMatch(/^\d{6}$/);
    const err = await errorOf(
      issueCode(database.db, { cellphone: phone, purpose: 'reset', ip: '10.9.0.1', now: at(2000), secret: SECRET }),
    );
    expect(err.message).toBe(msg.smsCodeCooldown(59));
  });

  it('counts every purpose towards the hourly limit of a number', async () => {
    const phone = nextPhone();
    for (let i = 0; i < SMS_CODE_RULES.perNumberPerHour; i++) {
      const purpose = i % 2 === 0 ? 'signup' : 'reset';
      await issueCode(database.db, {
        cellphone: phone,
        purpose,
        ip: `10.8.0.${i}`,
        now: at(i * SMS_CODE_RULES.cooldownMs),
        secret: SECRET,
      });
    }
    const err = await errorOf(issue(phone, at(SMS_CODE_RULES.perNumberPerHour * SMS_CODE_RULES.cooldownMs)));
    expect(err.message).toBe(msg.smsCodeLimit);
  });
});

import { describe, expect, it } from 'vitest';
import { msg } from './messages.ts';
import {
  loginSchema,
  memberUpdateSchema,
  officialPlaceNames,
  passwordChangeFormSchema,
  passwordChangeSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  signupFormSchema,
  signupSchema,
} from './member-schemas.ts';

const firstError = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]);

const signup = {
  account: '0912345678',
  verification_code: '123456',
  name: '王小明',
  password: 'Secret123',
};

describe('loginSchema', () => {
  it('accepts a mobile number and a password', () => {
    expect(loginSchema.parse({ account: ' 0912345678 ', password: 'x' })).toEqual({
      account: '0912345678',
      password: 'x',
    });
  });

  it.each<[string, unknown, string, string]>([
    ['a short number', { account: '091234567', password: 'x' }, 'account', msg.mobileFormat],
    ['a landline', { account: '0223456789', password: 'x' }, 'account', msg.mobileFormat],
    ['no password', { account: '0912345678' }, 'password', msg.required],
    ['an unknown field', { account: '0912345678', password: 'x', admin: true }, '', msg.unknownField],
  ])('refuses %s', (_label, body, path, message) => {
    expect(firstError(loginSchema.safeParse(body))).toContainEqual([path, message]);
  });
});

describe('signupSchema', () => {
  it('accepts the required fields alone', () => {
    expect(signupSchema.safeParse(signup).success).toBe(true);
  });

  it('accepts a city/district pair written with 台', () => {
    expect(signupSchema.safeParse({ ...signup, city: '台北市', area: '大安區', gender: 2 }).success).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a 7-character password', { password: 'Abc1234' }, 'password', msg.passwordLength],
    ['a 65-character password', { password: 'a'.repeat(65) }, 'password', msg.passwordLength],
    ['a 10 kB name', { name: '名'.repeat(10_240) }, 'name', msg.maxLength(50)],
    ['a blank name', { name: '  ' }, 'name', msg.required],
    ['a five-digit code', { verification_code: '12345' }, 'verification_code', msg.smsCodeFormat],
    ['an unknown city', { city: '東京都' }, 'city', msg.cityChoose],
    ['a district of another city', { city: '臺北市', area: '西屯區' }, 'area', msg.areaChoose],
    ['a district without a city', { area: '大安區' }, 'city', msg.cityChoose],
    ['gender 3', { gender: 3 }, 'gender', msg.genderChoose],
    ['a malformed referrer', { referrer_account: '12345' }, 'referrer_account', msg.mobileFormat],
  ])('refuses %s', (_label, over, path, message) => {
    expect(firstError(signupSchema.safeParse({ ...signup, ...over }))).toContainEqual([path, message]);
  });

  it('treats an empty referrer as none', () => {
    expect(signupSchema.parse({ ...signup, referrer_account: '' }).referrer_account).toBeUndefined();
  });
});

describe('memberUpdateSchema', () => {
  it('accepts a name and an id', () => {
    expect(memberUpdateSchema.parse({ id: 3, name: ' 林美玲 ' })).toEqual({ id: 3, name: '林美玲' });
  });

  it('refuses a password field', () => {
    expect(firstError(memberUpdateSchema.safeParse({ name: 'a', password: 'x' }))).toContainEqual([
      '',
      msg.unknownField,
    ]);
  });
});

describe('passwordChangeSchema', () => {
  it('refuses the same password again', () => {
    expect(
      firstError(passwordChangeSchema.safeParse({ old_password: 'Secret123', password: 'Secret123' })),
    ).toContainEqual(['password', msg.passwordSameAsOld]);
  });
});

describe('resetPasswordSchema', () => {
  it('needs the account, the code and a new password', () => {
    expect(
      resetPasswordSchema.safeParse({ account: '0912345678', verification_code: '000000', password: 'Newpass99' })
        .success,
    ).toBe(true);
  });
});

describe('officialPlaceNames', () => {
  it.each([
    ['台北市', '大安區', '臺北市', '大安區'],
    ['臺中市', '西屯區', '臺中市', '西屯區'],
    ['高雄市', '', '高雄市', ''],
    ['火星', '某區', '火星', '某區'],
  ])('%s %s → %s %s', (city, area, c, a) => {
    expect(officialPlaceNames(city, area)).toEqual({ city: c, area: a });
  });
});

describe('the form schemas (the body plus the repeated password)', () => {
  it.each<[string, { safeParse(v: unknown): { success: boolean } }, Record<string, unknown>]>([
    ['registration', signupFormSchema, { ...signup, password_confirm: 'Secret123' }],
    [
      'password change',
      passwordChangeFormSchema,
      { old_password: 'Old-pass-1', password: 'Secret123', password_confirm: 'Secret123' },
    ],
    [
      'reset',
      resetPasswordFormSchema,
      { account: '0912345678', verification_code: '000000', password: 'Secret123', password_confirm: 'Secret123' },
    ],
  ])('%s: accepts a matching repetition', (_name, schema, value) => {
    expect(schema.safeParse(value).success).toBe(true);
  });

  it.each<[string, { safeParse(v: unknown): unknown }, Record<string, unknown>]>([
    ['registration', signupFormSchema, { ...signup, password_confirm: 'Secret124' }],
    [
      'password change',
      passwordChangeFormSchema,
      { old_password: 'Old-pass-1', password: 'Secret123', password_confirm: 'x' },
    ],
    [
      'reset',
      resetPasswordFormSchema,
      { account: '0912345678', verification_code: '000000', password: 'Secret123', password_confirm: '' },
    ],
  ])('%s: refuses a different repetition', (_name, schema, value) => {
    const errors = firstError(schema.safeParse(value) as Parameters<typeof firstError>[0]) ?? [];
    expect(errors.map(([path]) => path)).toContain('password_confirm');
  });

  it('keeps the place and same-password rules of the bodies', () => {
    expect(
      firstError(
        signupFormSchema.safeParse({ ...signup, password_confirm: 'Secret123', city: '臺北市', area: '西屯區' }),
      ),
    ).toContainEqual(['area', msg.areaChoose]);
    expect(
      firstError(
        passwordChangeFormSchema.safeParse({
          old_password: 'Secret123',
          password: 'Secret123',
          password_confirm: 'Secret123',
        }),
      ),
    ).toContainEqual(['password', msg.passwordSameAsOld]);
  });
});

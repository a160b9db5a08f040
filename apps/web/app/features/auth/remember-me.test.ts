import { describe, expect, it } from 'vitest';
import { ACCOUNT_KEY, REMEMBER_KEY, readRememberedLogin, rememberLogin } from './remember-me.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('remember me (spec §9 login_remember / login_account)', () => {
  it('keeps the account when ticked, and only the account', () => {
    const storage = memoryStorage();
    rememberLogin(storage, true, '0911111111');
    expect(Object.fromEntries(storage.items)).toEqual({ [REMEMBER_KEY]: 'true', [ACCOUNT_KEY]: '0911111111' });
    expect(readRememberedLogin(storage)).toEqual({ remember: true, account: '0911111111' });
  });

  it('forgets the account when unticked', () => {
    const storage = memoryStorage();
    rememberLogin(storage, true, '0911111111');
    rememberLogin(storage, false, '0911111111');
    expect(storage.items.has(ACCOUNT_KEY)).toBe(false);
    expect(readRememberedLogin(storage)).toEqual({ remember: false, account: '' });
  });

  it.each([
    ['nothing stored', {}],
    ['an account without the flag', { [ACCOUNT_KEY]: '0911111111' }],
    ['a flag that is not "true"', { [REMEMBER_KEY]: 'yes', [ACCOUNT_KEY]: '0911111111' }],
  ])('fills in nothing for %s', (_name, stored) => {
    const storage = memoryStorage();
    for (const [k, v] of Object.entries(stored)) storage.setItem(k, v);
    expect(readRememberedLogin(storage)).toEqual({ remember: false, account: '' });
  });

  it('works without storage (blocked by the browser)', () => {
    expect(readRememberedLogin(null)).toEqual({ remember: false, account: '' });
    expect(() => rememberLogin(null, true, 'x')).not.toThrow();
  });
});

// spec §9 local storage: `login_remember` and `login_account` — the login page fills in the account
// of a shopper who ticked 「記住帳號」. Only the account: never a password or a token.
export const REMEMBER_KEY = 'login_remember';
export const ACCOUNT_KEY = 'login_account';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readRememberedLogin(storage: Store | null): { remember: boolean; account: string } {
  if (!storage) return { remember: false, account: '' };
  const remember = storage.getItem(REMEMBER_KEY) === 'true';
  return { remember, account: remember ? (storage.getItem(ACCOUNT_KEY) ?? '') : '' };
}

/** Ticked: keep the account for next time; unticked: forget it. */
export function rememberLogin(storage: Store | null, remember: boolean, account: string): void {
  if (!storage) return;
  if (remember) {
    storage.setItem(REMEMBER_KEY, 'true');
    storage.setItem(ACCOUNT_KEY, account);
  } else {
    storage.setItem(REMEMBER_KEY, 'false');
    storage.removeItem(ACCOUNT_KEY);
  }
}

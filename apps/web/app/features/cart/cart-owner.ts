// Who owns the cart on this page: the logged-in member (server cart) or a guest (local storage).
import { AUTH_COOKIE, MEMBER_COOKIE, accessTokenFrom, readJsonCookie } from '../../api/client.ts';
import type { CartStorage } from './guest-cart.ts';

/** The member id of the session cookies (spec §9 web_auth_data `{id, token}`), or null for a guest. */
export function memberIdFromCookies(jar: string): number | null {
  if (!accessTokenFrom(jar)) return null;
  for (const name of [AUTH_COOKIE, MEMBER_COOKIE]) {
    const id = readJsonCookie<{ id?: unknown }>(jar, name)?.id;
    if (typeof id === 'number' && Number.isInteger(id) && id > 0) return id;
  }
  return null;
}

export function currentMemberId(): number | null {
  return typeof document === 'undefined' ? null : memberIdFromCookies(document.cookie);
}

/** Local storage, or null when the browser blocks it (private mode, disabled site data). */
export function browserCartStorage(): CartStorage | null {
  try {
    const storage = window.localStorage;
    const probe = '__cart_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

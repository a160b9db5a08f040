// Who is shopping on this page: the member of the session cookies, or a guest (null). The cart and the
// wishlist both keep a guest's things in the browser and a member's on the server.
import { AUTH_COOKIE, MEMBER_COOKIE, accessTokenFrom, readJsonCookie } from '../api/client.ts';

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

import { useEffect } from 'react';
import { MEMBER_COOKIE, readJsonCookie } from '../../api/client.ts';
import { authDataFrom, hasCookie } from './auth-cookies.ts';
import { handleTokenExpired } from './session-refresh.ts';
import { logout } from './session.ts';

/**
 * spec §4 on every page, once hydrated: auth data without member data (or the reverse) logs out;
 * a token the server render found expired starts the refresh.
 */
export function SessionKeeper({ tokenExpired }: { tokenExpired: boolean }) {
  useEffect(() => {
    const jar = document.cookie;
    const hasAuth = hasCookie(jar, 'web_auth_data');
    const authOk = authDataFrom(jar) !== null;
    const memberOk = readJsonCookie<object>(jar, MEMBER_COOKIE) !== null;
    if ((hasAuth || hasCookie(jar, MEMBER_COOKIE)) && !(authOk && memberOk)) {
      logout();
      return;
    }
    if (tokenExpired) handleTokenExpired();
  }, [tokenExpired]);
  return null;
}

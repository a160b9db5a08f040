// The browser's token-expired handling (spec §4, §8): one handler per page, shared by the API
// client (a 401 「token驗證失敗」 from any call) and the root (the server render saw an expired token).
import { createBrowserApiFetch } from '../../api/client.ts';
import { refreshTokens } from '../../api/members.ts';
import { AUTH_COOKIE, browserAuthData, writeBrowserCookie } from './auth-cookies.ts';
import { logout } from './session.ts';
import { createTokenExpiryHandler } from './token-refresh.ts';

/** Spends the stored refresh token and stores the new pair; false when there is none to spend. */
export async function refreshStoredTokens(): Promise<boolean> {
  const auth = browserAuthData();
  if (!auth) return false;
  const api = createBrowserApiFetch({ guestAuthorization: '' });
  const token = await refreshTokens(api, auth.token.refresh_token);
  writeBrowserCookie(AUTH_COOKIE, { id: auth.id, token });
  return true;
}

let handler: (() => void) | null = null;

/** spec §4: refresh once (success reloads the page with the new token), else log out. */
export function handleTokenExpired(): void {
  handler ??= createTokenExpiryHandler({
    refresh: refreshStoredTokens,
    onRefreshed: () => window.location.reload(),
    onFailed: logout,
  });
  handler();
}

// spec §4/§9: the storefront keeps the member's auth data in the cookie `web_auth_data`, as
// URI-encoded JSON `{id, token: {access_token, refresh_token}}`. Server renders read it so the
// first paint already knows the member.
import { isExemptApiPath } from '@shop/domain';

export const AUTH_COOKIE = 'web_auth_data';

export function memberAccessToken(cookies: Record<string, string | undefined>): string | null {
  const raw = cookies[AUTH_COOKIE];
  if (!raw) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(raw)) as { token?: { access_token?: unknown } };
    const token = parsed?.token?.access_token;
    return typeof token === 'string' && token.length > 0 ? token : null;
  } catch {
    return null;
  }
}

/** spec §6: without a member token, `/api/v1/x` becomes `/api/v1/guest/x` with the guest credential. */
export function apiPathFor(
  path: string,
  accessToken: string | null,
  guestAuth: string,
): { url: string; authorization?: string } {
  if (accessToken) return { url: path, authorization: `Bearer ${accessToken}` };
  if (path.startsWith('/api/v1/') && !path.startsWith('/api/v1/guest/') && !isExemptApiPath(path)) {
    return { url: `/api/v1/guest/${path.slice('/api/v1/'.length)}`, authorization: guestAuth };
  }
  return { url: path };
}

// The session cookies of spec §4 and §9: `web_auth_data` (auth data {id, token}) and `web_member_data`
// (the member the header shows), each URI-encoded JSON. (`file_server_info` is only cleared: every
// page now gets where images live from the server, decision 058.) SameSite=Lax; Secure
// whenever the shop is served over https (production). Not HttpOnly: spec §4 has the page read and
// refresh them itself (docs/decisions/012). Written by the browser at login and by member-centre
// actions on the server (Set-Cookie), read by both.
import type { AuthData } from '@shop/domain';
import { AUTH_COOKIE, MEMBER_COOKIE, readJsonCookie } from '../../api/client.ts';
import type { MemberProfile } from '../../api/members.ts';

export { AUTH_COOKIE, MEMBER_COOKIE };
export const FILE_SERVER_COOKIE = 'file_server_info';
export const SESSION_COOKIES = [AUTH_COOKIE, MEMBER_COOKIE, FILE_SERVER_COOKIE] as const;

/** As long as a login can last: the refresh family's absolute life (REFRESH_TOKEN_TTL_DAYS, 30). */
export const SESSION_MAX_AGE_SECONDS = 30 * 86_400;

/**
 * What the member cookie keeps: what the header and side menu show (spec §2), no contact data —
 * the cookie rides along with every request and is readable by the page.
 */
export interface MemberCookie {
  id: number;
  name: string;
  avatar: string;
  is_internet_celebrity: boolean;
  member_level: { name: string; pic: string; style_class?: string } | null;
}

export function memberCookieOf(member: MemberProfile): MemberCookie {
  return {
    id: member.id,
    name: member.name,
    avatar: member.avatar,
    is_internet_celebrity: member.is_internet_celebrity,
    member_level: member.member_level && {
      name: member.member_level.name,
      pic: member.member_level.pic,
      style_class: member.member_level.style_class,
    },
  };
}

/** One `Set-Cookie` / `document.cookie` string; `null` deletes the cookie. */
export function cookieString(name: string, value: unknown, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  if (value === null) return `${name}=; ${attributes}; Max-Age=0`;
  return `${name}=${encodeURIComponent(JSON.stringify(value))}; ${attributes}; Max-Age=${SESSION_MAX_AGE_SECONDS}`;
}

/** The auth data of a cookie header, or null when missing or malformed. */
export function authDataFrom(cookieHeader: string): AuthData | null {
  const auth = readJsonCookie<Partial<AuthData>>(cookieHeader, AUTH_COOKIE);
  const token = auth?.token;
  if (
    !auth ||
    typeof auth.id !== 'number' ||
    !token ||
    typeof token.access_token !== 'string' ||
    typeof token.refresh_token !== 'string'
  ) {
    return null;
  }
  return { id: auth.id, token: { access_token: token.access_token, refresh_token: token.refresh_token } };
}

export function hasCookie(cookieHeader: string, name: string): boolean {
  return cookieHeader
    .split(';')
    .some((part) => part.trim().startsWith(`${name}=`) && part.trim().length > name.length + 1);
}

// ---- browser ------------------------------------------------------------------------------------

const secureHere = () => typeof location !== 'undefined' && location.protocol === 'https:';

export function writeBrowserCookie(name: string, value: unknown): void {
  document.cookie = cookieString(name, value, secureHere());
}

/** spec §4: login stores auth and member data in the cookies. */
export function storeLogin(auth: AuthData, member: MemberProfile): void {
  writeBrowserCookie(AUTH_COOKIE, { id: auth.id, token: auth.token });
  writeBrowserCookie(MEMBER_COOKIE, memberCookieOf(member));
}

export function clearSessionCookies(): void {
  for (const name of SESSION_COOKIES) writeBrowserCookie(name, null);
}

export function browserAuthData(): AuthData | null {
  return typeof document === 'undefined' ? null : authDataFrom(document.cookie);
}

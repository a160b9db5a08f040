// Session state of spec §4: logged in when auth data exists. Read from the cookies of spec §9 on
// the server (request Cookie header) so the first paint already shows the member.
import { MEMBER_COOKIE, accessTokenFrom, createBrowserApiFetch, readJsonCookie } from '../../api/client.ts';
import { logOutMember } from '../../api/members.ts';
import type { MemberProfile } from '@shop/domain';
import { browserAuthData, clearSessionCookies } from './auth-cookies.ts';

export interface SessionMember {
  id: number;
  name: string;
  avatar: string;
  levelName: string;
  levelPic: string;
  /** The level's style class from the back office; '' = derived from the name. */
  levelStyle: string;
}

export interface Session {
  loggedIn: boolean;
  member: SessionMember | null;
  /** The server answered 「token驗證失敗」 for this request's token (spec §4: refresh, else logout). */
  tokenExpired?: boolean;
}

export const GUEST_SESSION: Session = { loggedIn: false, member: null };

export function readSession(cookieHeader: string | null): Session {
  const jar = cookieHeader ?? '';
  if (!accessTokenFrom(jar)) return GUEST_SESSION;
  // A cookie is whatever the browser sends back: every field is checked before it is shown.
  const member = readJsonCookie<
    Partial<Omit<MemberProfile, 'avatar' | 'member_level'>> & {
      avatar?: unknown;
      member_level?: { name?: string; pic?: string; style_class?: unknown } | null;
    }
  >(jar, MEMBER_COOKIE);
  return {
    loggedIn: true,
    member: member
      ? {
          id: typeof member.id === 'number' ? member.id : 0,
          name: typeof member.name === 'string' ? member.name : '',
          avatar: typeof member.avatar === 'string' ? member.avatar : '',
          levelName: member.member_level?.name ?? '',
          levelPic: member.member_level?.pic ?? '',
          levelStyle: typeof member.member_level?.style_class === 'string' ? member.member_level.style_class : '',
        }
      : null,
  };
}

/**
 * spec §2 side menu: a level-dependent style class — one derived from the name (which the sheet
 * styles), plus the level's own `style_class` from the back office when it is a plain CSS name.
 */
export function memberLevelClass(levelName: string, styleClass = ''): string {
  const own = styleClass.trim();
  const extra = /^[A-Za-z][\w-]{0,40}$/.test(own) ? ` ${own}` : '';
  return `${derivedLevelClass(levelName)}${extra}`;
}

function derivedLevelClass(levelName: string): string {
  const known: Record<string, string> = {
    一般會員: 'basic',
    銀卡會員: 'silver',
    金卡會員: 'gold',
    白金會員: 'platinum',
    鑽石會員: 'diamond',
    VIP會員: 'vip',
  };
  const key =
    known[levelName.trim()] ?? (levelName.includes('金') ? 'gold' : levelName.includes('銀') ? 'silver' : 'basic');
  return `member-level member-level--${key}`;
}

/** How long the reload waits for the server to revoke the login; a dead network must not trap the member. */
const REVOKE_WAIT_MS = 1500;

/**
 * spec §4: logout clears the cookies, tells listeners, and reloads the site root. The login is also
 * revoked on the server (its refresh-token family), and the reload waits for that answer (at most
 * REVOKE_WAIT_MS): Chrome hands a `document.cookie` write to its network process asynchronously, so
 * a reload started at once could still carry the old cookies and render the page logged in.
 */
export function logout(): void {
  const auth = browserAuthData();
  clearSessionCookies();
  window.dispatchEvent(new Event(LOGGED_OUT_EVENT));
  const reload = () => window.location.assign('/');
  if (!auth) return reload();
  const api = createBrowserApiFetch({ guestAuthorization: '' });
  // keepalive: should the member leave first, the revocation still reaches the server.
  const revoked = logOutMember((path, init) => api(path, { ...init, keepalive: true }), auth.token.refresh_token);
  const timeout = new Promise((resolve) => setTimeout(resolve, REVOKE_WAIT_MS));
  void Promise.race([revoked, timeout]).then(reload, reload);
}

/** Dispatched on window when the member logs out (spec §4 "emits logged-out"). */
export const LOGGED_OUT_EVENT = 'shop:logged-out';

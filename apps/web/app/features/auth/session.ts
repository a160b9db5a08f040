// Session state of spec §4: logged in when auth data exists. Read from the cookies of spec §9 on
// the server (request Cookie header) so the first paint already shows the member.
import { AUTH_COOKIE, MEMBER_COOKIE, accessTokenFrom, readJsonCookie } from '../../api/client.ts';
import type { Member } from '../../api/types.ts';

export interface SessionMember {
  id: number;
  name: string;
  avatar: string;
  levelName: string;
  levelPic: string;
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
  // The member cookie may also carry an avatar key (member/personal-info); not part of spec §3 Member.
  const member = readJsonCookie<Partial<Member> & { avatar?: unknown }>(jar, MEMBER_COOKIE);
  return {
    loggedIn: true,
    member: member
      ? {
          id: typeof member.id === 'number' ? member.id : 0,
          name: typeof member.name === 'string' ? member.name : '',
          avatar: typeof member.avatar === 'string' ? member.avatar : '',
          levelName: member.member_level?.name ?? '',
          levelPic: member.member_level?.pic ?? '',
        }
      : null,
  };
}

/** A stable style class per level name (spec §2 side menu: level-dependent style class). */
export function memberLevelClass(levelName: string): string {
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

/** spec §4: logout clears the cookies, tells listeners, and reloads the site root. */
export function logout(): void {
  for (const name of [AUTH_COOKIE, MEMBER_COOKIE, 'file_server_info']) {
    document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
  }
  window.dispatchEvent(new Event('shop:logged-out'));
  window.location.assign('/');
}

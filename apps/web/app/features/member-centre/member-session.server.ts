// Server side of the member centre: who is asking (the auth cookie) and their own member record.
import { redirect } from 'react-router';
import { ApiError, type ApiFetch } from '../../api/client.ts';
import { getMember, type MemberProfile } from '../../api/members.ts';
import { authDataFrom } from '../auth/auth-cookies.ts';

/**
 * `ok`: the member; `expired`: the access token answered 「token驗證失敗」 (the page refreshes it,
 * spec §4); `broken`: the cookies name another member than the token (the page logs out).
 */
export type MemberLoad = { state: 'ok'; member: MemberProfile } | { state: 'expired' } | { state: 'broken' };

/** Personal pages are never stored by a browser or a proxy. */
export const noStoreHeaders = () => ({ 'Cache-Control': 'private, no-store' });

/** The member id of the auth cookie; guests are sent to the login with a way back. */
export function requireMemberId(request: Request, url: URL): number {
  const auth = authDataFrom(request.headers.get('cookie') ?? '');
  if (auth) return auth.id;
  throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

export async function loadOwnMember(request: Request, url: URL, api: ApiFetch): Promise<MemberLoad> {
  const id = requireMemberId(request, url);
  try {
    return { state: 'ok', member: await getMember(api, id) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { state: 'expired' };
    if (error instanceof ApiError && error.status === 403) return { state: 'broken' };
    throw error;
  }
}

/** Whether cookies written in this response should be Secure: the shop is served over https. */
export function secureRequest(request: Request): boolean {
  return request.url.startsWith('https:');
}

// What happens once the server accepted a login or a sign-up (spec §4): store auth and member data
// in the cookies, then the file-server info. (The pages then join the guest cart, features/cart.)
import type { ApiFetch } from '../../api/client.ts';
import type { AuthAnswer } from '../../api/members.ts';
import { getFileServerInfo } from '../../api/settings.ts';
import { RETURN_TO_PARAM } from '../../lib/login-link.ts';
import { isPageOrBelow, sameOriginPath } from '../../lib/same-origin-path.ts';
import { storeFileServerInfo, storeLogin } from './auth-cookies.ts';

export async function completeLogin(api: ApiFetch, answer: AuthAnswer): Promise<void> {
  storeLogin({ id: answer.id, token: answer.token }, answer.member);
  try {
    storeFileServerInfo(await getFileServerInfo(api));
  } catch {
    // spec §8: settings loads fail silently; images fall back to the shop's own paths
  }
}

/**
 * Where to go after logging in: the `redirect` query when it is a path of this shop, else the
 * member centre. Never another origin (issue 22: open redirect), nor the login pages again.
 */
export function afterLoginPath(search: string): string {
  const wanted = sameOriginPath(new URLSearchParams(search).get(RETURN_TO_PARAM));
  return wanted && !isPageOrBelow(wanted, '/login') ? wanted : '/member';
}

// What happens once the server accepted a login or a sign-up (spec §4): store auth and member data
// in the cookies. (The pages then join the guest cart, features/cart.) The spec's file-server info
// comes with every page instead (decision 058), guests' pages included.
import type { AuthAnswer } from '../../api/members.ts';
import { RETURN_TO_PARAM } from '../../lib/login-link.ts';
import { isPageOrBelow, sameOriginPath } from '../../lib/same-origin-path.ts';
import { storeLogin } from './auth-cookies.ts';

export function completeLogin(answer: AuthAnswer): void {
  storeLogin({ id: answer.id, token: answer.token }, answer.member);
}

/**
 * Where to go after logging in: the `redirect` query when it is a path of this shop, else the
 * member centre. Never another origin (issue 22: open redirect), nor the login pages again.
 */
export function afterLoginPath(search: string): string {
  const wanted = sameOriginPath(new URLSearchParams(search).get(RETURN_TO_PARAM));
  return wanted && !isPageOrBelow(wanted, '/login') ? wanted : '/member';
}

// Where a guest logs in so that the shop brings them back afterwards (spec §2 /login).
import { hrefWithQuery } from './referral-code.ts';
import { sameOriginPath } from './same-origin-path.ts';

/** Query parameter of /login naming the page to return to. */
export const RETURN_TO_PARAM = 'redirect';

/** `/login?redirect=/cart%3Fcode%3DK`: the login page returns to `returnTo` (a path of this shop). */
export function loginHref(returnTo: string): string {
  return hrefWithQuery('/login', { [RETURN_TO_PARAM]: safeReturnPath(returnTo) });
}

/** Only a path of this shop: anything else (`//evil.example`, `https://…`) becomes `/`. */
export function safeReturnPath(value: string | null | undefined): string {
  return sameOriginPath(value) ?? '/';
}

// Loaders of the member's own pages (orders, payment): who the member is, and what an API refusal
// means for the page. Server-only (loaders).
import { data, redirect } from 'react-router';
import { ApiError } from '../api/client.ts';
import { memberIdFromCookies } from '../features/cart/cart-owner.ts';
import { loginHref } from './login-link.ts';

/** The logged-in member's id, or a redirect to the login page that comes back here. */
export function requireMemberId(request: Request): number {
  const memberId = memberIdFromCookies(request.headers.get('cookie') ?? '');
  if (memberId !== null) return memberId;
  const url = new URL(request.url);
  throw redirect(loginHref(`${url.pathname}${url.search}`));
}

/** The member's token expired: the page says so while the session refresh (spec §4) runs. */
export const SESSION_EXPIRED = { expired: true } as const;

export const isSessionExpired = (value: unknown): value is typeof SESSION_EXPIRED => value === SESSION_EXPIRED;

/**
 * Reads member data: another member's or a missing record is the same 404 page (spec §6: 403 must not
 * tell whether it exists); an expired token gives SESSION_EXPIRED; anything else is the error page.
 */
export async function memberRead<T>(load: Promise<T>): Promise<T | typeof SESSION_EXPIRED> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401) return SESSION_EXPIRED;
      if (error.status === 403 || error.status === 404 || error.status === 400) throw data(null, { status: 404 });
      throw data(null, { status: error.status >= 500 ? 503 : error.status });
    }
    throw error;
  }
}

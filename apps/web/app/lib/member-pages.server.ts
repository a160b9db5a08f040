// Loaders of the member's own pages (orders, payment): who the member is, and what an API refusal
// means for the page. Server-only (loaders).
import { data } from 'react-router';
import { ApiError } from '../api/client.ts';

export { requireMemberId } from '../features/member-centre/member-session.server.ts';

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

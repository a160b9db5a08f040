import type { AppLoadContext } from 'react-router';
import { withGuestFallback, type ApiFetch } from './client.ts';

/**
 * The ApiFetch of a loader that reads public shop data: an expired member token still gets the
 * public page (the root loader reports the expiry and starts the refresh of spec §4).
 */
export function publicApi(context: AppLoadContext): ApiFetch {
  return withGuestFallback(context.apiFetch, context.guestAuthorization, { tokenExpired: false });
}

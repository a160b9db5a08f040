import { useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { loadRootData } from '../root-data.ts';
import { handleTokenExpired } from '../features/auth/session-refresh.ts';
import { createBrowserApiFetch, type ApiFetch } from './client.ts';

/** The browser's ApiFetch, with the guest credential the root loader passed down (spec §6). */
export function useApi(): ApiFetch {
  const guestAuthorization = useRouteLoaderData<typeof loadRootData>('root')?.guestAuthorization ?? '';
  return useMemo(
    () => createBrowserApiFetch({ guestAuthorization, onTokenExpired: handleTokenExpired }),
    [guestAuthorization],
  );
}

import { useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root.tsx';
import { handleTokenExpired } from '../features/auth/session-refresh.ts';
import { createBrowserApiFetch, type ApiFetch } from './client.ts';

/** The browser's ApiFetch, with the guest credential the root loader passed down (spec §6). */
export function useApi(): ApiFetch {
  const guestAuthorization = useRouteLoaderData<typeof rootLoader>('root')?.guestAuthorization ?? '';
  return useMemo(
    () => createBrowserApiFetch({ guestAuthorization, onTokenExpired: handleTokenExpired }),
    [guestAuthorization],
  );
}

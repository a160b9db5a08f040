import { useMemo } from 'react';
import { useLocation } from 'react-router';

/**
 * The page's query, read-only. Not `useSearchParams`: the storefront's first load does not use it,
 * and the router chunk every page shares would carry it for the back office's sake.
 */
export function useQuery(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

import { useEffect } from 'react';
import { LoadingSpinner } from '../../components/ui/loading-spinner.tsx';
import { handleTokenExpired } from '../auth/session-refresh.ts';
import { logout } from '../auth/session.ts';

/**
 * Shown instead of a member page whose data could not be read with the stored token: an expired
 * token is refreshed (spec §4: success reloads the page), a session of another member ends.
 */
export function SessionRecovery({ state }: { state: 'expired' | 'broken' }) {
  useEffect(() => {
    if (state === 'expired') handleTokenExpired();
    else logout();
  }, [state]);
  return (
    <div className="member-recovery">
      <LoadingSpinner />
      <p>{state === 'expired' ? '登入已逾時，正在為您重新驗證…' : '登入資料有誤，請重新登入'}</p>
    </div>
  );
}

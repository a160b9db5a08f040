import { useCallback } from 'react';
import { useLocation } from 'react-router';
import type { AuthAnswer } from '../../api/members.ts';
import { afterLoginPath, completeLogin } from './complete-login.ts';

/**
 * After a login or a sign-up: store the session (spec §4), let the page add its own step (the guest
 * cart joins the member cart), then load the next page in full so every part of it — the header
 * first — is rendered for the member.
 */
export function useFinishLogin(alsoDo: (answer: AuthAnswer) => Promise<void>) {
  const location = useLocation();
  return useCallback(
    async (answer: AuthAnswer) => {
      completeLogin(answer);
      await alsoDo(answer).catch(() => undefined);
      window.location.assign(afterLoginPath(location.search));
    },
    [alsoDo, location.search],
  );
}

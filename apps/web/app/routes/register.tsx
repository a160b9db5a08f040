import { useCallback } from 'react';
import { redirect, useLocation } from 'react-router';
import type { Route } from './+types/register';
import type { AuthAnswer } from '../api/members.ts';
import { linkPendingLine } from '../api/line.ts';
import { useApi } from '../api/use-api.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { AuthPageFrame } from '../features/auth/auth-page-frame.tsx';
import { afterLoginPath } from '../features/auth/complete-login.ts';
import { joinGuestDataAtLogin } from '../features/auth/join-guest-data.ts';
import { RegisterForm } from '../features/auth/register-form.tsx';
import { readSession } from '../features/auth/session.ts';
import { useFinishLogin } from '../features/auth/use-finish-login.ts';
import { pageMeta } from '../lib/page-meta.ts';
import { currentReferralCode } from '../lib/referral-code.ts';

/** spec §2 lists /login/{id} as registration: `/login/register` (other ids lead there). */
const REGISTER_ID = 'register';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '加入會員');

export function loader({ request, url, params }: Route.LoaderArgs) {
  if (readSession(request.headers.get('cookie')).loggedIn) throw redirect(afterLoginPath(url.search));
  if (params.id !== REGISTER_ID) throw redirect(`/login/${REGISTER_ID}${url.search}`);
  return null;
}

export default function RegisterPage() {
  const api = useApi();
  const location = useLocation();
  // `?line=1`: the sign-up came from a LINE login; the waiting LINE account becomes the new member's.
  const fromLine = new URLSearchParams(location.search).get('line') === '1';
  const joinCart = useCallback(
    async (answer: AuthAnswer) => {
      if (fromLine) await linkPendingLine(api, answer.id).catch(() => undefined);
      await joinGuestDataAtLogin(api, answer.id);
    },
    [api, fromLine],
  );
  const finish = useFinishLogin(joinCart);
  return (
    <AuthPageFrame
      title="加入會員"
      titleId="register-title"
      lead="用手機號碼註冊，購物累積紅利點數，訂單進度隨時查。"
      wide
    >
      <RegisterForm referralCode={currentReferralCode(location)} onSignedUp={finish} />
      <div className="auth-card__links">
        <p>
          已經是會員？<ShopLink to="/login">會員登入</ShopLink>
        </p>
      </div>
    </AuthPageFrame>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

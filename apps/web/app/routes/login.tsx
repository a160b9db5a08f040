import { useCallback } from 'react';
import { redirect, useLocation } from 'react-router';
import { lineLoginErrorText } from '@shop/domain';
import type { Route } from './+types/login';
import type { AuthAnswer } from '../api/members.ts';
import { orFallback } from '../api/client.ts';
import { getLineOptions } from '../api/line.ts';
import { useApi } from '../api/use-api.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { AuthPageFrame } from '../features/auth/auth-page-frame.tsx';
import { afterLoginPath } from '../features/auth/complete-login.ts';
import { joinGuestDataAtLogin } from '../features/auth/join-guest-data.ts';
import { LineLoginButton, LineErrorNotice } from '../features/auth/line-login-button.tsx';
import { LoginForm } from '../features/auth/login-form.tsx';
import { readSession } from '../features/auth/session.ts';
import { useFinishLogin } from '../features/auth/use-finish-login.ts';
import { readForm } from '../lib/form-post.server.ts';
import { pageMeta } from '../lib/page-meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '會員登入');

export async function loader({ request, url, context }: Route.LoaderArgs) {
  // Already logged in: straight on to where the login would have led.
  if (readSession(request.headers.get('cookie')).loggedIn) throw redirect(afterLoginPath(url.search));
  const line = await orFallback(getLineOptions(context.apiFetch), {
    login_available: false,
    messaging_available: false,
  });
  return { lineLogin: line.login_available, lineError: lineLoginErrorText(url.searchParams.get('line_error')) };
}

/**
 * Only reached when the form was sent before the page's script ran: the login itself happens in
 * the browser (spec §4 keeps the session in cookies the page writes), and posting keeps the
 * password out of the address bar.
 */
export async function action({ request }: Route.ActionArgs) {
  // Read, though unused: a post that is no form at all is a 400, not this hint.
  await readForm(request);
  return { message: '頁面尚未載入完成，請稍候再按一次「登入」' };
}

export default function LoginPage({ actionData, loaderData }: Route.ComponentProps) {
  const api = useApi();
  const location = useLocation();
  const joinCart = useCallback((answer: AuthAnswer) => joinGuestDataAtLogin(api, answer.id), [api]);
  const finish = useFinishLogin(joinCart);
  return (
    <AuthPageFrame title="會員登入" titleId="login-title" lead="以手機號碼登入，查看訂單、紅利點數與會員優惠。">
      <LineErrorNotice text={loaderData.lineError} />
      <LoginForm onLoggedIn={finish} serverMessage={actionData?.message} />
      {loaderData.lineLogin && (
        <div className="auth-card__alternative">
          <p className="auth-card__or">或</p>
          <LineLoginButton returnTo={afterLoginPath(location.search)} />
        </div>
      )}
      <div className="auth-card__links">
        <ShopLink to="/login/forgot-password">忘記密碼？</ShopLink>
        <p>
          還不是會員？<ShopLink to="/login/register">立即註冊</ShopLink>
        </p>
      </div>
    </AuthPageFrame>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

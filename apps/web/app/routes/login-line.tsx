import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { type LineLoginError, lineLoginErrors, lineLoginErrorText } from '@shop/domain';
import type { Route } from './+types/login-line';
import { ApiError } from '../api/client.ts';
import { getLinePending, linkPendingLine } from '../api/line.ts';
import type { AuthAnswer } from '../api/members.ts';
import { useApi } from '../api/use-api.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { Breadcrumb } from '../components/ui/breadcrumb.tsx';
import { browserAuthData } from '../features/auth/auth-cookies.ts';
import { afterLoginPath, completeLogin } from '../features/auth/complete-login.ts';
import { LineErrorNotice } from '../features/auth/line-login-button.tsx';
import { LoginForm } from '../features/auth/login-form.tsx';
import { joinGuestCartAtLogin } from '../features/cart/join-at-login.ts';
import { pageMeta } from '../lib/page-meta.ts';

// After LINE Login (issue 41): a LINE account linked to no member is offered to an existing account
// (log in with the password once) or to a new one (sign up with the mobile number and SMS code, as the
// shop needs a mobile for orders); `?step=done` finishes a LINE sign-in the server already stored.

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'LINE 登入');

export function loader({ url }: Route.LoaderArgs) {
  return { done: url.searchParams.get('step') === 'done' };
}

export default function LoginLinePage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="auth-page">
      <div className="container">
        <Breadcrumb items={[{ title: '會員中心' }, { title: 'LINE 登入' }]} />
        <section className="auth-card auth-card--wide" aria-labelledby="line-title">
          <h1 id="line-title" className="auth-card__title">
            LINE 登入
          </h1>
          {loaderData.done ? <FinishLineSignIn /> : <LinkOrSignUp />}
        </section>
      </div>
    </div>
  );
}

/** The server stored the session: join the guest cart, as every login does (spec §4), and go on. */
function FinishLineSignIn() {
  const api = useApi();
  const location = useLocation();
  useEffect(() => {
    const auth = browserAuthData();
    const next = () => window.location.assign(afterLoginPath(location.search));
    if (!auth) return next();
    void joinGuestCartAtLogin(api, auth.id)
      .catch(() => undefined)
      .then(next);
  }, [api, location.search]);
  return (
    <p className="auth-card__lead" role="status">
      登入成功，正在前往下一頁…
    </p>
  );
}

/** The `?line_error=` code of a refused link, by the server's zh-TW message. */
function refusalCode(error: unknown): LineLoginError {
  const text = error instanceof ApiError ? error.message : '';
  const found = (Object.keys(lineLoginErrors) as LineLoginError[]).find((code) => lineLoginErrors[code] === text);
  return found ?? 'state';
}

function LinkOrSignUp() {
  const api = useApi();
  const location = useLocation();
  const [name, setName] = useState<string | null>(null);
  const [missing, setMissing] = useState('');
  useEffect(() => {
    getLinePending(api).then(
      (p) => setName(p.display_name),
      (e: unknown) => setMissing(e instanceof ApiError ? e.message : lineLoginErrorText('state')),
    );
  }, [api]);
  // After the password login: link the waiting LINE account, join the cart, go on; a link refused
  // (the LINE account is another member's) is told on the member's LINE card instead.
  const finish = useCallback(
    async (answer: AuthAnswer) => {
      completeLogin(answer);
      let next = afterLoginPath(location.search);
      try {
        await linkPendingLine(api, answer.id);
      } catch (error) {
        next = `/member/personal-info?line_error=${refusalCode(error)}`;
      }
      await joinGuestCartAtLogin(api, answer.id).catch(() => undefined);
      window.location.assign(next);
    },
    [api, location.search],
  );
  const search = new URLSearchParams(location.search);
  search.set('line', '1');
  if (missing) {
    return (
      <>
        <LineErrorNotice text={missing} />
        <div className="auth-card__links">
          <ShopLink to="/login">回到會員登入</ShopLink>
        </div>
      </>
    );
  }
  return (
    <>
      <p className="auth-card__lead">
        {name === null ? '正在讀取 LINE 帳號…' : `LINE 帳號「${name || 'LINE 使用者'}」尚未綁定會員。`}
        綁定後，下次可直接用 LINE 登入。
      </p>
      <div className="line-link__choices">
        <section className="line-link__choice" aria-labelledby="line-has-account">
          <h2 id="line-has-account">已經是會員：登入並綁定</h2>
          <LoginForm onLoggedIn={finish} />
        </section>
        <section className="line-link__choice" aria-labelledby="line-new-account">
          <h2 id="line-new-account">還不是會員：註冊並綁定</h2>
          <p className="auth-form__note">以手機號碼與簡訊驗證碼註冊（訂單與載具需要手機號碼），完成後自動綁定 LINE。</p>
          <ShopLink className="button button--ghost auth-form__submit" to={`/login/register?${search}`}>
            註冊新會員
          </ShopLink>
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

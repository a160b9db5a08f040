import type { Route } from './+types/forgot-password';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { Breadcrumb } from '../components/ui/breadcrumb.tsx';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form.tsx';
import { pageMeta } from '../lib/page-meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '忘記密碼');

export default function ForgotPasswordPage() {
  return (
    <div className="auth-page">
      <div className="container">
        <Breadcrumb items={[{ title: '會員中心' }, { title: '忘記密碼' }]} />
        <section className="auth-card" aria-labelledby="forgot-title">
          <h1 id="forgot-title" className="auth-card__title">
            忘記密碼
          </h1>
          <p className="auth-card__lead">輸入註冊的手機號碼，以簡訊驗證碼設定新密碼。</p>
          <ForgotPasswordForm />
          <div className="auth-card__links">
            <ShopLink to="/login">返回登入</ShopLink>
          </div>
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

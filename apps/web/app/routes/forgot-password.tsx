import type { Route } from './+types/forgot-password';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { ShopLink } from '../components/shop-link.tsx';
import { AuthPageFrame } from '../features/auth/auth-page-frame.tsx';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form.tsx';
import { pageMeta } from '../lib/page-meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '忘記密碼');

export default function ForgotPasswordPage() {
  return (
    <AuthPageFrame title="忘記密碼" titleId="forgot-title" lead="輸入註冊的手機號碼，以簡訊驗證碼設定新密碼。">
      <ForgotPasswordForm />
      <div className="auth-card__links">
        <ShopLink to="/login">返回登入</ShopLink>
      </div>
    </AuthPageFrame>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

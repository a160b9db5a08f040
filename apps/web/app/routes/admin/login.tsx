import { Form, data, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/login';
import adminStyles from '../../styles/admin.css?url';
import { ApiError, unwrap } from '../../api/client.ts';
import { fieldErrors, safeNext, staffCookie, staffTokenFrom } from '../../features/admin/admin-api.server.ts';
import type { OwnLayoutHandle } from '../../features/admin/back-office-path.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { TextField } from '../../features/admin/components/fields.tsx';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';

export const handle: OwnLayoutHandle = { ownLayout: true };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }];

export const meta: Route.MetaFunction = () => adminMeta('登入');

export async function loader({ request }: Route.LoaderArgs) {
  // Already signed in: straight on (the layout checks the session and comes back here if it ended).
  if (staffTokenFrom(request)) throw redirect(safeNext(new URL(request.url).searchParams.get('next')));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const account = String(form.get('account') ?? '');
  try {
    const answer = await unwrap<{ token: { access_token: string } }>(
      await context.apiFetch('/api/v1/admin/auth', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ account, password: String(form.get('password') ?? '') }),
      }),
    );
    return redirect(safeNext(new URL(request.url).searchParams.get('next')), {
      headers: { 'Set-Cookie': staffCookie(answer.token.access_token, context) },
    });
  } catch (err) {
    const failure = err instanceof ApiError ? err : new ApiError(500, '系統忙碌中，請稍後再試');
    return data(
      { message: failure.message, errors: fieldErrors(failure.errors), account },
      { status: failure.status === 401 ? 401 : failure.status >= 500 ? 500 : 400 },
    );
  }
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <main className="bo-login">
      <div className="bo-login__card">
        <h1>商店後台</h1>
        <p>請以員工帳號登入</p>
        {actionData?.message ? (
          <div className="bo-notice bo-notice--error" role="alert">
            {actionData.message}
          </div>
        ) : null}
        <Form method="post" className="bo-form">
          <TextField
            label="帳號"
            name="account"
            required
            autoComplete="username"
            defaultValue={actionData?.account}
            error={actionData?.errors?.account}
          />
          <TextField
            label="密碼"
            name="password"
            type="password"
            required
            autoComplete="current-password"
            error={actionData?.errors?.password}
          />
          <button type="submit" className="bo-button bo-button--primary" disabled={busy}>
            {busy ? '登入中…' : '登入'}
          </button>
        </Form>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <main className="bo-login">
      <AdminRouteError />
    </main>
  );
}

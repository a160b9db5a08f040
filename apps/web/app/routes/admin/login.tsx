import { Form, data, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/login';
import adminStyles from '../../styles/admin.css?url';
import { ApiError, readCookie, unwrap } from '../../api/client.ts';
import { fieldErrors, safeNext, staffCookie, staffTokenFrom } from '../../features/admin/admin-api.server.ts';
import type { OwnLayoutHandle } from '../../features/admin/back-office-path.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { TextField } from '../../features/admin/components/fields.tsx';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { readForm } from '../../lib/form-post.server.ts';

export const handle: OwnLayoutHandle = { ownLayout: true };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }];

export const meta: Route.MetaFunction = () => adminMeta('登入');

export async function loader({ request, url }: Route.LoaderArgs) {
  // Already signed in: straight on (the layout checks the session and comes back here if it ended).
  if (staffTokenFrom(request)) throw redirect(safeNext(url.searchParams.get('next')));
  return null;
}

/**
 * This browser's proof that it signed in before (docs/decisions/037): the API hands it to this page's
 * server, which keeps it here and shows it to the API at the next sign-in, so strangers' failed
 * guesses do not hold this browser back. HttpOnly and sent to the login page only.
 */
const DEVICE_COOKIE = 'shop_admin_device';
const DEVICE_COOKIE_SECONDS = 180 * 86_400; // the API's KNOWN_DEVICE_DAYS
const DEVICE_TOKEN = /^[\w.-]{1,200}$/;

function deviceCookie(token: string, context: Route.ActionArgs['context']): string {
  const secure = context.publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${token}; Max-Age=${DEVICE_COOKIE_SECONDS}; Path=/admin/login; HttpOnly; SameSite=Lax${secure}`;
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const account = String(form.get('account') ?? '');
  const device = readCookie(request.headers.get('cookie') ?? '', DEVICE_COOKIE);
  try {
    const answer = await unwrap<{ token: { access_token: string }; known_device?: string }>(
      await context.apiFetch('/api/v1/admin/auth', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(device && DEVICE_TOKEN.test(device) ? { cookie: `shop_staff_device=${device}` } : {}),
        },
        body: JSON.stringify({ account, password: String(form.get('password') ?? '') }),
      }),
    );
    const headers = new Headers({ 'Set-Cookie': staffCookie(answer.token.access_token, context) });
    if (answer.known_device && DEVICE_TOKEN.test(answer.known_device)) {
      headers.append('Set-Cookie', deviceCookie(answer.known_device, context));
    }
    return redirect(safeNext(url.searchParams.get('next')), { headers });
  } catch (err) {
    const failure = err instanceof ApiError ? err : new ApiError(500, '系統忙碌中，請稍後再試');
    // 429 keeps its status: the message already says how long to wait.
    const status = [401, 429].includes(failure.status) ? failure.status : failure.status >= 500 ? 500 : 400;
    return data({ message: failure.message, errors: fieldErrors(failure.errors), account }, { status });
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

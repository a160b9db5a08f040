import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { clearStaffCookie, staffTokenFrom } from '../../features/admin/admin-api.server.ts';

/** POST /admin/logout: ends the session on the server (the token stops working) and drops the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = staffTokenFrom(request);
  if (token) {
    await context
      .apiFetch('/api/v1/admin/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } })
      .catch(() => undefined);
  }
  return redirect('/admin/login', { headers: { 'Set-Cookie': clearStaffCookie(context) } });
}

export async function loader() {
  return redirect('/admin');
}

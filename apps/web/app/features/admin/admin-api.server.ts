// Back-office calls from loaders and actions (docs/admin.md). The staff token lives in its own
// HttpOnly cookie `shop_admin` (never the member cookies, docs/decisions/010) and is sent as a bearer
// token to `/api/v1/admin/...` and the staff-only spec paths (POST /courses, …).
import { redirect, type AppLoadContext } from 'react-router';
import type { StaffAccountRecord } from '@shop/domain';
import { ApiError, readCookie, unwrap, type ApiFetch, type FieldError } from '../../api/client.ts';
import { isPageOrBelow, sameOriginPath } from '../../lib/same-origin-path.ts';

export const STAFF_COOKIE = 'shop_admin';
/** The API's session length (12 h); the cookie dies with it. */
const SESSION_SECONDS = 12 * 60 * 60;

/** The signed-in staff member (GET /admin/me). */
export type StaffMe = StaffAccountRecord;

export function staffTokenFrom(request: Request): string | null {
  const raw = readCookie(request.headers.get('cookie') ?? '', STAFF_COOKIE);
  return raw && /^[\w.-]+$/.test(raw) ? raw : null;
}

function cookieFlags(context: AppLoadContext): string {
  return `Path=/; HttpOnly; SameSite=Lax${context.publicUrl.startsWith('https://') ? '; Secure' : ''}`;
}

export function staffCookie(token: string, context: AppLoadContext): string {
  return `${STAFF_COOKIE}=${token}; Max-Age=${SESSION_SECONDS}; ${cookieFlags(context)}`;
}

export function clearStaffCookie(context: AppLoadContext): string {
  return `${STAFF_COOKIE}=; Max-Age=0; ${cookieFlags(context)}`;
}

/** Where to go after signing in: only a back-office page of this site (issue 22: no open redirect). */
export function safeNext(value: string | null | undefined): string {
  const wanted = sameOriginPath(value);
  return wanted && isPageOrBelow(wanted, '/admin') && !isPageOrBelow(wanted, '/admin/login') ? wanted : '/admin';
}

/** What a back-office loader or action is given: the page's own address is `url`, not `request.url`. */
export type PageArgs = { request: Request; url: URL; context: AppLoadContext };

function loginRedirect({ request, url, context }: PageArgs): Response {
  const next = request.method === 'GET' ? `${url.pathname}${url.search}` : url.pathname;
  return redirect(`/admin/login?next=${encodeURIComponent(next)}`, {
    headers: { 'Set-Cookie': clearStaffCookie(context) },
  });
}

/**
 * An ApiFetch carrying the staff token. Without a token, or when the API answers 401 (session
 * ended, account deactivated), the page redirects to /admin/login and comes back afterwards.
 */
export function staffApi(page: PageArgs): ApiFetch {
  const { request, context } = page;
  const token = staffTokenFrom(request);
  if (!token) throw loginRedirect(page);
  return async (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    headers.set('accept', 'application/json');
    const res = await context.apiFetch(path, { ...init, headers });
    if (res.status === 401) throw loginRedirect(page);
    return res;
  };
}

/** GET /admin/me for the layout: who is signed in (redirects to the login page when nobody). */
export async function currentStaff(page: PageArgs): Promise<StaffMe> {
  return unwrap<StaffMe>(await staffApi(page)('/api/v1/admin/me'));
}

/** A GET of the admin API: data plus the X-Total-Count of paged lists. A 403 becomes the page's 403. */
export async function adminGet<T>(api: ApiFetch, path: string): Promise<{ data: T; total: number }> {
  const res = await api(`/api/v1${path}`);
  if (res.status === 403 || res.status === 404) throw new Response(null, { status: res.status });
  const data = await unwrap<T>(res);
  const total = Number(res.headers.get('x-total-count'));
  return {
    data,
    total: Number.isFinite(total) && res.headers.has('x-total-count') ? total : Array.isArray(data) ? data.length : 0,
  };
}

/** What an action answers to its form: field errors, a general message, or success. */
export interface ActionResult<T = unknown> {
  ok: boolean;
  /** A general message (409 conflict, 403, network) shown above the form. */
  message?: string;
  /** zh-TW field errors from the API, keyed by field name (`specs.0.price`…). */
  errors?: Record<string, string>;
  /** The submitted values, so the form keeps what the person typed. */
  values?: Record<string, unknown>;
  /** True for a 409: the form offers to reload. */
  conflict?: boolean;
  data?: T;
}

export function fieldErrors(errors: FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) out[e.field] ??= e.msg;
  return out;
}

/**
 * Sends a JSON body to the admin API and turns the answer into an ActionResult: 400 → field
 * errors, 409 → a conflict message, other errors → their zh-TW message. Never throws for them.
 */
export async function adminSend<T>(
  api: ApiFetch,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ActionResult<T>> {
  try {
    const init: RequestInit = { method };
    if (body !== undefined) {
      init.headers = { 'content-type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    const data = await unwrap<T>(await api(`/api/v1${path}`, init));
    return { ok: true, data };
  } catch (err) {
    if (err instanceof Response) throw err; // a login redirect
    if (err instanceof ApiError) {
      return {
        ok: false,
        message: err.message,
        errors: err.errors.length ? fieldErrors(err.errors) : undefined,
        conflict: err.status === 409,
      };
    }
    return { ok: false, message: '系統忙碌中，請稍後再試' };
  }
}

/** `?q=&status=&page=&size=&sort=` plus a page's own filters, as the admin list endpoints read them. */
export function listQuery(url: URL, own: readonly string[] = [], size = 20): string {
  const out = new URLSearchParams();
  for (const key of ['q', 'status', 'page', 'sort', ...own]) {
    const value = url.searchParams.get(key);
    if (value) out.set(key, value);
  }
  out.set('size', String(size));
  return out.toString();
}

/**
 * A list row's own action: `intent=status` (PATCH …/status) or `intent=delete` (DELETE …?version=).
 * `writePath` is where the record type is written when the spec names other paths (/courses…).
 */
export async function rowAction(
  api: ApiFetch,
  form: FormData,
  paths: { read: string; write?: string },
): Promise<ActionResult | null> {
  const intent = form.get('intent');
  const id = String(form.get('id') ?? '');
  const version = String(form.get('version') ?? '');
  if (!/^\d+$/.test(id)) return null;
  if (intent === 'status') {
    const result = await adminSend(api, 'PATCH', `${paths.read}/${id}/status`, { status: form.get('status'), version });
    return result.ok ? { ok: true, message: form.get('status') === '1' ? '已上架' : '已下架' } : result;
  }
  if (intent === 'delete') {
    const result = await adminSend(
      api,
      'DELETE',
      `${paths.write ?? paths.read}/${id}?version=${encodeURIComponent(version)}`,
    );
    return result.ok ? { ok: true, message: '已刪除' } : result;
  }
  return null;
}

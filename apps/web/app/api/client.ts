// The typed API client shared by loaders (given `context.apiFetch`) and the browser
// (`createBrowserApiFetch`). Area files (settings.ts, catalogue.ts, content.ts, contact.ts) build
// on `apiGet` / `apiSend`; nothing else in the app calls fetch for the API.
import { isExemptApiPath } from '@shop/domain';

/** `fetch` for `/api/v1/...` paths: the server's in-process one, or the browser's below. */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

export const API_BASE = '/api/v1';

export interface FieldError {
  field: string;
  msg: string;
}

/** A non-2xx reply (or a body whose `code` is not 2xx), with the server's zh-TW message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface Envelope<T> {
  code?: number;
  data?: T;
  msg?: string;
  errors?: FieldError[];
}

async function readEnvelope<T>(res: Response): Promise<Envelope<T>> {
  try {
    return (await res.json()) as Envelope<T>;
  } catch {
    return {};
  }
}

/** Unwraps `{"code":200,"data":...}`; throws ApiError for an error envelope or status. */
export async function unwrap<T>(res: Response): Promise<T> {
  const body = await readEnvelope<T>(res);
  const code = typeof body.code === 'number' ? body.code : res.status;
  if (!res.ok || code >= 400) {
    throw new ApiError(res.ok ? code : res.status, body.msg ?? '系統忙碌中，請稍後再試', body.errors ?? []);
  }
  return body.data as T;
}

export async function apiGet<T>(api: ApiFetch, path: string): Promise<T> {
  return unwrap<T>(await api(`${API_BASE}${path}`, { headers: { accept: 'application/json' } }));
}

/** A list plus the `X-Total-Count` header of paged list endpoints. */
export async function apiGetPage<T>(api: ApiFetch, path: string): Promise<{ items: T[]; total: number }> {
  const res = await api(`${API_BASE}${path}`, { headers: { accept: 'application/json' } });
  const items = (await unwrap<T[] | null>(res)) ?? [];
  const header = Number(res.headers.get('x-total-count'));
  return {
    items,
    total: Number.isFinite(header) && header >= 0 && res.headers.has('x-total-count') ? header : items.length,
  };
}

export async function apiSend<T>(
  api: ApiFetch,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const init: RequestInit = { method, headers: { accept: 'application/json', ...headers } };
  if (body instanceof FormData) {
    // multipart: the browser writes the content type with its boundary.
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return unwrap<T>(await api(`${API_BASE}${path}`, init));
}

/** spec §8: catalogue load failures are swallowed; the caller gets `fallback` instead. */
export async function orFallback<T, F>(load: Promise<T>, fallback: F): Promise<T | F> {
  try {
    return await load;
  } catch {
    return fallback;
  }
}

/** spec §8: the 401 message that means the member's access token expired or is invalid. */
export const TOKEN_INVALID_MSG = 'token驗證失敗';

/**
 * For loaders reading public catalogue data: when the member's token has expired (401
 * 「token驗證失敗」), ask again as a guest so the page still shows the shop, and note it in
 * `state.tokenExpired` so the page can start the refresh-or-logout flow of spec §4.
 */
export function withGuestFallback(
  api: ApiFetch,
  guestAuthorization: string,
  state: { tokenExpired: boolean },
): ApiFetch {
  return async (path, init = {}) => {
    const res = await api(path, init);
    if (res.status !== 401 || new Headers(init.headers).has('authorization')) return res;
    const body = (await readEnvelope<unknown>(res.clone())) as { msg?: string };
    if (body.msg !== TOKEN_INVALID_MSG) return res;
    state.tokenExpired = true;
    const headers = new Headers(init.headers);
    headers.set('authorization', guestAuthorization);
    return api(guestPath(path), { ...init, headers });
  };
}

// ---- browser side (spec §6, §7) -------------------------------------------------------------

/** spec §6: without auth data `/api/v1/x` is asked as `/api/v1/guest/x` (exempt paths excepted). */
export function guestPath(path: string): string {
  if (!path.startsWith(`${API_BASE}/`) || path.startsWith(`${API_BASE}/guest/`) || isExemptApiPath(path)) return path;
  return `${API_BASE}/guest/${path.slice(API_BASE.length + 1)}`;
}

export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Auth data cookie of spec §9 (`web_auth_data`): URI-encoded JSON `{id, token: {access_token, refresh_token}}`. */
export const AUTH_COOKIE = 'web_auth_data';
export const MEMBER_COOKIE = 'web_member_data';
const XSRF_COOKIE = 'XSRF-TOKEN';

/** Parses a URI-encoded JSON cookie value; null when missing or malformed. */
export function readJsonCookie<T>(cookieHeader: string, name: string): T | null {
  const raw = readCookie(cookieHeader, name);
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as unknown;
    return value && typeof value === 'object' ? (value as T) : null;
  } catch {
    return null;
  }
}

export function accessTokenFrom(cookieHeader: string): string | null {
  const auth = readJsonCookie<{ token?: { access_token?: unknown } }>(cookieHeader, AUTH_COOKIE);
  const token = auth?.token?.access_token;
  return typeof token === 'string' && token !== '' ? token : null;
}

interface BrowserApiOptions {
  guestAuthorization: string;
  /** Called when a call made with the member's token answers 401 「token驗證失敗」 (spec §8). */
  onTokenExpired?: () => void;
  /** Injected for tests; defaults to `document.cookie` and the global fetch. */
  cookies?: () => string;
  fetch?: typeof fetch;
}

/** The browser's ApiFetch: bearer token when logged in, else guest path + guest credential; XSRF on writes. */
export function createBrowserApiFetch(options: BrowserApiOptions): ApiFetch {
  const cookies = options.cookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  return (path, init = {}) => {
    const jar = cookies();
    const headers = new Headers(init.headers);
    let url = path;
    // spec §6: a caller-supplied Authorization header wins.
    let withMemberToken = false;
    if (!headers.has('authorization')) {
      const token = accessTokenFrom(jar);
      withMemberToken = token !== null;
      if (token) headers.set('authorization', `Bearer ${token}`);
      else if (guestPath(path) !== path) {
        url = guestPath(path);
        headers.set('authorization', options.guestAuthorization);
      }
    }
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') {
      const xsrf = readCookie(jar, XSRF_COOKIE);
      if (xsrf) headers.set('x-xsrf-token', decodeURIComponent(xsrf));
    }
    const sent = doFetch(url, { ...init, headers, credentials: 'same-origin' });
    if (!withMemberToken || !options.onTokenExpired) return sent;
    return sent.then(async (res) => {
      if (res.status === 401) {
        const body = (await readEnvelope<unknown>(res.clone())) as { msg?: string };
        if (body.msg === TOKEN_INVALID_MSG) options.onTokenExpired?.();
      }
      return res;
    });
  };
}

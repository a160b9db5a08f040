import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiGetPage, createBrowserApiFetch, guestPath, unwrap, withGuestFallback } from './client.ts';

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' }, ...init });

describe('guestPath', () => {
  it.each([
    ['/api/v1/products', '/api/v1/guest/products'],
    ['/api/v1/guest/products', '/api/v1/guest/products'],
    ['/api/v1/members/auth', '/api/v1/members/auth'],
    ['/api/v1/members-signup', '/api/v1/members-signup'],
    ['/api/v1/products-preview/3', '/api/v1/products-preview/3'],
    // A search for the words of an exempt path is a search like any other (issue 15).
    ['/api/v1/search?keyword=login', '/api/v1/guest/search?keyword=login'],
    ['/api/v1/search?keyword=ecpay-payment', '/api/v1/guest/search?keyword=ecpay-payment'],
    ['/uploads/a.webp', '/uploads/a.webp'],
  ])('%s → %s', (path, expected) => {
    expect(guestPath(path)).toBe(expected);
  });
});

describe('createBrowserApiFetch', () => {
  const setup = (cookies: string) => {
    const fetch = vi.fn(async () => json({ code: 200, data: [] }));
    const api = createBrowserApiFetch({ guestAuthorization: 'Basic Z3Vlc3Q6eA==', cookies: () => cookies, fetch });
    const call = () => {
      const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
      return { url, headers: new Headers(init.headers) };
    };
    return { api, call };
  };

  it('sends guests to the guest path with the guest credential', async () => {
    const { api, call } = setup('');
    await api('/api/v1/products');
    expect(call().url).toBe('/api/v1/guest/products');
    expect(call().headers.get('authorization')).toBe('Basic Z3Vlc3Q6eA==');
  });

  it('uses the member token from web_auth_data', async () => {
    const auth = encodeURIComponent(JSON.stringify({ id: 1, token: { access_token: 'abc', refresh_token: 'r' } }));
    const { api, call } = setup(`web_auth_data=${auth}`);
    await api('/api/v1/products');
    expect(call().url).toBe('/api/v1/products');
    expect(call().headers.get('authorization')).toBe('Bearer abc');
  });

  it('lets a caller-supplied Authorization win', async () => {
    const { api, call } = setup('');
    await api('/api/v1/products', { headers: { Authorization: 'Bearer mine' } });
    expect(call().url).toBe('/api/v1/products');
    expect(call().headers.get('authorization')).toBe('Bearer mine');
  });

  it('copies XSRF-TOKEN into X-XSRF-TOKEN on writes only', async () => {
    const { api, call } = setup('XSRF-TOKEN=tok123; other=1');
    await api('/api/v1/contact-us', { method: 'POST', body: '{}' });
    expect(call().url).toBe('/api/v1/guest/contact-us');
    expect(call().headers.get('x-xsrf-token')).toBe('tok123');
  });

  it('leaves exempt paths alone', async () => {
    const { api, call } = setup('');
    await api('/api/v1/members/auth', { method: 'POST', body: '{}' });
    expect(call().url).toBe('/api/v1/members/auth');
    expect(call().headers.get('authorization')).toBeNull();
  });
});

describe('createBrowserApiFetch token expiry (spec §8)', () => {
  const auth = `web_auth_data=${encodeURIComponent(JSON.stringify({ id: 1, token: { access_token: 'abc', refresh_token: 'r' } }))}`;
  const answering = (body: unknown, status: number, cookies: string) => {
    const onTokenExpired = vi.fn();
    const api = createBrowserApiFetch({
      guestAuthorization: 'Basic x',
      cookies: () => cookies,
      fetch: async () => json(body, { status }),
      onTokenExpired,
    });
    return { api, onTokenExpired };
  };

  it('reports a 401 「token驗證失敗」 to a member call, and still answers it', async () => {
    const { api, onTokenExpired } = answering({ code: 401, msg: 'token驗證失敗' }, 401, auth);
    const res = await api('/api/v1/members/1');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 401, msg: 'token驗證失敗' });
    expect(onTokenExpired).toHaveBeenCalledTimes(1);
  });

  it.each<[string, unknown, number, string]>([
    ['another 401 message', { code: 401, msg: '登入已逾時，請重新登入' }, 401, auth],
    ['another status', { code: 403, msg: 'token驗證失敗' }, 403, auth],
    ['a guest call', { code: 401, msg: 'token驗證失敗' }, 401, ''],
  ])('ignores %s', async (_name, body, status, cookies) => {
    const { api, onTokenExpired } = answering(body, status, cookies);
    await api('/api/v1/members/1');
    expect(onTokenExpired).not.toHaveBeenCalled();
  });
});

describe('unwrap', () => {
  it('returns data of a success envelope', async () => {
    await expect(unwrap(json({ code: 200, data: { a: 1 } }))).resolves.toEqual({ a: 1 });
  });

  it('throws ApiError with the zh-TW message and field errors', async () => {
    const res = json(
      { code: 400, msg: '輸入資料有誤', errors: [{ field: 'email', msg: '請輸入正確的 Email 格式' }] },
      { status: 400 },
    );
    const error = await unwrap(res).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: '輸入資料有誤', errors: [{ field: 'email' }] });
  });

  it('reads X-Total-Count for pages', async () => {
    const api = async () => json({ code: 200, data: [1, 2] }, { headers: { 'x-total-count': '37' } });
    await expect(apiGetPage(api, '/products?page=1&size=2')).resolves.toEqual({ items: [1, 2], total: 37 });
  });
});

describe('withGuestFallback', () => {
  it('asks again as a guest when the member token expired, and says so', async () => {
    const calls: Array<[string, string | null]> = [];
    const api = async (path: string, init: RequestInit = {}) => {
      const auth = new Headers(init.headers).get('authorization');
      calls.push([path, auth]);
      return auth ? json({ code: 200, data: ['ok'] }) : json({ code: 401, msg: 'token驗證失敗' }, { status: 401 });
    };
    const state = { tokenExpired: false };
    const res = await withGuestFallback(api, 'Basic g', state)('/api/v1/products');
    await expect(unwrap(res)).resolves.toEqual(['ok']);
    expect(calls).toEqual([
      ['/api/v1/products', null],
      ['/api/v1/guest/products', 'Basic g'],
    ]);
    expect(state.tokenExpired).toBe(true);
  });

  it('leaves other errors alone', async () => {
    const api = async () => json({ code: 401, msg: '請先登入' }, { status: 401 });
    const state = { tokenExpired: false };
    const res = await withGuestFallback(api, 'Basic g', state)('/api/v1/members/1');
    expect(res.status).toBe(401);
    expect(state.tokenExpired).toBe(false);
  });
});

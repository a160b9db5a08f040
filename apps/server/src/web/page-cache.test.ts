import { describe, expect, it } from 'vitest';
import { isCacheableRequest, isCacheableResponse, PageCache, withNonce } from './page-cache.ts';

describe('which guest pages are kept', () => {
  it.each([
    ['GET', '/', {}, true],
    ['GET', '/products?t=3&code=DEMOKOL', {}, true],
    ['GET', '/news', { 'XSRF-TOKEN': 'x' }, true],
    ['HEAD', '/', {}, false],
    ['POST', '/', {}, false],
    ['GET', '/', { web_auth_data: 'a' }, false],
    ['GET', '/', { web_member_data: 'm' }, false],
    ['GET', '/member', {}, false],
    ['GET', '/member/orders', {}, false],
    ['GET', '/cart', {}, false],
    ['GET', '/admin/products', {}, false],
    ['GET', '/login/0', {}, false],
    ['GET', '/payment/12', {}, false],
    ['GET', '/searching-order?keyword=0912345678', {}, false],
    ['GET', '/members-only', {}, true],
  ] as const)('%s %s with cookies %j → %s', (method, url, cookies, expected) => {
    expect(isCacheableRequest(method, url, cookies)).toBe(expected);
  });

  it.each([
    [200, { 'content-type': 'text/html; charset=utf-8' }, true],
    [404, { 'content-type': 'text/html; charset=utf-8' }, false],
    [302, { location: '/' }, false],
    [200, { 'content-type': 'application/json' }, false],
    [200, { 'content-type': 'text/html', 'cache-control': 'no-store' }, false],
    [200, { 'content-type': 'text/html', 'cache-control': 'private, max-age=0' }, false],
    [200, { 'content-type': 'text/html', 'set-cookie': 'a=b' }, false],
  ] as const)('answer %i %j → %s', (status, headers, expected) => {
    expect(isCacheableResponse(status, new Headers(headers))).toBe(expected);
  });
});

describe('PageCache', () => {
  it('keeps a page for its time to live, then forgets it', () => {
    let now = 1_000;
    const cache = new PageCache(5_000, 10, () => now);
    cache.set('/', { status: 200, headers: [], body: '<p>hi</p>' });
    expect(cache.get('/')?.body).toBe('<p>hi</p>');
    now += 4_999;
    expect(cache.get('/')).toBeDefined();
    now += 1;
    expect(cache.get('/')).toBeUndefined();
  });

  it('serves every answer with its own nonce, in the body and the headers', () => {
    const cache = new PageCache(5_000);
    cache.set('/', {
      status: 200,
      headers: [['content-security-policy', "script-src 'nonce-abc123'"]],
      body: '<script nonce="abc123"></script><script nonce="abc123"></script>',
      nonce: 'abc123',
    });
    const page = cache.get('/')!;
    expect(page.body).not.toContain('abc123');
    const served = withNonce(page, 'fresh9');
    expect(served.body).toBe('<script nonce="fresh9"></script><script nonce="fresh9"></script>');
    expect(served.headers).toEqual([['content-security-policy', "script-src 'nonce-fresh9'"]]);
  });

  it('is emptied by clear() and keeps nothing with a zero time to live', () => {
    const cache = new PageCache(5_000);
    cache.set('/', { status: 200, headers: [], body: 'x' });
    cache.clear();
    expect(cache.get('/')).toBeUndefined();
    const off = new PageCache(0);
    off.set('/', { status: 200, headers: [], body: 'x' });
    expect(off.get('/')).toBeUndefined();
  });

  it('wants a page only when its URL comes again within the time to live', () => {
    let now = 1_000;
    const cache = new PageCache(5_000, 10, () => now);
    expect(cache.wanted('/?fbclid=one')).toBe(false);
    expect(cache.wanted('/?fbclid=two')).toBe(false);
    expect(cache.wanted('/?fbclid=one')).toBe(true);
    now += 5_000;
    expect(cache.wanted('/?fbclid=one')).toBe(false);
    expect(new PageCache(0).wanted('/')).toBe(false);
  });

  it('drops everything rather than grow past its size', () => {
    const cache = new PageCache(5_000, 2);
    cache.set('/a', { status: 200, headers: [], body: 'a' });
    cache.set('/b', { status: 200, headers: [], body: 'b' });
    cache.set('/c', { status: 200, headers: [], body: 'c' });
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/c')?.body).toBe('c');
  });
});

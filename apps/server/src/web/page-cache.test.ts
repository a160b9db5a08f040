import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  isCacheableRequest,
  isCacheableResponse,
  PageCache,
  pageCacheKey,
  pageQueryParameters,
  withNonce,
  type RenderOutcome,
  type RenderedPage,
} from './page-cache.ts';

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
    [404, { 'content-type': 'text/html; charset=utf-8' }, true],
    [400, { 'content-type': 'text/html; charset=utf-8' }, false],
    [500, { 'content-type': 'text/html; charset=utf-8' }, false],
    [503, { 'content-type': 'text/html; charset=utf-8' }, false],
    [302, { location: '/' }, false],
    [200, { 'content-type': 'application/json' }, false],
    [200, { 'content-type': 'text/html', 'cache-control': 'no-store' }, false],
    [200, { 'content-type': 'text/html', 'cache-control': 'private, max-age=0' }, false],
    [200, { 'content-type': 'text/html', 'set-cookie': 'a=b' }, false],
  ] as const)('answer %i %j → %s', (status, headers, expected) => {
    expect(isCacheableResponse(status, Object.entries(headers))).toBe(expected);
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

  it('wants a page only when its key comes again within the time to live', () => {
    let now = 1_000;
    const cache = new PageCache(5_000, 10, () => now);
    expect(cache.wanted('/searching?keyword=one')).toBe(false);
    expect(cache.wanted('/searching?keyword=two')).toBe(false);
    expect(cache.wanted('/searching?keyword=one')).toBe(true);
    now += 5_000;
    expect(cache.wanted('/searching?keyword=one')).toBe(false);
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

describe('the key a guest page is kept under', () => {
  it.each([
    // Parameters no page reads never split the cache.
    ['/products?t=3&sn=5&v=1', '/products?sn=5&t=3'],
    ['/products?t=3&sn=5&v=2', '/products?sn=5&t=3'],
    ['/products?sn=5&t=3', '/products?sn=5&t=3'],
    ['/?utm_source=line&utm_medium=social&utm_campaign=spring&utm_content=a&utm_term=b', '/'],
    ['/products?t=3&sn=5&fbclid=IwAR0abc', '/products?sn=5&t=3'],
    ['/products?gclid=Cj0KCQ&t=3&sn=5', '/products?sn=5&t=3'],
    // What a page reads always splits it.
    ['/products?t=3&sn=6', '/products?sn=6&t=3'],
    ['/products?t=3&pkg=1', '/products?pkg=1&t=3'],
    ['/products?t=2&bundle=2&page=2', '/products?bundle=2&page=2&t=2'],
    ['/searching?page=2&keyword=%E8%8C%B6&utm_source=x', '/searching?keyword=%E8%8C%B6&page=2'],
    ['/searching?keyword=茶', '/searching?keyword=%E8%8C%B6'],
    ['/?code=DEMOKOL&fbclid=x', '/?code=DEMOKOL'],
    ['/news?page=3&code=K', '/news?code=K&page=3'],
    ['/news/12?page=3', '/news/12'],
    ['/courses?page=2&t=4&utm_source=x', '/courses?page=2&t=4'],
    ['/courses/7?t=4', '/courses/7'],
    ['/recommended?t=1&id=4', '/recommended?id=4&t=1'],
    ['/about?id=2&v=9', '/about?id=2'],
    ['/terms/members?t=5&utm_source=x', '/terms/members?t=5'],
    ['/coop/DEMOKOL?page=2&v=1', '/coop/DEMOKOL?page=2'],
    ['/bundles?page=2', '/bundles?page=2'],
    ['/contact?v=1', '/contact'],
    // Repeated and empty values stay as they came: a page may read them differently from none.
    ['/products?t=1&t=2', '/products?t=1&t=2'],
    ['/products?page=', '/products?page='],
  ])('%s → %s', (url, key) => {
    expect(pageCacheKey(url)).toBe(key);
  });

  it.each([
    '/members-only',
    '/terms',
    '/products/',
    '/sitemap.xml',
    '/robots.txt',
    '/news/..',
    '/news/%2e%2e',
    '//evil.example/news',
    '/unknown/page?v=1',
  ])('%s is not kept: its parameters are not known', (url) => {
    expect(pageCacheKey(url)).toBeNull();
  });
});

describe('the parameters listed for each kept page', () => {
  const webApp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/app');
  // A page whose loader starts reading a new parameter fails here until the list names it; otherwise
  // guests asking with different values would all be served the first one's page.
  it.each([
    ['/', ['routes/home.tsx']],
    ['/products', ['routes/products.tsx', 'lib/catalogue-query.ts', 'features/catalogue/catalogue-pages.server.ts']],
    ['/bundles', ['routes/bundles.tsx']],
    ['/searching', ['routes/searching.tsx']],
    ['/news', ['routes/news.tsx']],
    ['/news/12', ['routes/news-detail.tsx']],
    ['/courses', ['routes/courses.tsx']],
    ['/courses/3', ['routes/course-detail.tsx']],
    ['/recommended', ['routes/recommended.tsx']],
    ['/about', ['routes/about.tsx']],
    ['/terms/members', ['routes/terms.tsx']],
    ['/contact', ['routes/contact.tsx']],
    ['/coop/DEMOKOL', ['routes/coop.tsx']],
  ])('%s names every parameter %j read', (pathname, files) => {
    const listed = pageQueryParameters(pathname);
    expect(listed).toBeDefined();
    for (const file of files) {
      const source = fs.readFileSync(path.join(webApp, file), 'utf8');
      for (const [, name] of source.matchAll(/\b(?:searchParams|q)\.(?:get|getAll|has)\('([^']+)'\)/g)) {
        expect(listed, `${file} reads ${name}`).toContain(name);
      }
    }
  });
});

/** A page render the test finishes by hand, counting how often it was started. */
function fakeRenderer() {
  const pending: Array<(outcome: RenderOutcome<string> | Error) => void> = [];
  const renderer = {
    renders: 0,
    render: () => {
      renderer.renders += 1;
      return new Promise<RenderOutcome<string>>((resolve, reject) => {
        pending.push((outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)));
      });
    },
    /** Settles the oldest render still running. */
    finish(outcome: RenderOutcome<string> | Error) {
      pending.shift()!(outcome);
    },
    /** Settles every render still running, each with its own answer. */
    finishAll(outcome: (n: number) => RenderOutcome<string>) {
      let n = 0;
      while (pending.length) renderer.finish(outcome(n++));
    },
  };
  return renderer;
}

const page = (body: string, nonce?: string): RenderedPage => ({
  status: 200,
  headers: [['content-type', 'text/html']],
  body,
  ...(nonce ? { nonce } : {}),
});

/** What a request is answered with: its own render's answer, or a shared page. */
const answerOf = (answer: { kept: { body: string } } | { own: string }) =>
  'kept' in answer ? `shared:${answer.kept.body}` : `own:${answer.own}`;

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('PageCache.serve: one render for guests asking at once', () => {
  it('renders once for 50 concurrent requests whose addresses differ only in unread parameters', async () => {
    const cache = new PageCache(5_000);
    const renderer = fakeRenderer();
    const answers = Array.from({ length: 50 }, (_, v) =>
      cache.serve(pageCacheKey(`/products?t=1&sn=1&v=${v}`)!, renderer.render),
    );
    await settled();
    expect(renderer.renders).toBe(1);
    renderer.finish({ own: 'bytes', page: page('<p>product 1</p>') });
    const served = (await Promise.all(answers)).map(answerOf);
    expect(served[0]).toBe('own:bytes');
    expect(served.slice(1)).toEqual(Array(49).fill('shared:<p>product 1</p>'));
    // Asked for more than once: kept for whoever comes next.
    await cache.serve('/products?sn=1&t=1', renderer.render);
    expect(renderer.renders).toBe(1);
  });

  it('renders separately what the page reads', async () => {
    const cache = new PageCache(5_000);
    const renderer = fakeRenderer();
    const answers = ['/products?t=1&sn=1', '/products?t=1&sn=2', '/products?t=1&sn=1&code=K'].map((url) =>
      cache.serve(pageCacheKey(url)!, renderer.render),
    );
    await settled();
    expect(renderer.renders).toBe(3);
    renderer.finishAll((n) => ({ own: String(n), page: page(String(n)) }));
    expect((await Promise.all(answers)).map(answerOf)).toEqual(['own:0', 'own:1', 'own:2']);
  });

  it("shares the page with each waiter's own nonce in place of the render's", async () => {
    const cache = new PageCache(5_000);
    const renderer = fakeRenderer();
    const first = cache.serve('/', renderer.render);
    const second = cache.serve('/', renderer.render);
    renderer.finish({ own: 'bytes', page: page('<script nonce="leader1"></script>', 'leader1') });
    await first;
    const shared = await second;
    if (!('kept' in shared)) throw new Error('the waiter was not given the shared page');
    expect(withNonce(shared.kept, 'waiter2').body).toBe('<script nonce="waiter2"></script>');
  });

  it('lets each waiter render on its own when the render fails, without queueing them one by one', async () => {
    const cache = new PageCache(5_000);
    const renderer = fakeRenderer();
    const leader = cache.serve('/news', renderer.render);
    const waiters = [cache.serve('/news', renderer.render), cache.serve('/news', renderer.render)];
    await settled();
    renderer.finish(new Error('API down'));
    await expect(leader).rejects.toThrow('API down');
    await settled();
    expect(renderer.renders).toBe(3);
    renderer.finishAll((n) => ({ own: `retry${n}`, page: page(`retry${n}`) }));
    expect((await Promise.all(waiters)).map(answerOf)).toEqual(['own:retry0', 'own:retry1']);
  });

  it('never hands an answer that is not for sharing to the waiters', async () => {
    const cache = new PageCache(5_000);
    const renderer = fakeRenderer();
    const leader = cache.serve('/products?sn=1', renderer.render);
    const waiter = cache.serve('/products?sn=1', renderer.render);
    await settled();
    renderer.finish({ own: '500 of the leader' });
    expect(answerOf(await leader)).toBe('own:500 of the leader');
    await settled();
    expect(renderer.renders).toBe(2);
    renderer.finish({ own: '500 of the waiter' });
    expect(answerOf(await waiter)).toBe('own:500 of the waiter');
    expect(cache.get('/products?sn=1')).toBeUndefined();
  });

  it('keeps a page a lone guest asked for only when its key comes again (decision 033)', async () => {
    const cache = new PageCache(5_000);
    const renderer = fakeRenderer();
    const once = cache.serve(pageCacheKey('/searching?keyword=rare&utm_source=a')!, renderer.render);
    renderer.finish({ own: 'first', page: page('first') });
    await once;
    expect(cache.get('/searching?keyword=rare')).toBeUndefined();
    const twice = cache.serve(pageCacheKey('/searching?keyword=rare&utm_source=b')!, renderer.render);
    renderer.finish({ own: 'second', page: page('second') });
    await twice;
    expect(cache.get('/searching?keyword=rare')?.body).toBe('second');
  });

  it('renders every request when the page cache is off (how the bench measures renders)', async () => {
    const cache = new PageCache(0);
    const renderer = fakeRenderer();
    const answers = [cache.serve('/', renderer.render), cache.serve('/', renderer.render)];
    await settled();
    expect(renderer.renders).toBe(2);
    renderer.finishAll((n) => ({ own: String(n), page: page(String(n)) }));
    expect((await Promise.all(answers)).map(answerOf)).toEqual(['own:0', 'own:1']);
  });

  it('after a back-office save, starts a new render and keeps nothing of the old one', async () => {
    const cache = new PageCache(5_000);
    const renderer = fakeRenderer();
    const before = [cache.serve('/', renderer.render), cache.serve('/', renderer.render)];
    await settled();
    cache.clear();
    const after = cache.serve('/', renderer.render);
    await settled();
    expect(renderer.renders).toBe(2);
    renderer.finish({ own: 'old', page: page('old data') });
    expect((await Promise.all(before)).map(answerOf)).toEqual(['own:old', 'shared:old data']);
    expect(cache.get('/')).toBeUndefined();
    renderer.finish({ own: 'new', page: page('new data') });
    expect(answerOf(await after)).toBe('own:new');
  });
});

describe('PageCache.serve: a page past its time to live (stale-while-revalidate)', () => {
  it('serves the old page to the requests arriving while one of them renders it again', async () => {
    let now = 1_000;
    const cache = new PageCache(5_000, 10, () => now, 60_000);
    cache.set('/coop/KOL', page('old'));
    now += 5_000; // expired
    expect(cache.get('/coop/KOL')).toBeUndefined();
    const renderer = fakeRenderer();
    const leader = cache.serve('/coop/KOL', renderer.render);
    const burst = Array.from({ length: 20 }, () => cache.serve('/coop/KOL', renderer.render));
    // The burst is answered before the render ends, with the old page, and renders nothing itself.
    expect((await Promise.all(burst)).map(answerOf)).toEqual(Array(20).fill('shared:old'));
    expect(renderer.renders).toBe(1);
    renderer.finish({ own: 'new', page: page('new') });
    expect(answerOf(await leader)).toBe('own:new');
    expect(cache.get('/coop/KOL')?.body).toBe('new');
  });

  it('never serves a page older than the stale window, nor one dropped by a back-office save', async () => {
    let now = 1_000;
    const cache = new PageCache(5_000, 10, () => now, 60_000);
    const renderer = fakeRenderer();
    cache.set('/', page('ancient'));
    now += 65_000;
    const leader = cache.serve('/', renderer.render);
    const waiter = cache.serve('/', renderer.render);
    renderer.finish({ own: 'fresh', page: page('fresh') });
    expect([answerOf(await leader), answerOf(await waiter)]).toEqual(['own:fresh', 'shared:fresh']);

    now += 5_000; // expired, within the stale window
    cache.clear();
    const afterSave = [cache.serve('/', renderer.render), cache.serve('/', renderer.render)];
    renderer.finish({ own: 'saved', page: page('saved') });
    expect((await Promise.all(afterSave)).map(answerOf)).toEqual(['own:saved', 'shared:saved']);
  });
});

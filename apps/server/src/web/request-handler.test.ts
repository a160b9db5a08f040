import type { StorefrontReads } from '@shop/domain';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { registerWebHandler, type WebLoadContext } from './request-handler.ts';

/**
 * A stand-in for the web build (apps/web/build is not built for unit tests): React Router itself
 * matches the route and calls this entry, which writes the address it rendered and the nonce it was
 * given, and counts its renders. It waits a little, so requests sent together overlap.
 */
function fakeWebBuild() {
  const rendered: string[] = [];
  const route = (id: string, routePath: string | undefined, index?: boolean) => ({
    id,
    parentId: id === 'root' ? undefined : 'root',
    path: routePath,
    index,
    caseSensitive: undefined,
  });
  const routes = [route('root', ''), route('routes/home', undefined, true), route('routes/products', 'products')];
  const build = {
    entry: {
      module: {
        async default(request: Request, status: number, headers: Headers, _ctx: unknown, load: WebLoadContext) {
          const url = new URL(request.url);
          rendered.push(url.pathname + url.search);
          await new Promise((resolve) => setTimeout(resolve, 50));
          headers.set('content-type', 'text/html; charset=utf-8');
          const body = `<p>${url.pathname}${url.search}</p><script nonce="${load.cspNonce}"></script>`;
          // A product the shop does not have, as the products route answers it.
          const missing = url.searchParams.get('sn') === 'gone';
          return new Response(body, { status: missing ? 404 : status, headers });
        },
      },
    },
    routes: Object.fromEntries(routes.map((r) => [r.id, { ...r, module: { default: () => null } }])),
    assets: {
      entry: { module: '/entry.js', imports: [], css: [] },
      routes: Object.fromEntries(
        routes.map((r) => [
          r.id,
          { ...r, module: `/${r.id}.js`, hasAction: false, hasLoader: false, hasDefaultExport: true, imports: [] },
        ]),
      ),
      url: '/manifest.js',
      version: 'test',
    },
    basename: '/',
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
  return { build, rendered };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function shopWithPages(pageCacheSeconds: number) {
  const { build, rendered } = fakeWebBuild();
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-client-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: clientDir });
  app = Fastify();
  await app.register(fastifyCookie);
  await registerWebHandler(app, { build, clientDir }, config, {
    analyticsEnabled: async () => ({ ga4: false, metaPixel: false }),
    onDataChange: () => {},
    pageCacheMs: pageCacheSeconds * 1000,
    // This fake build's loader reads nothing: any read is a mistake.
    reads: new Proxy({} as StorefrontReads, {
      get: () => () => Promise.reject(new Error('no reads in this test')),
    }),
    verifyMemberToken: async () => null,
  });
  await app.ready();
  const shop = app;
  const get = (url: string) => shop.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  return { get, rendered };
}

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

describe('guest pages under a burst', () => {
  it('renders a product page once for 30 guests at once, whatever made-up parameters they add', async () => {
    const shop = await shopWithPages(10);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, v) => shop.get(`/products?t=1&sn=1&v=${v}&utm_source=line`)),
    );
    expect(shop.rendered).toEqual(['/products?sn=1&t=1']);
    const nonces = new Set<string>();
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      const nonce = nonceOf(answer.headers['content-security-policy'] as string)!;
      expect(answer.body).toBe(`<p>/products?sn=1&t=1</p><script nonce="${nonce}"></script>`);
      nonces.add(nonce);
    }
    // decision 032: a shared page still gets a nonce of its own for every answer.
    expect(nonces.size).toBe(30);

    // Asked for more than once, so kept: a later guest gets it without a render.
    const later = await shop.get('/products?sn=1&t=1&fbclid=abc');
    expect(later.statusCode).toBe(200);
    expect(shop.rendered).toHaveLength(1);
  });

  it('renders separately the pages the parameters name', async () => {
    const shop = await shopWithPages(10);
    await Promise.all([shop.get('/products?t=1&sn=1'), shop.get('/products?t=1&sn=2'), shop.get('/?code=K')]);
    expect(shop.rendered.sort()).toEqual(['/?code=K', '/products?sn=1&t=1', '/products?sn=2&t=1']);
  });

  it('renders every request when the page cache is off (how the bench measures a render)', async () => {
    const shop = await shopWithPages(0);
    await Promise.all([shop.get('/products?t=1&sn=1&v=1'), shop.get('/products?t=1&sn=1&v=2')]);
    expect(shop.rendered).toEqual(['/products?sn=1&t=1', '/products?sn=1&t=1']);
  });

  it('renders a missing product once for guests asking at once, and keeps it as the 404 it is', async () => {
    const shop = await shopWithPages(10);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, v) => shop.get(`/products?sn=gone&v=${v}`)));
    const later = await shop.get('/products?sn=gone&utm_source=line');
    for (const answer of [...answers, later]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['x-robots-tag']).toBe('noindex');
    }
    expect(shop.rendered).toEqual(['/products?sn=gone']);
  });

  it('renders a page it does not keep as addressed', async () => {
    const shop = await shopWithPages(10);
    await shop.get('/products/?t=1&v=1');
    expect(shop.rendered).toEqual(['/products/?t=1&v=1']);
  });
});

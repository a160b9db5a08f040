import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StorefrontReads } from '@shop/domain';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebLoadContext } from './request-handler.ts';
import { RenderThreads } from './render-threads.ts';
import { wholeBody, type PageAnswer, type PageRequest } from './page-answer.ts';

const page = (url: string, init: Partial<PageRequest> = {}): PageRequest => ({
  url,
  method: 'GET',
  headers: [],
  body: null,
  ...init,
});
const textOf = async (answer: PageAnswer) => (await wholeBody(answer)).toString('utf8');

/**
 * A stand-in for apps/web/build/server/index.js (not built for unit tests), as a module a thread can
 * import: React Router itself runs its loader and action, and the entry streams what they gave back
 * in several chunks written turns apart. `?die` ends the thread in the middle of a render.
 */
const FAKE_BUILD = `
const route = (id, path, module) => ({ id, parentId: id === 'root' ? undefined : 'root', path, module });
const page = {
  default: () => null,
  async loader({ request, context }) {
    if (new URL(request.url).searchParams.has('die')) process.exit(3);
    const [product, session, api] = await Promise.all([
      context.reads.product(7),
      context.session(),
      context.apiFetch('/api/v1/echo', { method: 'POST', headers: { 'x-asked': 'yes' }, body: 'hello' }),
    ]);
    return {
      product,
      session,
      api: { status: api.status, total: api.headers.get('x-total-count'), text: await api.text() },
      publicUrl: context.publicUrl,
    };
  },
  async action({ request }) {
    return { posted: await request.text() };
  },
};
export const routes = { root: route('root', ''), 'routes/page': route('routes/page', 'page', page) };
routes.root.module = { default: () => null };
export const assets = {
  entry: { module: '/entry.js', imports: [], css: [] },
  routes: Object.fromEntries(
    Object.values(routes).map((r) => [
      r.id,
      { id: r.id, parentId: r.parentId, path: r.path, module: '/' + r.id + '.js', hasAction: r.id !== 'root',
        hasLoader: r.id !== 'root', hasDefaultExport: true, imports: [] },
    ]),
  ),
  url: '/manifest.js',
  version: 'test',
};
export const entry = {
  module: {
    async default(request, status, headers, routerContext, load) {
      headers.set('content-type', 'text/html; charset=utf-8');
      headers.append('set-cookie', 'a=1; Path=/');
      headers.append('set-cookie', 'b=2; Path=/');
      const { actionData, loaderData } = routerContext.staticHandlerContext;
      const data = actionData?.['routes/page'] ?? loaderData['routes/page'];
      const parts = ['<main>', JSON.stringify(data), '</main>', '<i>' + load.cspNonce + '</i>'];
      const body = new ReadableStream({
        async pull(controller) {
          const part = parts.shift();
          if (part === undefined) return controller.close();
          await new Promise((resolve) => setTimeout(resolve, 5));
          controller.enqueue(new TextEncoder().encode(part));
        },
      });
      return new Response(body, { status, headers });
    },
  },
};
export const basename = '/';
export const publicPath = '/';
export const assetsBuildDirectory = 'build/client';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: 'lazy', manifestPath: '/__manifest' };
`;

let dir: string;
let productReads = 0;
const reads = {
  async product(id: number) {
    productReads += 1;
    return { id, name: '高山烏龍茶', addedAt: new Date('2026-11-01T00:00:00Z') };
  },
} as unknown as StorefrontReads;

function context(cspNonce = 'n0nce'): WebLoadContext {
  return {
    reads,
    cspNonce,
    publicUrl: 'https://shop.example.tw',
    fileServerUrl: null,
    guestAuthorization: 'Basic Z3Vlc3Q6Z3Vlc3Q=',
    session: async () => ({ memberId: 5, tokenExpired: false }),
    async apiFetch(apiPath, init = {}) {
      const asked = new Headers(init.headers).get('x-asked');
      return new Response(`${init.method} ${apiPath} ${asked} ${String(init.body)}`, {
        status: 202,
        headers: { 'x-total-count': '12' },
      });
    },
  };
}

async function start(count: number) {
  return RenderThreads.start({
    buildEntry: path.join(dir, 'build.mjs'),
    mode: 'production',
    count,
    reads,
    log: pino({ level: 'silent' }),
  });
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-threads-'));
  fs.writeFileSync(path.join(dir, 'build.mjs'), FAKE_BUILD);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('pages rendered on threads', () => {
  it("runs the loaders on a thread with the main thread's reads, session and API, and streams the page back", async () => {
    const threads = await start(2);
    try {
      const answer = await threads.render(page('http://shop.test/page'), context('abc123'));
      expect(answer.status).toBe(200);
      expect(answer.headers).toContainEqual(['content-type', 'text/html; charset=utf-8']);
      expect(answer.headers.filter(([name]) => name === 'set-cookie')).toEqual([
        ['set-cookie', 'a=1; Path=/'],
        ['set-cookie', 'b=2; Path=/'],
      ]);
      expect(answer.stream).toBeDefined();
      const html = await textOf(answer);
      expect(html).toMatch(/^<main>.*<\/main><i>abc123<\/i>$/);
      const data = JSON.parse(html.slice('<main>'.length, html.indexOf('</main>')));
      expect(data).toEqual({
        product: { id: 7, name: '高山烏龍茶', addedAt: '2026-11-01T00:00:00.000Z' },
        session: { memberId: 5, tokenExpired: false },
        api: { status: 202, total: '12', text: 'POST /api/v1/echo yes hello' },
        publicUrl: 'https://shop.example.tw',
      });
    } finally {
      await threads.close();
    }
  });

  it("passes a form's body to the action", async () => {
    const threads = await start(1);
    try {
      const answer = await threads.render(
        page('http://shop.test/page', {
          method: 'POST',
          headers: [['content-type', 'application/x-www-form-urlencoded']],
          body: Buffer.from('qty=2&note=%E4%B8%8D%E8%A6%81%E8%A2%8B%E5%AD%90'),
        }),
        context(),
      );
      expect(await textOf(answer)).toContain('"posted":"qty=2&note=%E4%B8%8D%E8%A6%81%E8%A2%8B%E5%AD%90"');
    } finally {
      await threads.close();
    }
  });

  it('keeps a read answer for pages rendered together, and asks again once told that data changed', async () => {
    const threads = await start(1);
    try {
      productReads = 0;
      await Promise.all(
        [1, 2, 3].map(async () => textOf(await threads.render(page('http://shop.test/page'), context()))),
      );
      expect(productReads).toBe(1);
      threads.forget();
      await textOf(await threads.render(page('http://shop.test/page'), context()));
      expect(productReads).toBe(2);
    } finally {
      await threads.close();
    }
  });

  it('drops the rest of a page whose shopper left, and goes on rendering', async () => {
    const threads = await start(1);
    try {
      const left = await threads.render(page('http://shop.test/page'), context());
      left.stream!.destroy();
      // The thread's remaining chunks arrive after the cancel and must be ignored, not written.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const next = await threads.render(page('http://shop.test/page'), context());
      expect(await textOf(next)).toContain('高山烏龍茶');
    } finally {
      await threads.close();
    }
  });

  it('fails the page of a thread that ends, and renders the next one on its replacement', async () => {
    const threads = await start(1);
    try {
      await expect(threads.render(page('http://shop.test/page?die'), context())).rejects.toThrow(
        'render thread exited (3)',
      );
      const next = await threads.render(page('http://shop.test/page'), context());
      expect(next.status).toBe(200);
      expect(await textOf(next)).toContain('高山烏龍茶');
    } finally {
      await threads.close();
    }
  });
});

import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { StorefrontReads } from '@shop/domain';
import type { Config } from '../config.ts';
import type { KeptAnswerCheck } from '../http/overload.ts';
import { guestAuthorization, servedPath } from '../plugins/access.ts';
import { errorBody } from '../plugins/errors.ts';
import { XSRF_COOKIE } from '../plugins/xsrf.ts';
import { apiPathFor, memberAccessToken } from './session-cookie.ts';
import { ECPAY_CHECKOUT_URL } from '../modules/payments/ecpay-aio.ts';
import { logisticsSettings, storeMapUrl } from '../modules/logistics/index.ts';
import { type AnalyticsOrigins, createNonce, pagePolicyFor } from './content-security-policy.ts';
import { POST_TOO_LARGE, POST_UNREADABLE, refusalPage } from './page-refusal.ts';
import { randomString } from './random-pool.ts';
import { RenderQueue } from './render-queue.ts';
import { RenderThreads } from './render-threads.ts';
import {
  answerOfResponse,
  fetchRequest,
  headerOf,
  setHeader,
  wholeBody,
  type PageAnswer,
  type PageRequest,
} from './page-answer.ts';
import type { PageSession, WebLoadContext } from './load-context.ts';
import {
  isCacheableRequest,
  isCacheableResponse,
  PageCache,
  pageCacheKey,
  withNonce,
  type RenderOutcome,
} from './page-cache.ts';
import { countPageCache } from '../metrics/index.ts';

/**
 * Renders running at once (render-queue.ts). More would only lengthen each turn of the event loop;
 * fewer would leave the CPU idle while one render waits for PostgreSQL (on the embedded database
 * 1, 2 and 4 measured the same: 289, 252 and 283 pages/s at -c 10).
 */
const RENDERS_AT_ONCE = 4;
/**
 * Renders given to one render thread at once. A thread's renders need its CPU, not the database
 * (their reads are kept on the thread), and a thread takes a new page's message only between
 * renders: with four at once a page waited 8.6 ms on average for its thread to start it, 30 ms in the
 * slowest 1 %. With two it waits behind at most one; the rest wait their turn here, first come first
 * served (decision 091).
 */
const RENDERS_PER_THREAD = 2;
/** A page request without a member token: nothing to verify. */
const GUEST_SESSION: PageSession = { memberId: null, tokenExpired: false };

/**
 * What a page post may carry: the API's own limit (app.ts), which every form ends up calling. No
 * storefront form takes a file: a return request's photos go straight to the API's upload route,
 * which has its own limit. A post is read whole before its render, so this also bounds the memory
 * one request can take (issue 37: a 400 MB post to /contact was read whole).
 */
export const PAGE_BODY_LIMIT = 1024 * 1024;

/**
 * The back office posts a rich text of up to RICH_TEXT_MAX (200,000) characters as a form field,
 * and percent-encoding writes a Chinese character as 9 bytes (three UTF-8 bytes, each `%XX`): 1.8 MB
 * for a text the API takes as 0.6 MB of JSON.
 */
export const BACK_OFFICE_BODY_LIMIT = 2 * 1024 * 1024;

export interface WebBuild {
  build: ServerBuild;
  /** The file `build` was imported from, which render threads import again (render-threads.ts). */
  serverEntry?: string;
  /** Folder of the browser assets (`apps/web/build/client`). */
  clientDir: string;
}

export type { PageSession, WebLoadContext } from './load-context.ts';

export interface WebHandlerOptions {
  /** The public reads the loaders use instead of the HTTP API. */
  reads: StorefrontReads;
  /** The member id of a valid member access token, or null. */
  verifyMemberToken(token: string): Promise<number | null>;
  /** Which analytics the settings carry (the page policy then allows their origins, and only theirs). */
  analyticsEnabled(): Promise<AnalyticsOrigins>;
  /** Called with a listener to run whenever the back office changes shop data. */
  onDataChange(listener: () => void): void;
  /** How long a guest page is kept; 0 turns the page cache off. */
  pageCacheMs: number;
  /** Tells the overload shedding which requests a kept page answers (http/overload.ts). */
  serveKeptAnswers?: (check: KeptAnswerCheck) => void;
}

/** What serving a page needs, set up once by registerWebHandler. */
interface PageServer {
  app: FastifyInstance;
  config: Config;
  options: WebHandlerOptions;
  pages: PageCache;
  /** Renders a page: React Router's request handler, in the render threads or in this thread. */
  render: (page: PageRequest, context: WebLoadContext) => Promise<PageAnswer>;
  renders: RenderQueue;
  guestAuth: string;
  cookieFlags: string;
  /** The page policy for the analytics the settings carry, made once per setting (see pagePolicies). */
  policies: (analytics: AnalyticsOrigins) => (nonce: string) => string;
}

async function serveBrowserAssets(app: FastifyInstance, clientDir: string) {
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    // The build writes .br and .gz copies at the highest levels (apps/web/scripts/precompress-assets.mjs).
    preCompressed: true,
    wildcard: false, // one route per built file, so the page catch-all below stays in charge of the rest
    decorateReply: false,
    index: false,
    // Our own Cache-Control below; the plugin's default (`max-age=0`) would otherwise overwrite it.
    cacheControl: false,
    setHeaders(res, filePath) {
      // Vite names assets by content hash: they never change, so browsers and CDNs keep them for a year.
      // The few unhashed files (favicon, default images) may change with a release: a day.
      const immutable = filePath.includes('/assets/');
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=86400');
      // The same URL answers Brotli, gzip or plain bytes by the request's Accept-Encoding.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
}

function keptAnswer(kept: { body: string; total?: number }): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (kept.total !== undefined) headers['x-total-count'] = String(kept.total);
  return new Response(kept.body, { status: 200, headers });
}

// The loaders read the body and, for paged lists, the total of spec §2 pagination; the back office
// also reads its inbox's unread count, the CSV export's file name and the label page's policy.
const PASSED_ON_HEADERS = [
  'content-type',
  'x-total-count',
  'x-unread-count',
  'content-disposition',
  'content-security-policy',
];

/** A loader's call of the API, answered in-process as the shopper (or the staff) who asked for the page. */
async function apiFetch(
  { app, guestAuth }: PageServer,
  req: FastifyRequest,
  token: string | null,
  path: string,
  init: RequestInit,
): Promise<Response> {
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  // spec §6: a caller-supplied Authorization header wins (the back office sends the staff token).
  const staffCall = headers.authorization !== undefined;
  const { url, authorization } = staffCall
    ? { url: path, authorization: undefined }
    : apiPathFor(path, token, guestAuth);
  if (authorization) headers.authorization = authorization;
  // A guest's GET of a public answer the API already keeps: the same bytes, without running a
  // request through Fastify. Members still go through it, so an expired token is still noticed.
  const method = init.method ?? 'GET';
  const kept = method === 'GET' && !token && !staffCall ? app.responseCache.peek(servedPath(url)) : undefined;
  if (kept) return keptAnswer(kept);
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers,
    // The shopper's address, not 127.0.0.1: per-address limits (logins, contact form) must see who asks.
    remoteAddress: req.ip,
    payload: typeof init.body === 'string' ? init.body : undefined,
  });
  const answerHeaders: Record<string, string> = {};
  for (const name of PASSED_ON_HEADERS) {
    const value = res.headers[name];
    if (value !== undefined) answerHeaders[name] = String(value);
  }
  return new Response(res.statusCode === 204 ? null : res.rawPayload, {
    status: res.statusCode,
    headers: answerHeaders,
  });
}

function loadContext(server: PageServer, req: FastifyRequest, cspNonce: string): WebLoadContext {
  const { config, options, guestAuth } = server;
  const token = memberAccessToken(req.cookies);
  let session: Promise<PageSession> | undefined;
  return {
    cspNonce,
    reads: options.reads,
    ...(token ? {} : { settledSession: GUEST_SESSION }),
    session() {
      session ??= token
        ? options.verifyMemberToken(token).then((memberId) => ({ memberId, tokenExpired: memberId === null }))
        : Promise.resolve(GUEST_SESSION);
      return session;
    },
    publicUrl: config.publicUrl,
    fileServerUrl: config.fileServerUrl,
    guestAuthorization: guestAuth,
    apiFetch: (path, init = {}) => apiFetch(server, req, token, path, init),
  };
}

/**
 * The page React Router renders: a kept page's from its key, so it never carries this shopper's
 * `utm_*`. A render of the shopper's own stops when they leave; guests waiting for the same page share
 * a render, which the first of them to leave must not stop.
 */
function pageRequest(req: FastifyRequest, reply: FastifyReply, key: string | null): PageRequest {
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.push([name, v]);
    else if (value !== undefined) headers.push([name, value]);
  }
  // Fastify leaves `body` unset for a request that sent none (a bare POST): React Router then
  // answers 405 for a page without an action, and an action's readForm answers 400.
  const body = req.method === 'GET' || req.method === 'HEAD' ? null : ((req.body as Buffer | undefined) ?? null);
  return {
    url: `${req.protocol}://${req.host}${key ?? req.url}`,
    method: req.method,
    headers,
    body,
    // 'close' follows every answer: only one cut short stops the render (an abort costs an error and its stack).
    onLeave: key === null ? (stop) => reply.raw.on('close', () => !reply.raw.writableFinished && stop()) : undefined,
  };
}

/** React Router's request handler in this thread, answering as the render threads do. */
function renderInProcess(build: ServerBuild, mode: 'production' | 'development'): PageServer['render'] {
  const handle = createRequestHandler(build, mode);
  return async (page, context) => {
    let whole: Uint8Array | undefined;
    const wholePage = (bytes: Uint8Array) => (whole = bytes);
    const response = await handle(fetchRequest(page), { ...context, wholePage } as never);
    return answerOfResponse(response, whole);
  };
}

/**
 * The shop's page policies: its file server, the providers' forms and the analytics the settings
 * carry, made once for each of the four ways analytics can be set.
 */
function pagePolicies(config: Config, storeMap: string): (analytics: AnalyticsOrigins) => (nonce: string) => string {
  const made = new Map<string, (nonce: string) => string>();
  return (analytics) => {
    const key = `${analytics.ga4} ${analytics.metaPixel}`;
    let policy = made.get(key);
    if (!policy) {
      policy = pagePolicyFor({
        publicUrl: config.publicUrl,
        fileServerUrl: config.fileServerUrl,
        analytics,
        upgradeInsecureRequests: config.publicUrl.startsWith('https://'),
        paymentFormUrl: config.ECPAY_MODE === 'simulator' ? undefined : ECPAY_CHECKOUT_URL[config.ECPAY_MODE],
        storeMapUrl: storeMap,
        bankcardFormUrl: config.BANKCARD_MODE === 'off' ? undefined : config.BANKCARD_API_URL,
      });
      made.set(key, policy);
    }
    return policy;
  };
}

/** The shop's policy for a page of this nonce. */
async function pagePolicy({ options, policies }: PageServer, nonce: string): Promise<string> {
  return policies(await options.analyticsEnabled())(nonce);
}

/** Renders one page, with its headers set; a guest page (a `key`) is read whole to be kept. */
async function renderPage(
  server: PageServer,
  req: FastifyRequest,
  page: PageRequest,
  nonce: string,
  key: string | null,
): Promise<RenderOutcome<PageAnswer>> {
  const answer = await server.renders.run(() => server.render(page, loadContext(server, req, nonce)));
  // A resource route that answers a page of its own (列印託運單's) brings the policy of its nonce.
  const ownPolicy = headerOf(answer, 'content-security-policy') !== undefined;
  const html = (headerOf(answer, 'content-type') ?? '').startsWith('text/html');
  // An error page is not a page of the shop for search engines, whichever route forgot its meta (decision 075).
  if (html && answer.status >= 400) setHeader(answer, 'x-robots-tag', 'noindex');
  // RFC 9110 §15.5.6: a 405 names what the page does take; React Router's only comes for a page without an action.
  if (answer.status === 405 && headerOf(answer, 'allow') === undefined) setHeader(answer, 'allow', 'GET, HEAD');
  if (html && !ownPolicy) setHeader(answer, 'content-security-policy', await pagePolicy(server, nonce));
  const hasBody = answer.bytes !== null || answer.stream !== undefined;
  if (key === null || !hasBody || !isCacheableResponse(answer.status, answer.headers)) return { own: answer };
  // A guest page is sent in one piece (React's many small chunks cost a write each) and may be
  // given to the guests asking for the same key meanwhile, and kept for the next seconds.
  const bytes = await wholeBody(answer);
  const pageHeaders = answer.headers.filter(([name]) => name !== 'set-cookie');
  return {
    own: { ...answer, bytes, stream: undefined },
    page: { status: answer.status, headers: pageHeaders, body: bytes, nonce },
  };
}

/** Sends a page rendered for this request: its headers and cookies, then its bytes or its stream. */
function sendRendered(req: FastifyRequest, reply: FastifyReply, answer: PageAnswer, xsrfCookie: string | null) {
  reply.code(answer.status);
  const cookies: string[] = [];
  for (const [name, value] of answer.headers) {
    if (name === 'set-cookie') cookies.push(value);
    else reply.header(name, value);
  }
  if (xsrfCookie) cookies.push(xsrfCookie);
  if (cookies.length) reply.header('set-cookie', cookies);

  if (answer.bytes) return reply.send(answer.bytes);
  if (!answer.stream || req.method === 'HEAD') {
    answer.stream?.destroy();
    return reply.send();
  }
  return reply.send(answer.stream);
}

async function servePage(server: PageServer, req: FastifyRequest, reply: FastifyReply) {
  if (req.url.startsWith('/api/')) return reply.code(404).send(errorBody(404, '找不到此路徑'));
  // A built file that is not there (an old page asking for a chunk of the last release) is no page.
  if (req.url.startsWith('/assets/')) return reply.code(404).type('text/plain; charset=utf-8').send('找不到此檔案');

  const key = isCacheableRequest(req.method, req.url, req.cookies) ? pageCacheKey(req.url) : null;
  const page = pageRequest(req, reply, key);
  const nonce = createNonce();
  const xsrfCookie = req.cookies[XSRF_COOKIE]
    ? null
    : // Double-submit token for the API's XSRF rule: readable by the page's script, useless to another site.
      `${XSRF_COOKIE}=${randomString(18, 'base64url')}; ${server.cookieFlags}`;

  const render = () => renderPage(server, req, page, nonce, key);
  const answer = key === null ? { own: (await render()).own } : await server.pages.serve(key, render);
  if (key !== null && server.options.pageCacheMs > 0) countPageCache('kept' in answer);
  if ('kept' in answer) {
    const page = withNonce(answer.kept, nonce);
    reply.code(answer.kept.status);
    for (const [name, value] of page.headers) reply.header(name, value);
    if (xsrfCookie) reply.header('set-cookie', xsrfCookie);
    return reply.send(page.body);
  }
  return sendRendered(req, reply, answer.own, xsrfCookie);
}

/** The catch-all page routes, with their body limits and their refusals as pages. */
async function registerPageRoutes(server: PageServer) {
  await server.app.register(async (scope) => {
    // Page requests (React Router actions) keep their raw body, read up to the route's limit; the
    // API's JSON parsers do not apply here. Past the limit Fastify answers 413 from Content-Length
    // alone, or as soon as a chunked body passes it, and closes the connection instead of reading on.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    // Fastify's refusals of a post (too large, a length that does not match) as a page a shopper can read.
    scope.setErrorHandler((error: FastifyError, _req, reply) => {
      const status = error.statusCode ?? 500;
      if (status < 400 || status >= 500) throw error;
      const page = refusalPage(status === 413 ? POST_TOO_LARGE : POST_UNREADABLE);
      return reply.code(status).headers(page.headers).send(page.body);
    });

    const page: Omit<RouteOptions, 'url'> = {
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      config: { access: 'exempt' },
      schema: { hide: true },
      handler: (req, reply) => servePage(server, req, reply),
    };
    scope.route({ ...page, url: '/*', bodyLimit: PAGE_BODY_LIMIT });
    scope.route({ ...page, url: '/admin/*', bodyLimit: BACK_OFFICE_BODY_LIMIT });
  });
}

export async function registerWebHandler(
  app: FastifyInstance,
  web: WebBuild,
  config: Config,
  options: WebHandlerOptions,
) {
  const pages = new PageCache(options.pageCacheMs);
  // A guest page already kept costs a copy of its bytes: served before any shedding decision.
  options.serveKeptAnswers?.((req) => {
    if (!isCacheableRequest(req.method, req.url, app.parseCookie(req.headers.cookie ?? ''))) return false;
    const key = pageCacheKey(req.url);
    return key !== null && pages.get(key) !== undefined;
  });
  await serveBrowserAssets(app, web.clientDir);

  const mode = config.NODE_ENV === 'production' ? 'production' : 'development';
  const threads =
    web.serverEntry && config.renderThreads > 0
      ? await RenderThreads.start({
          buildEntry: web.serverEntry,
          mode,
          count: config.renderThreads,
          reads: options.reads,
          log: app.log,
        })
      : null;
  if (threads) app.addHook('onClose', () => threads.close());
  options.onDataChange(() => {
    pages.clear();
    threads?.forget();
  });
  await registerPageRoutes({
    app,
    config,
    options,
    pages,
    render: threads?.render ?? renderInProcess(web.build, mode),
    renders: new RenderQueue(threads ? RENDERS_PER_THREAD * config.renderThreads : RENDERS_AT_ONCE),
    guestAuth: guestAuthorization(config.GUEST_BASIC_USER, config.GUEST_BASIC_PASSWORD),
    cookieFlags: `Path=/; SameSite=Lax${config.NODE_ENV === 'production' ? '; Secure' : ''}`,
    // The store map's address, which every page's policy names (working it out signs a key).
    policies: pagePolicies(config, storeMapUrl(logisticsSettings(config))),
  });
}

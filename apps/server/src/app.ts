import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import { poolWaiting, type Db } from './db/client.ts';
import { loggerOptions, prettyTarget, quietLogLevel } from './logging.ts';
import { registerHttpMetrics } from './metrics/index.ts';
import { declareAccess, registerAccessControl, rewriteGuestUrl } from './plugins/access.ts';
import { errorBody, registerErrorHandling } from './plugins/errors.ts';
import { registerXsrfCheck } from './plugins/xsrf.ts';
import { keepCatalogue } from './modules/catalogue/index.ts';
import { registerModules, type ModuleOptions } from './modules/index.ts';
import { uploadedFileRoutes } from './modules/uploads/uploaded-files.routes.ts';
import { paymentSimulatorRoutes } from './modules/payments/simulator.ts';
import { linePayGateway } from './modules/payments/linepay-gateway.ts';
import { bankcardGateway } from './modules/payments/bankcard-gateway.ts';
import { bankcardSimulatorRoutes } from './modules/payments/bankcard-simulator.ts';
import { linePaySimulatorRoutes } from './modules/payments/linepay-simulator.ts';
import { storeMapSimulatorRoutes } from './modules/logistics/simulator.ts';
import { lineGateway, lineLoginRoutes, lineSimulatorRoutes } from './modules/line/index.ts';
import { resolveStaffSession } from './modules/admin/staff-session.service.ts';
import { registerProbes } from './http/probes.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { ResponseCache } from './http/response-cache.ts';
import { openSharedState } from './shared-state/index.ts';
import { registerDraining, SERVE_WHILE_CLOSING, type Draining } from './http/draining.ts';
import { registerOverloadShedding } from './http/overload.ts';
import { registerRequestIdHeader, requestIdFor } from './http/request-id.ts';
import { responseSerializer } from './http/response-serializer.ts';
import { analyticsOrigins } from './modules/settings/settings.service.ts';
import type { AnalyticsOrigins } from './web/content-security-policy.ts';
import { registerWebHandler, type WebBuild, type WebHandlerOptions } from './web/request-handler.ts';
import { createStorefrontReads } from './web/storefront-reads.ts';
import { verifyAccessToken } from './modules/members/access-token.ts';

// zod's own messages (type errors, unknown keys) in Traditional Chinese; ours come from the domain catalogue.
z.config(z.locales.zhTW());

export interface AppDeps {
  config: Config;
  db: Db;
  /** The React Router server build; absent in API-only tests. */
  web?: WebBuild;
  /** Clock for services; tests pass a fixed one. */
  now?: () => Date;
  /** Receives the log lines (tests that check what is logged); logs even under NODE_ENV=test. */
  logStream?: { write(line: string): void };
}

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
    /** A worker being replaced answers with `Connection: close` for a while before it closes. */
    draining: Draining;
  }
}

export async function buildApp({ config, db, web, now = () => new Date(), logStream }: AppDeps): Promise<App> {
  const app = Fastify({
    logger:
      config.NODE_ENV === 'test' && !logStream
        ? false
        : loggerOptions(config.LOG_LEVEL, logStream, prettyTarget(config.NODE_ENV, process.stdout.isTTY)),
    // X-Request-Id from a trusted proxy (nginx's $request_id), else a fresh id; never a client's (http/request-id.ts).
    genReqId: requestIdFor(config.trustProxy),
    rewriteUrl: rewriteGuestUrl,
    // Only the configured proxies may name the client (TRUST_PROXY); anyone else could fake an address.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...SERVE_WHILE_CLOSING,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ strict: config.NODE_ENV === 'test' }));

  registerErrorHandling(app);
  // Timings only when something scrapes them: without METRICS_PORT a request pays for no hook.
  if (config.METRICS_PORT) registerHttpMetrics(app);
  registerRequestIdHeader(app); // before shedding, so that its 503s name the request too
  const shedding = await registerOverloadShedding(app, { ...config.shedding, poolWaiting: () => poolWaiting(db) });
  app.decorate('draining', registerDraining(app));
  await app.register(cookie);
  registerSecurityHeaders(app);
  await app.register(compress, { threshold: 1024 });
  await app.register(swagger, {
    openapi: { info: { title: '商店 API', version: '1.0.0' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });
  registerAccessControl(app, {
    guestUser: config.GUEST_BASIC_USER,
    guestPassword: config.GUEST_BASIC_PASSWORD,
    jwtSecret: config.JWT_SECRET,
    resolveStaff: (staffId, claims) => resolveStaffSession(db, staffId, claims, now()),
  });
  registerXsrfCheck(app);

  app.get('/api/docs', { config: { access: 'exempt' }, schema: { hide: true } }, async () => app.swagger());

  const shared = openSharedState(config, db, app.log);
  // /livez, /readyz (database and Redis) and /healthz, its older name (http/probes.ts).
  registerProbes(app, { db, pingRedis: shared.pingRedis, logLevel: quietLogLevel(config.LOG_LEVEL) });
  app.addHook('onClose', () => shared.close());
  const cache = new ResponseCache(config.API_CACHE_SECONDS * 1000);
  cache.shareWith(shared.changes);
  // A kept catalogue answer is served however busy the process is (issue 37 item 5).
  shedding.serveKeptAnswers((req) => req.method === 'GET' && cache.peek(req.url) !== undefined);
  app.decorate('responseCache', cache);
  const catalogue = keepCatalogue(db, cache);
  await app.register(registerModules, { prefix: '/api/v1', db, config, now, cache, shared, catalogue });

  // /uploads/*: from DATA_DIR/uploads or the database, as UPLOAD_STORAGE says (docs/decisions/062).
  await app.register(uploadedFileRoutes, { config, db });

  await registerProviderPages(app, { config, db, now });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send(errorBody(404, req.url.startsWith('/api/') ? '找不到此路徑' : '找不到此頁面'));
  });

  if (web) {
    await registerStorefrontPages(app, web, { config, db, now, cache, catalogue }, shedding.serveKeptAnswers);
  }
  return app;
}

/**
 * The providers' pages the shop serves itself, outside /api like the providers' own: the simulators'
 * (payment page, LINE Pay, the bank acquirer, the store map, LINE's) and LINE Login's start and callback.
 */
async function registerProviderPages(
  app: FastifyInstance,
  { config, db, now }: Pick<ModuleOptions, 'config' | 'db' | 'now'>,
) {
  // The offline stand-in for ECPay's payment page (ECPAY_MODE=simulator); outside /api like ECPay's own page.
  await app.register(paymentSimulatorRoutes, { config, now });
  await app.register(linePaySimulatorRoutes, { simulator: linePayGateway(config).simulator });
  // The bank acquirer's stand-in (BANKCARD_MODE=simulator, decision 060).
  await app.register(bankcardSimulatorRoutes, { simulator: bankcardGateway(config)?.simulator ?? null, now });
  // ECPay's store map in simulator mode (ECPAY_LOGISTICS_MODE=simulator), outside /api like ECPay's.
  await app.register(storeMapSimulatorRoutes, { config });
  // LINE Login's start and callback, and LINE's pages in simulator mode (issue 41), outside /api like LINE's.
  await app.register(lineLoginRoutes, { db, config, now });
  await app.register(lineSimulatorRoutes, { simulator: lineGateway(config).simulator, db, now });
}

/** The storefront's and the back office's pages, rendered by the web handler (web/request-handler.ts). */
async function registerStorefrontPages(
  app: FastifyInstance,
  web: WebBuild,
  { config, db, now, cache, catalogue }: Omit<ModuleOptions, 'shared'>,
  serveKeptAnswers: WebHandlerOptions['serveKeptAnswers'],
) {
  // Asked on every page render for its policy: read once, again after a back-office change or a
  // minute (a query per page queued every render behind PGlite's single connection).
  let analytics: { enabled: Promise<AnalyticsOrigins>; until: number } | null = null;
  cache.onClear(() => {
    analytics = null;
  });
  const analyticsEnabled = () => {
    const at = Date.now();
    if (!analytics || analytics.until <= at) {
      analytics = {
        enabled: analyticsOrigins(db).catch(() => ({ ga4: false, metaPixel: false })),
        until: at + 60_000,
      };
    }
    return analytics.enabled;
  };
  await app.register(async (pages) => {
    declareAccess(pages, 'exempt'); // built assets; the pages' own data comes from the API's checks
    pages.addHook('onRoute', (route) => {
      // A page asks for a dozen built files: their lines would bury the page's own at info.
      if (route.url.startsWith('/assets/')) route.logLevel ??= quietLogLevel(config.LOG_LEVEL);
    });
    await registerWebHandler(pages, web, config, {
      reads: createStorefrontReads({ db, now, cache, catalogue, log: app.log }),
      verifyMemberToken: async (token) => (await verifyAccessToken(token, 'member', config.JWT_SECRET))?.id ?? null,
      analyticsEnabled,
      onDataChange: (listener) => cache.onClear(listener),
      pageCacheMs: config.PAGE_CACHE_SECONDS * 1000,
      serveKeptAnswers,
    });
  });
}

import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { whyGuessable } from './guessable-secret.ts';
import { ECPAY_INVOICE_PUBLIC_TEST_VALUES, invoiceSettings } from './modules/invoices/invoice-settings.ts';
import {
  ECPAY_LOGISTICS_PUBLIC_TEST_VALUES,
  ECPAY_LOGISTICS_STAGE_MERCHANT,
  ecpayLogisticsSettings,
} from './modules/logistics/ecpay-logistics-settings.ts';
import {
  ECPAY_PUBLIC_TEST_VALUES,
  ECPAY_SIMULATOR_CHECK_CODE,
  LINEPAY_SIMULATOR_CHANNEL,
  paymentSettings,
  paymentTestProviderProblems,
} from './modules/payments/payment-settings.ts';
import { lineProblems, lineTestProviderProblems } from './modules/line/line-settings.ts';

// The providers' settings and their public test values live beside each provider; config.ts composes
// them into the one schema below and keeps the rules that weigh several providers together.
export { BANKCARD_SIMULATOR_MERCHANT, ECPAY_STAGE_MERCHANT } from './modules/payments/payment-settings.ts';
export { ECPAY_LOGISTICS_STAGE_MERCHANT } from './modules/logistics/ecpay-logistics-settings.ts';

/** The JWT_SECRET of a development start: in this code, so public. */
const DEVELOPMENT_JWT_SECRET = 'development-only-secret-change-me-please-0123456789';
const MAKE_A_SECRET = 'make one with: openssl rand -hex 32';

/** An entry of TRUST_PROXY as proxy-addr reads it: an address, an address/prefix, or a named range. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const kind = isIP(address);
  if (kind === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (kind === 4 ? 32 : 128));
}

// Every setting the server reads, parsed once at start (STYLE.md §1). A bad value stops the
// process with a list of what is wrong instead of failing later in a request.
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Port of the Prometheus scrape address GET /metrics (docs/decisions/080-metrics.md), a listener of
   * its own apart from PORT; unset or 0 = no metrics. With WEB_CONCURRENCY the primary answers for all.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address the metrics listener binds: loopback unless a scraper on another machine must reach it. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Public origin used for absolute links (Open Graph images, sitemap, payment callbacks). */
  PUBLIC_URL: z.url().optional(),
  /**
   * Origin the storefront loads uploaded images from (issue 23 item 3): a CDN or object storage that
   * serves this shop's `/uploads/` files. Unset: the shop's own origin.
   */
  FILE_SERVER_URL: z.url().optional(),
  /** Where the embedded database, uploads (UPLOAD_STORAGE=disk) and the development SMS log live. */
  DATA_DIR: z.string().default('./data'),
  /**
   * Where uploaded pictures are kept (docs/decisions/062): `disk` = DATA_DIR/uploads, for one
   * process; `database` = the database's `upload_blobs` table, which every process behind a load
   * balancer reads.
   */
  UPLOAD_STORAGE: z.enum(['disk', 'database']).default('disk'),
  /** A PostgreSQL URL; when unset the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z.string().optional(),
  /**
   * Redis shared by every process (docs/decisions/063): login, SMS and look-up limits count across
   * processes, and a back-office change clears every process's caches through pub/sub. Unset: each
   * process keeps its own limits, and with DATABASE_URL the caches hear of changes by LISTEN/NOTIFY.
   */
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\/[^\s]*$/, { error: 'REDIS_URL is redis://host:port (or rediss:// for TLS)' })
    .optional(),
  /**
   * Processes `npm start` runs (node:cluster). Only with DATABASE_URL: the embedded PGlite is one
   * process's file. Default: one per core in production, else one.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Threads that render the storefront's pages (web/render-threads.ts, docs/decisions/065); 0 renders
   * on the main thread. Default: one per core in production on the embedded database, which allows
   * one process only; else 0, since with DATABASE_URL the processes of WEB_CONCURRENCY use the cores.
   */
  RENDER_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  /**
   * Turn requests away with 503 and Retry-After when the event loop lags this many ms on average
   * (http/overload.ts, issue 18); 0 = never. Default 250 in production, else 0.
   */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * How long a stopping worker of several goes on answering, each answer closing its connection, before
   * it closes (http/draining.ts); longer than nginx's upstream keepalive_timeout. Default 10000 in production.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /** Requests a process works on at once; past it the next waits for a turn; 0 = no limit. Default 32 in production. */
  SHED_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).optional(),
  /**
   * How long a request past SHED_IN_FLIGHT waits for a turn before it is answered 503 (ms); 0 = not at
   * all. Default 1000 in production (issue 37 item 5).
   */
  SHED_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Turn API requests away while this many queries wait for a database connection; 0 = never. Default 40 in production. */
  SHED_POOL_WAITING: z.coerce.number().int().min(0).max(10_000).optional(),
  /** Load demo data into an empty database (never in production). */
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  GUEST_BASIC_USER: z.string().min(1).default('guest'),
  GUEST_BASIC_PASSWORD: z.string().min(1).default('guest-storefront'),
  /** Signs access tokens and the shop's own tickets; production refuses a guessable one (docs/decisions/074). */
  JWT_SECRET: z
    .string()
    .min(32, { error: `at least 32 characters; ${MAKE_A_SECRET}` })
    .default(DEVELOPMENT_JWT_SECRET),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** A refresh token unused for this many days expires before its absolute life (ASVS v5 7.3.1). */
  REFRESH_TOKEN_IDLE_DAYS: z.coerce.number().int().positive().default(7),
  /** Who delivers SMS codes: `dev` writes them to the server log and DATA_DIR/sms.log; `mitake` sends them. */
  SMS_PROVIDER: z.enum(['dev', 'mitake']).default('dev'),
  /** Mitake-style HTTP gateway (SmSend, form-encoded, UTF-8). */
  SMS_MITAKE_URL: z.url().default('https://smsapi.mitake.com.tw/api/mtk/SmSend?CharsetURL=UTF-8'),
  SMS_MITAKE_USERNAME: z.string().optional(),
  SMS_MITAKE_PASSWORD: z.string().optional(),
  /**
   * Where order messages are emailed (docs/decisions/055): `smtp://user:pass@host:587` (STARTTLS) or
   * `smtps://…:465`. Unset: each email is written to DATA_DIR/mail/ as an .eml file (development).
   */
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/[^\s]+$/, { error: 'SMTP_URL is smtp://user:password@host:port or smtps://…' })
    .optional(),
  /** The sender of order emails, e.g. `好物選品 <service@shop.example.tw>`. */
  MAIL_FROM: z.string().trim().min(3).default('商店通知 <no-reply@localhost>'),
  /** Seconds a guest's server-rendered page is kept and served to the next guests (0 = off); cleared when the back office saves. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /**
   * Seconds a public catalogue API answer is kept (0 = never: the bench measures the work each answer
   * costs); cleared when the back office saves.
   */
  API_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...paymentSettings,
  /**
   * LINE Login v2.1 (issue 41, docs/decisions/083): `off` (no 「LINE 登入」), `simulator` (the shop plays
   * LINE's consent page and token API, offline) or `production` (LINE's own, at the URLs below).
   */
  LINE_LOGIN_MODE: z.enum(['off', 'simulator', 'production']).default('off'),
  LINE_LOGIN_CHANNEL_ID: z
    .string()
    .regex(/^\d{1,20}$/, { error: 'LINE Login Channel ID is digits' })
    .optional(),
  LINE_LOGIN_CHANNEL_SECRET: z.string().min(1).optional(),
  /** Where the browser is sent to consent (`/oauth2/v2.1/authorize` below it). */
  LINE_LOGIN_AUTH_URL: z.url().default('https://access.line.me'),
  /** Where the code is exchanged (`/oauth2/v2.1/token` below it). */
  LINE_LOGIN_API_URL: z.url().default('https://api.line.me'),
  /**
   * Order messages through the shop's LINE official account (Messaging API): `off`, `simulator` (the
   * shop keeps a push log instead) or `production`; a member without LINE still gets the SMS.
   */
  LINE_MESSAGING_MODE: z.enum(['off', 'simulator', 'production']).default('off'),
  /** Signs the webhook's x-line-signature. */
  LINE_MESSAGING_CHANNEL_SECRET: z.string().min(1).optional(),
  /** The channel's long-lived access token (Bearer) for the push API. */
  LINE_MESSAGING_ACCESS_TOKEN: z.string().min(1).optional(),
  LINE_MESSAGING_API_URL: z.url().default('https://api.line.me'),
  ...ecpayLogisticsSettings,
  ...invoiceSettings,
  /**
   * Which proxies may tell the client's address in X-Forwarded-For: none by default (the socket's
   * address is the client's); else a hop count or a comma-separated list of addresses and CIDR
   * ranges (`127.0.0.1`, `10.0.0.0/8`, `loopback`). Every per-address limit trusts this.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .refine((v) => !/^(true|\*|all)$/i.test(v), {
      error: 'TRUST_PROXY cannot trust every sender: name the proxies (addresses, CIDR ranges) or a hop count',
    })
    .refine((v) => v === '' || /^\d+$/.test(v) || v.split(',').every((p) => isProxyAddress(p.trim())), {
      error: 'TRUST_PROXY: each entry is an IP address, an address/prefix range or loopback, linklocal, uniquelocal',
    }),
  /**
   * A production build that takes no real orders (benchmarks, a staging copy) may run the simulators,
   * the providers' test systems and public keys, stand-in hosts, the development SMS log and mail
   * files. Never set on a real shop. It does not excuse a guessable JWT_SECRET.
   */
  ALLOW_TEST_PROVIDERS: z.enum(['true', 'false']).default('false'),
  /** Days after the ship date a return may be asked when the shop has no settings row yet (docs/decisions/009). */
  RETURN_DAYS: z.coerce
    .number()
    .int()
    .min(7, { error: 'RETURN_DAYS is at least 7 (Consumer Protection Act art. 19)' })
    .max(365)
    .default(7),
});

export type Config = z.infer<typeof configSchema> & {
  /** Fastify's `trustProxy`: false, a hop count, or the trusted proxies' addresses. */
  trustProxy: false | number | string[];
  dataDir: string;
  publicUrl: string;
  /** FILE_SERVER_URL without a trailing slash, or null for the shop's own origin. */
  fileServerUrl: string | null;
  seedDemo: boolean;
  /** The logistics merchant in force: the configured one, else ECPay's staging merchant of the CVS type. */
  ecpayLogistics: { merchantId: string; hashKey: string; hashIv: string };
  /** When a process turns requests away (SHED_*, with the production defaults applied). */
  shedding: { maxInFlight: number; queueWaitMs: number; maxEventLoopDelayMs: number; maxPoolWaiting: number };
  /** SHUTDOWN_DRAIN_MS with its production default. */
  shutdownDrainMs: number;
  /** RENDER_THREADS with its default. */
  renderThreads: number;
};

function trustProxySetting(value: string): false | number | string[] {
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

type Parsed = z.infer<typeof configSchema>;
/** `SETTING: what is wrong`, one line each, so the start-up error names every setting to fix. */
type Problem = `${keyof Parsed}: ${string}`;

/** An HS256 key anyone could guess signs tokens anyone could forge (issue 37 item 2). */
function jwtSecretProblems(c: Parsed, env: NodeJS.ProcessEnv): Problem[] {
  if (!env.JWT_SECRET || c.JWT_SECRET.startsWith('development-only')) {
    const which = env.JWT_SECRET ? 'the development default' : 'not set, so the development default';
    return [`JWT_SECRET: ${which}, which anyone can read in the code; ${MAKE_A_SECRET}`];
  }
  const why = whyGuessable(c.JWT_SECRET);
  return why ? [`JWT_SECRET: guessable (${why}); ${MAKE_A_SECRET}`] : [];
}

/**
 * A real shop must never take test money, hide its SMS codes in a log or post its keys to a stand-in
 * (issues 22 and 37): in production these stop the start unless ALLOW_TEST_PROVIDERS=true.
 */
function testProviderProblems(c: Parsed): Problem[] {
  const problems: Problem[] = [...paymentTestProviderProblems(c)];
  if (c.ECPAY_LOGISTICS_MODE !== 'production') {
    problems.push(`ECPAY_LOGISTICS_MODE: ${c.ECPAY_LOGISTICS_MODE} ships nothing; set production`);
  }
  if (c.ECPAY_INVOICE_MODE === 'simulator' || c.ECPAY_INVOICE_MODE === 'stage') {
    problems.push(`ECPAY_INVOICE_MODE: ${c.ECPAY_INVOICE_MODE} issues no real invoice; set production, or off`);
  }
  problems.push(...lineTestProviderProblems(c));
  if (c.SMS_PROVIDER === 'dev') problems.push('SMS_PROVIDER: dev writes the codes to a log; set mitake');
  if (!c.SMTP_URL) problems.push('SMTP_URL: not set, so emails would only be written to DATA_DIR/mail');
  if (/@localhost\b/i.test(c.MAIL_FROM)) {
    problems.push(
      "MAIL_FROM: the development sender at localhost; set the shop's, e.g. 好物選品 <service@shop.example.tw>",
    );
  }
  // Each *_API_URL exists for a test's stand-in server: in production it would receive the shop's
  // signed calls and could answer "paid" for money never taken.
  for (const name of [
    'ECPAY_PAYMENT_API_URL',
    'LINEPAY_API_URL',
    'BANKCARD_API_URL',
    'ECPAY_LOGISTICS_API_URL',
    'ECPAY_INVOICE_API_URL',
  ] as const) {
    if (c[name]) problems.push(`${name}: a stand-in host for tests; unset it, so the provider's own host is used`);
  }
  return problems;
}

/** What a provider's mode needs, in any NODE_ENV: its own merchant, its credentials, an origin it can reach. */
function providerProblems(
  c: Parsed,
  env: NodeJS.ProcessEnv,
  ecpayLogistics: { merchantId: string; hashKey: string; hashIv: string },
): Problem[] {
  const problems: Problem[] = [];
  const publicValue = (name: string, provider: string) =>
    `${env[name] ? '' : 'not set, and the default is '}${provider}'s public test value; set the shop's own`;

  if (c.SMS_PROVIDER === 'mitake') {
    if (!c.SMS_MITAKE_USERNAME) problems.push('SMS_MITAKE_USERNAME: not set; SMS_PROVIDER=mitake signs in with it');
    if (!c.SMS_MITAKE_PASSWORD) problems.push('SMS_MITAKE_PASSWORD: not set; SMS_PROVIDER=mitake signs in with it');
  }

  const needsHttpsOrigin: string[] = [];
  if (c.ECPAY_MODE === 'production') {
    for (const name of ['ECPAY_MERCHANT_ID', 'ECPAY_HASH_KEY', 'ECPAY_HASH_IV'] as const) {
      if (ECPAY_PUBLIC_TEST_VALUES.has(c[name])) problems.push(`${name}: ${publicValue(name, 'ECPay')}`);
    }
    if (!c.ECPAY_CREDIT_CHECK_CODE) {
      problems.push('ECPAY_CREDIT_CHECK_CODE: not set; card refunds need the 商家檢查碼 (docs/decisions/051)');
    } else if (c.ECPAY_CREDIT_CHECK_CODE === ECPAY_SIMULATOR_CHECK_CODE) {
      problems.push("ECPAY_CREDIT_CHECK_CODE: the simulator's, public; set the shop's own 商家檢查碼");
    }
    // ECPay posts payment results to PUBLIC_URL; the localhost default would lose every one of them.
    needsHttpsOrigin.push('ECPAY_MODE=production');
  }

  if (c.ECPAY_INVOICE_MODE === 'production') {
    for (const name of ['ECPAY_INVOICE_MERCHANT_ID', 'ECPAY_INVOICE_HASH_KEY', 'ECPAY_INVOICE_HASH_IV'] as const) {
      // The e-invoice stage merchant's and, since it is the same company, the AIO ones.
      const value = c[name];
      if (ECPAY_INVOICE_PUBLIC_TEST_VALUES.has(value) || ECPAY_PUBLIC_TEST_VALUES.has(value)) {
        problems.push(`${name}: ${publicValue(name, 'ECPay')}`);
      }
    }
  }

  if (c.LINEPAY_MODE === 'sandbox' || c.LINEPAY_MODE === 'production') {
    if (!c.LINEPAY_CHANNEL_ID) problems.push(`LINEPAY_CHANNEL_ID: not set; LINEPAY_MODE=${c.LINEPAY_MODE} needs it`);
    if (!c.LINEPAY_CHANNEL_SECRET) {
      problems.push(`LINEPAY_CHANNEL_SECRET: not set; LINEPAY_MODE=${c.LINEPAY_MODE} needs it`);
    }
  }
  if (c.LINEPAY_MODE === 'production') {
    if (c.LINEPAY_CHANNEL_ID === LINEPAY_SIMULATOR_CHANNEL.id) {
      problems.push("LINEPAY_CHANNEL_ID: the simulator's, public; set the channel's own");
    }
    if (c.LINEPAY_CHANNEL_SECRET === LINEPAY_SIMULATOR_CHANNEL.secret) {
      problems.push("LINEPAY_CHANNEL_SECRET: the simulator's, public; set the channel's own");
    }
    // LINE Pay sends the shopper back to PUBLIC_URL; a localhost origin would strand every payment.
    needsHttpsOrigin.push('LINEPAY_MODE=production');
  }

  if (c.ECPAY_LOGISTICS_MODE === 'production') {
    const settings = {
      ECPAY_LOGISTICS_MERCHANT_ID: ecpayLogistics.merchantId,
      ECPAY_LOGISTICS_HASH_KEY: ecpayLogistics.hashKey,
      ECPAY_LOGISTICS_HASH_IV: ecpayLogistics.hashIv,
    };
    for (const [name, value] of Object.entries(settings) as [keyof typeof settings, string][]) {
      if (ECPAY_LOGISTICS_PUBLIC_TEST_VALUES.has(value)) problems.push(`${name}: ${publicValue(name, 'ECPay')}`);
    }
    // ECPay's map sends the shopper's choice to PUBLIC_URL; the localhost default would lose it.
    needsHttpsOrigin.push('ECPAY_LOGISTICS_MODE=production');
    // Every label would name the demo sender and its made-up phone number.
    for (const part of ['NAME', 'PHONE', 'ZIP', 'ADDRESS'] as const) {
      const name = `ECPAY_LOGISTICS_SENDER_${part}` as const;
      if (!env[name]) problems.push(`${name}: not set; every shipment prints the shop's sender`);
    }
  }

  problems.push(...lineProblems(c));

  if (needsHttpsOrigin.length > 0 && !c.PUBLIC_URL?.startsWith('https://')) {
    problems.push(
      `PUBLIC_URL: ${c.PUBLIC_URL ? 'not https' : 'not set'}; with ${needsHttpsOrigin.join(', ')} the provider posts results and sends shoppers back to this https origin`,
    );
  }
  return problems;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`設定錯誤 (configuration is invalid):\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const stageLogistics = ECPAY_LOGISTICS_STAGE_MERCHANT[c.ECPAY_LOGISTICS_CVS_TYPE];
  const ecpayLogistics = {
    merchantId: c.ECPAY_LOGISTICS_MERCHANT_ID ?? stageLogistics.merchantId,
    hashKey: c.ECPAY_LOGISTICS_HASH_KEY ?? stageLogistics.hashKey,
    hashIv: c.ECPAY_LOGISTICS_HASH_IV ?? stageLogistics.hashIv,
  };
  const problems = [...providerProblems(c, env, ecpayLogistics)];
  let testProviders: string[] = [];
  if (c.NODE_ENV === 'production') {
    problems.unshift(...jwtSecretProblems(c, env));
    if (c.ALLOW_TEST_PROVIDERS !== 'true') testProviders = testProviderProblems(c);
  }
  if (problems.length + testProviders.length > 0) {
    const lines = [...problems, ...testProviders].map((problem) => `  ${problem}`);
    const allow = testProviders.length
      ? '\nNODE_ENV=production refuses test providers; ALLOW_TEST_PROVIDERS=true only on a copy that takes no real orders'
      : '';
    throw new Error(`設定錯誤 (configuration is invalid):\n${lines.join('\n')}${allow}`);
  }
  return {
    ...c,
    ecpayLogistics,
    trustProxy: trustProxySetting(c.TRUST_PROXY),
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    fileServerUrl: c.FILE_SERVER_URL ? c.FILE_SERVER_URL.replace(/\/$/, '') : null,
    seedDemo: c.SEED_DEMO === 'auto' ? c.NODE_ENV !== 'production' : c.SEED_DEMO === 'true',
    shutdownDrainMs: c.SHUTDOWN_DRAIN_MS ?? (c.NODE_ENV === 'production' ? 10_000 : 0),
    renderThreads: c.RENDER_THREADS ?? (c.NODE_ENV === 'production' && !c.DATABASE_URL ? os.availableParallelism() : 0),
    // Off outside production: a test machine running browsers beside the server lags for other reasons.
    shedding: {
      maxInFlight: c.SHED_IN_FLIGHT ?? (c.NODE_ENV === 'production' ? 32 : 0),
      queueWaitMs: c.SHED_QUEUE_WAIT_MS ?? (c.NODE_ENV === 'production' ? 1_000 : 0),
      maxEventLoopDelayMs: c.SHED_EVENT_LOOP_DELAY_MS ?? (c.NODE_ENV === 'production' ? 250 : 0),
      maxPoolWaiting: c.SHED_POOL_WAITING ?? (c.NODE_ENV === 'production' ? 40 : 0),
    },
  };
}

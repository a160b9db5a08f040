import { randomString } from './random-pool.ts';

// Content-Security-Policy (issue 4 §8, docs/decisions/032-content-security-policy.md).
// Pages: script only from this origin or carrying the request's nonce (React Router's inline hand-off
// scripts, the inlined stylesheet), so a script that slipped into stored html past the sanitiser
// still never runs. API answers and files: nothing may load or run at all.

type Directives = Record<string, string[]>;

/** JSON, uploads and built assets: a document served from them may do nothing (helmet's global default). */
export const API_CSP_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** Google tag (gtag.js) hosts, from Google's CSP guide for Google Analytics 4. */
const GA4 = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

/** Meta Pixel hosts: fbevents.js from connect.facebook.net, its events to www.facebook.com/tr. */
const META_PIXEL = {
  script: ['https://connect.facebook.net'],
  connect: ['https://connect.facebook.net', 'https://www.facebook.com'],
  img: ['https://www.facebook.com'],
};

/** Which analytics the shop set up (issue 43 item 5): an origin is allowed only when its id is set. */
export interface AnalyticsOrigins {
  ga4: boolean;
  metaPixel: boolean;
}

function analyticsSources(a: AnalyticsOrigins, kind: 'script' | 'connect' | 'img'): string[] {
  return [...(a.ga4 ? GA4[kind] : []), ...(a.metaPixel ? META_PIXEL[kind] : [])];
}

/** Where the contact page's map frame comes from (the sanitiser lets only these embeds through). */
const MAP_FRAME_SOURCES = ['https://www.google.com', 'https://maps.google.com'];

export interface PageCspOptions {
  /** This request's nonce (base64), see {@link createNonce}. */
  nonce: string;
  /** PUBLIC_URL: the file server images come from when it is not the page's own origin. */
  publicUrl: string;
  /** The analytics the settings carry: allow their scripts and where they report to. */
  analytics: AnalyticsOrigins;
  /** Over https in production: ask browsers to upgrade any http sub-resource. */
  upgradeInsecureRequests: boolean;
  /** The payment page the checkout form posts to when it is not this shop (ECPay stage or production). */
  paymentFormUrl?: string;
  /** The store map the checkout's 選擇門市 form posts to (ECPay's logistics host, or this shop's simulator). */
  storeMapUrl?: string;
  /** The bank acquirer's payment page when it is not the shop's simulator (BANKCARD_API_URL, decision 060). */
  bankcardFormUrl?: string;
  /** FILE_SERVER_URL: where uploaded images are served from when not the shop itself (issue 23 item 3). */
  fileServerUrl?: string | null;
}

/** A fresh 128-bit nonce per page response (CSP3: at least 128 bits, base64), never handed out twice. */
export function createNonce(): string {
  return randomString(16, 'base64');
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The directives of a server-rendered page, for helmet's contentSecurityPolicy (useDefaults: false). */
export function pageCspDirectives(o: PageCspOptions): Directives {
  const nonce = `'nonce-${o.nonce}'`;
  const publicOrigin = originOf(o.publicUrl);
  const imageServer = o.fileServerUrl ? originOf(o.fileServerUrl) : null;
  const paymentForm = o.paymentFormUrl ? originOf(o.paymentFormUrl) : null;
  const storeMap = o.storeMapUrl ? originOf(o.storeMapUrl) : null;
  const bankcardForm = o.bankcardFormUrl ? originOf(o.bankcardFormUrl) : null;
  const directives: Directives = {
    'default-src': ["'self'"],
    // 'self': the built modules and their lazily imported chunks; the nonce: React Router's inline scripts.
    'script-src': ["'self'", nonce, ...analyticsSources(o.analytics, 'script')],
    // No inline event handlers, ever (sanitised html cannot carry them; this catches the rest).
    'script-src-attr': ["'none'"],
    // The stylesheet is inlined server-side in a <style nonce> (components/page-styles.tsx).
    'style-src': ["'self'", nonce],
    // style="" attributes (React's style prop, the map frame's border:0) cannot run script.
    'style-src-attr': ["'unsafe-inline'"],
    // data: for small inline icons, blob: for the return form's photo previews (compressorjs).
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      ...new Set([...(publicOrigin ? [publicOrigin] : []), ...(imageServer ? [imageServer] : [])]),
      ...analyticsSources(o.analytics, 'img'),
    ],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...analyticsSources(o.analytics, 'connect')],
    'frame-src': MAP_FRAME_SOURCES,
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // The checkout auto-submits a form to ECPay's payment page (the simulator's is on the public
    // origin, which is not 'self' when the shop was opened by another of its names: issue 20 item 12).
    'form-action': [
      "'self'",
      ...new Set([
        ...(publicOrigin ? [publicOrigin] : []),
        ...(paymentForm ? [paymentForm] : []),
        ...(storeMap ? [storeMap] : []),
        ...(bankcardForm ? [bankcardForm] : []),
      ]),
    ],
    'frame-ancestors': ["'self'"],
  };
  if (o.upgradeInsecureRequests) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** What never occurs in a policy: where a page's nonce goes in a policy made without one. */
const NONCE_PLACE = '\u0000';

/**
 * The page policy of these options for any nonce: the policy is made once and a page only puts its
 * nonce in (making it anew per page was 2 % of the main thread's time and 12 % of what it allocated).
 */
export function pagePolicyFor(o: Omit<PageCspOptions, 'nonce'>): (nonce: string) => string {
  const parts = serializeCsp(pageCspDirectives({ ...o, nonce: NONCE_PLACE })).split(NONCE_PLACE);
  return (nonce) => parts.join(nonce);
}

/** The header value of a directives object (for tests and logs; helmet writes the real header). */
export function serializeCsp(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

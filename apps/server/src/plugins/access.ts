import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { verifyAccessToken } from '../modules/members/access-token.ts';
import { Forbidden, Unauthorized } from '../errors.ts';

/**
 * Who may call a route (ARCHITECTURE.md "API conventions", spec §6, docs/decisions/004):
 * - public: a guest on `/api/v1/guest/...` with the storefront's Basic credential, or a member with a bearer token;
 * - member: a bearer token only;
 * - exempt: anybody (login, sign-up, pages, static files…);
 * - provider: a payment or logistics provider's callback; no credential, so the handler must verify
 *   the provider's signature before it changes anything;
 * - staff / owner: a back-office token (its own audience).
 */
export type Access = 'public' | 'member' | 'exempt' | 'provider' | 'staff' | 'owner';

const ACCESS_VALUES: ReadonlySet<string> = new Set<Access>([
  'public',
  'member',
  'exempt',
  'provider',
  'staff',
  'owner',
]);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route with the access it declared, in registration order (the access test walks it). */
    routeAccess: readonly RouteAccess[];
  }
  interface FastifyRequest {
    /** The member behind a valid bearer token. */
    member: { id: number } | null;
    /** The staff member behind a valid back-office token (role read from the database). */
    staff: { id: number; role: 'owner' | 'staff'; sessionId: string } | null;
    /** The request came through `/api/v1/guest/...`. */
    viaGuestPath: boolean;
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

export const API_PREFIX = '/api/v1/';
const GUEST_PREFIX = '/api/v1/guest/';
const GUEST_PATH = Symbol('guest-path');
export const TOKEN_INVALID = 'token驗證失敗';
/** The back office's own cookie (HttpOnly): the staff token, never shared with the member cookies. */
export const STAFF_COOKIE = 'shop_admin';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The path a guest URL is served (and its answer kept) under: `/api/v1/guest/x` → `/api/v1/x`. */
export function servedPath(url: string): string {
  return url.startsWith(GUEST_PREFIX) ? API_PREFIX + url.slice(GUEST_PREFIX.length) : url;
}

/**
 * Gives every route a plugin registers in `scope` the access `access` unless it declares one: for
 * plugins whose routes cannot carry our config (static files).
 */
export function declareAccess(scope: FastifyInstance, access: Access) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? access };
  });
}

/** Fastify `rewriteUrl`: serve `/api/v1/guest/x` with the route of `/api/v1/x`, remembering it came as a guest. */
export function rewriteGuestUrl(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (url.startsWith(GUEST_PREFIX)) (req as IncomingMessage & { [GUEST_PATH]?: boolean })[GUEST_PATH] = true;
  return servedPath(url);
}

export function guestAuthorization(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header || !header.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token || null;
}

export interface AccessOptions {
  guestUser: string;
  guestPassword: string;
  jwtSecret: string;
  /**
   * Checks a staff token's session and reads the account's current role; null when the session
   * ended or the account was deactivated (docs/decisions/010). Without it the token's claim is used.
   */
  resolveStaff?: (
    staffId: number,
    claims: Record<string, unknown>,
  ) => Promise<{ id: number; role: 'owner' | 'staff' } | null>;
}

export function registerAccessControl(app: FastifyInstance, options: AccessOptions) {
  const expectedGuest = guestAuthorization(options.guestUser, options.guestPassword);
  app.decorateRequest('member', null);
  app.decorateRequest('staff', null);
  app.decorateRequest('viaGuestPath', false);

  // Every route says who may call it; a route that does not is a mistake found at start, never a
  // route left open (or shut) at run time. Checked once all plugins added their routes and hooks.
  const routes: { method: string | string[]; url: string; config?: { access?: unknown } }[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  const routeAccess: RouteAccess[] = [];
  app.decorate('routeAccess', routeAccess);
  app.addHook('onReady', async () => {
    const undeclared: string[] = [];
    for (const route of routes) {
      const access = route.config?.access;
      for (const method of [route.method].flat()) {
        if (typeof access === 'string' && ACCESS_VALUES.has(access)) {
          routeAccess.push({ method, url: route.url, access: access as Access });
        } else {
          undeclared.push(`${method} ${route.url}`);
        }
      }
    }
    if (undeclared.length > 0) {
      throw new Error(`Routes without a declared access (config.access): ${undeclared.join(', ')}`);
    }
  });

  // Decided by the route the router chose, never by the raw URL: the router decodes `/%61pi/...`
  // to `/api/...`, so a prefix check on req.url let encoded paths skip the check (issue 19).
  app.addHook('onRequest', async (req) => {
    if (req.is404) return;
    const access = req.routeOptions.config.access;
    if (access === undefined) throw new Forbidden(); // unreachable: onReady refuses such a route
    req.viaGuestPath = (req.raw as IncomingMessage & { [GUEST_PATH]?: boolean })[GUEST_PATH] === true;
    if (access === 'provider') return;
    const token = bearerToken(req);

    if (access === 'staff' || access === 'owner') {
      // The back-office pages call the API from the browser with the HttpOnly staff cookie (uploads);
      // a cookie-borne write must then carry the XSRF header, which another site cannot set.
      const cookieToken = token ? null : (req.cookies[STAFF_COOKIE] ?? null);
      const staffToken = token ?? cookieToken;
      if (!staffToken) throw new Unauthorized();
      if (cookieToken && !SAFE_METHODS.has(req.method) && !req.headers['x-xsrf-token']) {
        throw new Forbidden('請重新整理頁面後再試');
      }
      const verified = await verifyAccessToken(staffToken, 'staff', options.jwtSecret);
      if (!verified) throw new Unauthorized(TOKEN_INVALID);
      const current = options.resolveStaff
        ? await options.resolveStaff(verified.id, verified.claims)
        : { id: verified.id, role: verified.claims.role === 'owner' ? ('owner' as const) : ('staff' as const) };
      if (!current) throw new Unauthorized(TOKEN_INVALID);
      if (access === 'owner' && current.role !== 'owner') throw new Forbidden('此功能僅限店長使用');
      req.staff = { ...current, sessionId: typeof verified.claims.sid === 'string' ? verified.claims.sid : '' };
      return;
    }

    if (req.viaGuestPath) {
      if (access === 'member') throw new Unauthorized();
      if (access === 'public' && !sameSecret(req.headers.authorization ?? '', expectedGuest)) {
        throw new Unauthorized('訪客憑證錯誤');
      }
      return;
    }

    if (token) {
      const verified = await verifyAccessToken(token, 'member', options.jwtSecret);
      if (verified) req.member = { id: verified.id };
      else if (access !== 'exempt') throw new Unauthorized(TOKEN_INVALID);
    }
    if (!req.member && access !== 'exempt') throw new Unauthorized();
  });
}

/** spec §6: a member-scoped path answers 403 for another member's id. */
export function assertSelf(req: FastifyRequest, memberId: number): number {
  if (!req.member) throw new Unauthorized();
  if (req.member.id !== memberId) throw new Forbidden();
  return memberId;
}

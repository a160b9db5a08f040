// GET /auth/line and its callback (issue 41 item 1): browser navigations outside /api, like LINE's
// own pages. Every refusal goes back to a page with `?line_error=`, which shows it in zh-TW.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { KNOWN_DEVICE_COOKIE, knownDeviceCookieOptions } from '../../http/known-device.ts';
import { memberAccessToken } from '../../web/session-cookie.ts';
import { type LoginResult, verifyAccessToken } from '../members/index.ts';
import { LINE_CALLBACK_PATH, lineGateway } from './line-gateway.ts';
import {
  finishLogin,
  LineLoginRefused,
  type LineLoginDeps,
  PENDING_COOKIE,
  PENDING_LIFE_MS,
  returnPathOf,
  startLogin,
  STATE_COOKIE,
  STATE_LIFE_MS,
} from './line-login.service.ts';

/** The storefront's session cookies (spec §9), written here as the web writes them at a login. */
const AUTH_COOKIE = 'web_auth_data';
const MEMBER_COOKIE = 'web_member_data';
const SESSION_MAX_AGE_SECONDS = 30 * 86_400;

const text = z.string().max(2000).optional();
const startQuery = z.object({ redirect: text });
const callbackQuery = z.object({ code: text, state: text, error: text, error_description: text });

/** `path` with `?line_error=` (and where the login was going), for the page that shows why. */
function withError(path: string, reason: string, returnPath?: string): string {
  const url = new URL(path, 'http://shop.invalid');
  url.searchParams.set('line_error', reason);
  if (returnPath && url.pathname === '/login') url.searchParams.set('redirect', returnPath);
  return `${url.pathname}${url.search}`;
}

function withLinked(path: string): string {
  const url = new URL(path, 'http://shop.invalid');
  url.searchParams.set('line', 'linked');
  return `${url.pathname}${url.search}`;
}

/** The same session a password login stores (spec §4), and the known-device cookie it sets. */
function writeSession(reply: FastifyReply, config: Config, { answer, knownDevice }: LoginResult): void {
  const secure = config.publicUrl.startsWith('https://');
  const cookie = { path: '/', sameSite: 'lax' as const, secure, maxAge: SESSION_MAX_AGE_SECONDS };
  const m = answer.member;
  reply.setCookie(AUTH_COOKIE, JSON.stringify({ id: answer.id, token: answer.token }), cookie);
  reply.setCookie(
    MEMBER_COOKIE,
    JSON.stringify({
      id: m.id,
      name: m.name,
      avatar: m.avatar,
      is_internet_celebrity: m.is_internet_celebrity,
      member_level: m.member_level && {
        name: m.member_level.name,
        pic: m.member_level.pic,
        style_class: m.member_level.style_class,
      },
    }),
    cookie,
  );
  reply.setCookie(
    KNOWN_DEVICE_COOKIE.member.name,
    knownDevice,
    knownDeviceCookieOptions('member', config.NODE_ENV === 'production'),
  );
}

export const lineLoginRoutes: FastifyPluginAsync<{ db: Db; config: Config; now: () => Date }> = async (
  base,
  { db, config, now },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const deps: LineLoginDeps = { db, config, gateway: lineGateway(config), now, log: base.log };
  const secure = config.publicUrl.startsWith('https://');
  const route = { config: { access: 'exempt' as const }, schema: { hide: true } };
  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  /** The signed-in member of the page's session cookie; 'expired' when its token no longer verifies. */
  async function sessionMember(req: FastifyRequest): Promise<number | null | 'expired'> {
    const token = memberAccessToken(req.cookies);
    if (!token) return null;
    return (await verifyAccessToken(token, 'member', config.JWT_SECRET))?.id ?? 'expired';
  }

  app.get('/auth/line', { ...route, schema: { ...route.schema, querystring: startQuery } }, async (req, reply) => {
    noStore(reply);
    try {
      const returnPath = returnPathOf(req.query.redirect);
      const member = await sessionMember(req);
      if (member === 'expired') return reply.redirect(withError(returnPath, 'session'), 302);
      const { location, stateCookie } = startLogin(deps, { returnPath, memberId: member });
      reply.setCookie(STATE_COOKIE, stateCookie, {
        path: '/auth/line',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: STATE_LIFE_MS / 1000,
      });
      return reply.redirect(location, 302);
    } catch (err) {
      if (err instanceof LineLoginRefused) return reply.redirect(withError(err.backTo, err.reason), 302);
      throw err;
    }
  });

  app.get(
    LINE_CALLBACK_PATH,
    { ...route, schema: { ...route.schema, querystring: callbackQuery } },
    async (req, reply) => {
      noStore(reply);
      // The state is good once: whatever happens next, this browser's cookie is spent.
      reply.clearCookie(STATE_COOKIE, { path: '/auth/line' });
      try {
        const outcome = await finishLogin(
          deps,
          req.query,
          req.cookies[STATE_COOKIE],
          String(req.headers['user-agent'] ?? ''),
        );
        const next = new URLSearchParams({ redirect: outcome.returnPath });
        if (outcome.kind === 'linked') return reply.redirect(withLinked(outcome.returnPath), 302);
        if (outcome.kind === 'pending') {
          reply.setCookie(PENDING_COOKIE, outcome.pendingCookie, {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            secure,
            maxAge: PENDING_LIFE_MS / 1000,
          });
          return reply.redirect(`/login/line?${next}`, 302);
        }
        writeSession(reply, config, outcome.login);
        next.set('step', 'done');
        return reply.redirect(`/login/line?${next}`, 302);
      } catch (err) {
        if (err instanceof LineLoginRefused)
          return reply.redirect(withError(err.backTo, err.reason, err.returnPath), 302);
        throw err;
      }
    },
  );
};

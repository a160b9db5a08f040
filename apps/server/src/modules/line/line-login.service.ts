// LINE Login (issue 41 item 1, decision 083). The start hands the browser to LINE with a fresh state,
// nonce and PKCE verifier kept in a sealed, HttpOnly cookie; the callback checks the state (once
// only), exchanges the code, verifies the id_token, and then signs in the member the LINE account is
// linked to, links it to the member who asked, or keeps it in a sealed cookie for the page that
// offers to link it to an account or to sign up.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isPageOrBelow, type LineLoginError, sameOriginPath } from '@shop/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type LoginResult, signInVouchedMember } from '../members/index.ts';
import { IdTokenError, type LineIdentity, verifyIdToken } from './id-token.ts';
import * as repo from './line-accounts.repository.ts';
import type { LineGateway } from './line-gateway.ts';
import { authorizeUrl, exchangeCode, randomToken, TokenExchangeError } from './line-login-api.ts';
import { openValue, sealValue } from './sealed-cookie.ts';

export const STATE_COOKIE = 'line_login';
export const PENDING_COOKIE = 'line_pending';
export const STATE_LIFE_MS = 10 * 60_000;
export const PENDING_LIFE_MS = 15 * 60_000;
export const DEFAULT_RETURN = '/member';

export interface LineLoginDeps {
  db: Db;
  config: Config;
  gateway: LineGateway;
  now: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** A LINE login or link that did not happen, and where the browser goes to read why. */
export class LineLoginRefused extends Error {
  constructor(
    readonly reason: LineLoginError,
    /** The page that shows the reason: the login page, or the member's page a link started from. */
    readonly backTo = '/login',
    /** Where the login was going, for the login page to go on to after another try. */
    readonly returnPath?: string,
  ) {
    super(reason);
  }
}

/** `?redirect=` as a page of this shop (not the login pages); the member centre when absent. */
export function returnPathOf(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_RETURN;
  const path = sameOriginPath(value);
  if (!path) throw new LineLoginRefused('redirect');
  return isPageOrBelow(path, '/login') || isPageOrBelow(path, '/auth') ? DEFAULT_RETURN : path;
}

/** Where to send the browser to consent, and the sealed cookie the callback needs. */
export function startLogin(
  deps: LineLoginDeps,
  request: { returnPath: string; memberId: number | null },
): { location: string; stateCookie: string } {
  const login = deps.gateway.login;
  if (!login) throw new LineLoginRefused('off');
  const [state, nonce, verifier] = [randomToken(), randomToken(), randomToken()];
  const expiresAt = new Date(deps.now().getTime() + STATE_LIFE_MS);
  const stateCookie = sealValue(
    deps.config.JWT_SECRET,
    STATE_COOKIE,
    { s: state, n: nonce, v: verifier, r: request.returnPath, m: request.memberId },
    expiresAt,
  );
  const location = authorizeUrl({
    authUrl: login.authUrl,
    channelId: login.channelId,
    redirectUri: login.callbackUrl,
    state,
    nonce,
    codeVerifier: verifier,
    botPrompt: deps.gateway.messaging !== null,
  });
  return { location, stateCookie };
}

export type CallbackOutcome =
  | { kind: 'signed-in'; login: LoginResult; returnPath: string }
  | { kind: 'linked'; returnPath: string }
  | { kind: 'pending'; pendingCookie: string; returnPath: string };

interface LoginState {
  state: string;
  nonce: string;
  verifier: string;
  returnPath: string;
  memberId: number | null;
  expiresAt: Date;
}

function readState(deps: LineLoginDeps, cookie: string | undefined): LoginState | null {
  const v = openValue(deps.config.JWT_SECRET, STATE_COOKIE, cookie, deps.now());
  if (!v || typeof v.s !== 'string' || typeof v.n !== 'string' || typeof v.v !== 'string' || typeof v.r !== 'string') {
    return null;
  }
  return {
    state: v.s,
    nonce: v.n,
    verifier: v.v,
    returnPath: v.r,
    memberId: typeof v.m === 'number' ? v.m : null,
    expiresAt: new Date(v.exp as number),
  };
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** GET /auth/line/callback: what LINE's answer leads to; LineLoginRefused for every failure. */
export async function finishLogin(
  deps: LineLoginDeps,
  query: { code?: string; state?: string; error?: string },
  stateCookie: string | undefined,
  userAgent: string,
): Promise<CallbackOutcome> {
  const login = deps.gateway.login;
  if (!login) throw new LineLoginRefused('off');
  const saved = readState(deps, stateCookie);
  if (!saved) throw new LineLoginRefused('state');
  // A link fails back to the page it started from, where the member reads why.
  const refuse = (reason: LineLoginError) =>
    saved.memberId !== null
      ? new LineLoginRefused(reason, saved.returnPath)
      : new LineLoginRefused(reason, '/login', saved.returnPath);
  if (!query.state || !sameText(query.state, saved.state)) throw refuse('state');
  const stateHash = createHash('sha256').update(saved.state).digest('hex');
  if (!(await repo.spendState(deps.db, stateHash, saved.expiresAt))) throw refuse('state');
  if (query.error) throw refuse('cancelled');
  if (!query.code) throw refuse('token');

  let identity: LineIdentity;
  try {
    const idToken = await exchangeCode({
      ...login,
      redirectUri: login.callbackUrl,
      code: query.code,
      codeVerifier: saved.verifier,
    });
    identity = await verifyIdToken(idToken, { ...login, nonce: saved.nonce, now: deps.now() });
  } catch (err) {
    if (!(err instanceof TokenExchangeError || err instanceof IdTokenError)) throw err;
    deps.log.warn({ reason: err.message }, 'LINE login refused');
    throw refuse('token');
  }

  if (saved.memberId !== null) {
    await linkOrRefuse(deps, saved.memberId, identity, saved.returnPath);
    return { kind: 'linked', returnPath: saved.returnPath };
  }
  const linked = await repo.findByLineUser(deps.db, identity.userId);
  if (linked) {
    const signedIn = await signInVouchedMember(deps.db, deps.config, linked.memberId, deps.now(), userAgent);
    if (!signedIn) throw refuse('inactive');
    deps.log.info({ memberId: linked.memberId }, 'member signed in with LINE');
    return { kind: 'signed-in', login: signedIn, returnPath: saved.returnPath };
  }
  const pendingCookie = sealValue(
    deps.config.JWT_SECRET,
    PENDING_COOKIE,
    { u: identity.userId, d: identity.name },
    new Date(deps.now().getTime() + PENDING_LIFE_MS),
  );
  return { kind: 'pending', pendingCookie, returnPath: saved.returnPath };
}

/** Links `identity` to the member, or refuses: the LINE account is another member's, or the member has another. */
export async function linkOrRefuse(
  deps: { db: Db; now: () => Date; log: { info(obj: object, msg: string): void } },
  memberId: number,
  identity: LineIdentity,
  backTo: string,
): Promise<void> {
  const outcome = await repo.insertLink(deps.db, {
    memberId,
    lineUserId: identity.userId,
    displayName: identity.name,
    at: deps.now(),
  });
  if (outcome === 'line-taken') throw new LineLoginRefused('taken', backTo);
  if (outcome === 'member-has-other') throw new LineLoginRefused('other', backTo);
  deps.log.info({ memberId }, 'LINE account linked');
}

/** The LINE account a LINE login left waiting for a member, or null. */
export function readPending(config: Config, cookie: string | undefined, now: Date): LineIdentity | null {
  const v = openValue(config.JWT_SECRET, PENDING_COOKIE, cookie, now);
  if (!v || typeof v.u !== 'string') return null;
  return { userId: v.u, name: typeof v.d === 'string' ? v.d : '' };
}

// The LINE simulator (LINE_LOGIN_MODE / LINE_MESSAGING_MODE = simulator; issue 41, decision 083). It
// plays LINE's side inside the shop, offline: a consent page with 「同意」 (and 「加入好友」 when the
// shop asks, recorded as if LINE's follow webhook had arrived), the token endpoint answering an
// id_token signed as LINE signs it, and the push endpoint keeping a log the push-log page shows.
// Codes and the log live in this process's memory: a restart forgets them.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { LINE_ISSUER } from './id-token.ts';
import { pkceChallenge } from './line-login-api.ts';

export const LINE_SIMULATOR_PATH = '/line-simulator';
/** The simulator's API host: never resolved, the clients' fetch is the simulator itself. */
export const LINE_SIMULATOR_API = 'http://line-simulator.invalid';

export interface SimulatedUser {
  id: string;
  name: string;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string;
  user: SimulatedUser;
  expiresAt: number;
}

export interface SimulatedPush {
  at: Date;
  to: string;
  text: string;
  retryKey: string;
  messageId: string;
}

export interface AuthorizeParams {
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  challenge: string;
  botPrompt: boolean;
}

export interface LineSimulatorOptions {
  login: { channelId: string; channelSecret: string } | null;
  messaging: { accessToken: string } | null;
  /** Where LINE Login may send the browser back: PUBLIC_URL/auth/line/callback. */
  callbackUrl: string;
  now?: () => Date;
}

const CODE_LIFE_MS = 10 * 60_000;
const LOG_SIZE = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** What one simulator remembers: the codes it issued, the pushes it took, the retry keys it accepted. */
interface SimulatorState {
  options: LineSimulatorOptions;
  now: () => Date;
  codes: Map<string, IssuedCode>;
  pushes: SimulatedPush[];
  acceptedKeys: Map<string, string>;
}

/** The token endpoint: a code is good once, for its redirect_uri and PKCE verifier. */
async function answerToken(sim: SimulatorState, form: URLSearchParams): Promise<Response> {
  const { options, codes, now } = sim;
  const login = options.login;
  const secret = Buffer.from(form.get('client_secret') ?? '');
  const expected = Buffer.from(login?.channelSecret ?? '');
  if (
    !login ||
    form.get('client_id') !== login.channelId ||
    secret.length !== expected.length ||
    !timingSafeEqual(secret, expected)
  ) {
    return json(400, { error: 'invalid_client', error_description: 'invalid client' });
  }
  const code = codes.get(form.get('code') ?? '');
  codes.delete(form.get('code') ?? ''); // a code is good once
  if (
    form.get('grant_type') !== 'authorization_code' ||
    !code ||
    code.expiresAt < now().getTime() ||
    code.redirectUri !== form.get('redirect_uri') ||
    pkceChallenge(form.get('code_verifier') ?? '') !== code.challenge
  ) {
    return json(400, { error: 'invalid_grant', error_description: 'invalid authorization code' });
  }
  const iat = Math.floor(now().getTime() / 1000);
  const idToken = await new SignJWT({ name: code.user.name, nonce: code.nonce, amr: ['linesso'] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(LINE_ISSUER)
    .setSubject(code.user.id)
    .setAudience(code.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(new TextEncoder().encode(login.channelSecret));
  return json(200, {
    access_token: randomBytes(24).toString('base64url'),
    expires_in: 2_592_000,
    id_token: idToken,
    refresh_token: randomBytes(16).toString('base64url'),
    scope: 'openid profile',
    token_type: 'Bearer',
  });
}

/** The push endpoint: the channel's token, a UUID retry key answered 409 when seen, a log entry. */
function answerPush(sim: SimulatorState, headers: Headers, text: string): Response {
  const { options, pushes, acceptedKeys, now } = sim;
  const messaging = options.messaging;
  if (!messaging || headers.get('authorization') !== `Bearer ${messaging.accessToken}`) {
    return json(401, { message: 'Authentication failed due to the following reason: invalid token.' });
  }
  const retryKey = headers.get('x-line-retry-key') ?? '';
  if (retryKey && !UUID.test(retryKey))
    return json(400, { message: 'The value for the X-Line-Retry-Key header is invalid' });
  const accepted = acceptedKeys.get(retryKey);
  if (accepted) {
    return json(409, { message: 'The retry key is already accepted' }, { 'x-line-accepted-request-id': accepted });
  }
  let body: { to?: unknown; messages?: { type?: unknown; text?: unknown }[] };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return json(400, { message: 'The request body has 1 error(s)' });
  }
  if (typeof body.to !== 'string' || !Array.isArray(body.messages) || body.messages.length === 0) {
    return json(400, { message: 'The request body has 1 error(s)' });
  }
  const messageId = String(Date.now()) + String(pushes.length).padStart(4, '0');
  if (retryKey) acceptedKeys.set(retryKey, messageId);
  pushes.unshift({
    at: now(),
    to: body.to,
    text: body.messages.map((m) => (typeof m.text === 'string' ? m.text : '')).join('\n'),
    retryKey,
    messageId,
  });
  pushes.length = Math.min(pushes.length, LOG_SIZE);
  return json(200, { sentMessages: [{ id: messageId, quoteToken: randomBytes(8).toString('base64url') }] });
}

/** LINE's API (token and push endpoints) for the shop's clients: no network, the same protocol. */
export function createLineSimulator(options: LineSimulatorOptions) {
  const now = options.now ?? (() => new Date());
  const codes = new Map<string, IssuedCode>();
  const pushes: SimulatedPush[] = [];
  const acceptedKeys = new Map<string, string>();
  const sim: SimulatorState = { options, now, codes, pushes, acceptedKeys };

  /** The authorize request's parameters when LINE would show its consent screen, else null. */
  function readAuthorize(q: URLSearchParams): AuthorizeParams | null {
    const login = options.login;
    const scopes = (q.get('scope') ?? '').split(' ');
    const ok =
      login &&
      q.get('response_type') === 'code' &&
      q.get('client_id') === login.channelId &&
      q.get('redirect_uri') === options.callbackUrl &&
      scopes.includes('openid') &&
      q.get('code_challenge_method') === 'S256' &&
      [q.get('state'), q.get('nonce'), q.get('code_challenge')].every((v) => v && v.length <= 200);
    if (!ok) return null;
    return {
      clientId: q.get('client_id')!,
      redirectUri: q.get('redirect_uri')!,
      state: q.get('state')!,
      nonce: q.get('nonce')!,
      challenge: q.get('code_challenge')!,
      botPrompt: q.get('bot_prompt') === 'aggressive' || q.get('bot_prompt') === 'normal',
    };
  }

  /** The user consented: a code for the shop's callback. */
  function issueCode(p: AuthorizeParams, user: SimulatedUser): string {
    const code = randomBytes(16).toString('base64url');
    for (const [key, c] of codes) if (c.expiresAt < now().getTime()) codes.delete(key);
    codes.set(code, {
      clientId: p.clientId,
      redirectUri: p.redirectUri,
      challenge: p.challenge,
      nonce: p.nonce,
      user,
      expiresAt: now().getTime() + CODE_LIFE_MS,
    });
    return code;
  }

  const api: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = typeof init?.body === 'string' ? init.body : '';
    if (init?.method !== 'POST') return json(405, { message: 'Method not allowed' });
    if (url.pathname === '/oauth2/v2.1/token') return answerToken(sim, new URLSearchParams(body));
    if (url.pathname === '/v2/bot/message/push') return answerPush(sim, new Headers(init.headers), body);
    return json(404, { message: 'Not found' });
  };

  return { api, readAuthorize, issueCode, pushes: () => pushes.slice(), messagingOn: options.messaging !== null };
}

export type LineSimulator = ReturnType<typeof createLineSimulator>;

// A stand-in for LINE's servers in the API tests (issue 41): the token endpoint, answering codes the
// test issued with an id_token signed as LINE signs it (or as a forger would), and the push endpoint,
// recording every call with its retry key and answering what the test asks.
import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { jsonAnswer, startStandIn, type StandInAnswer } from '../../test/stand-in-server.ts';
import { LINE_ISSUER } from './id-token.ts';

export const STAND_IN_CHANNEL = { id: '2006543210', secret: 'stand-in-login-channel-secret' };
export const STAND_IN_MESSAGING = { secret: 'stand-in-messaging-secret', accessToken: 'stand-in-access-token' };

export interface IssuedCode {
  userId: string;
  name: string;
  nonce: string;
  challenge: string;
  /** Sign with another secret (a forged token), or make it expired. */
  forge?: 'secret' | 'expired';
}

export interface PushCall {
  authorization: string;
  retryKey: string;
  to: string;
  text: string;
}

export interface LineStandIn {
  url: string;
  codes: Map<string, IssuedCode>;
  tokenCalls: URLSearchParams[];
  pushes: PushCall[];
  /** What the next pushes answer, in turn (then 200); 'lost': taken, but the answer is a 500. */
  pushAnswers: (number | 'lost')[];
  close(): Promise<void>;
}

async function idToken(c: IssuedCode): Promise<string> {
  const iat = Math.floor(Date.now() / 1000) - (c.forge === 'expired' ? 7200 : 0);
  return new SignJWT({ name: c.name, nonce: c.nonce })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(LINE_ISSUER)
    .setAudience(STAND_IN_CHANNEL.id)
    .setSubject(c.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(new TextEncoder().encode(c.forge === 'secret' ? 'a-forger-secret' : STAND_IN_CHANNEL.secret));
}

export async function startLineStandIn(): Promise<LineStandIn> {
  const standIn: Omit<LineStandIn, 'url' | 'close'> = { codes: new Map(), tokenCalls: [], pushes: [], pushAnswers: [] };
  const accepted = new Set<string>();
  const reply = (status: number, value: unknown, headers: Record<string, string> = {}): StandInAnswer => ({
    ...jsonAnswer(value, status),
    headers,
  });
  const server = await startStandIn(async (request) => {
    if (request.method === 'POST' && request.path === '/oauth2/v2.1/token') {
      const form = new URLSearchParams(request.body);
      standIn.tokenCalls.push(form);
      const code = standIn.codes.get(form.get('code') ?? '');
      standIn.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const pkceOk = code && createHash('sha256').update(verifier).digest('base64url') === code.challenge;
      if (!code || !pkceOk || form.get('client_secret') !== STAND_IN_CHANNEL.secret) {
        return reply(400, { error: 'invalid_grant', error_description: 'invalid authorization code' });
      }
      return reply(200, { access_token: 'at', id_token: await idToken(code), token_type: 'Bearer' });
    }
    if (request.method === 'POST' && request.path === '/v2/bot/message/push') {
      const parsed = JSON.parse(request.body) as { to: string; messages: { text: string }[] };
      const retryKey = String(request.headers['x-line-retry-key'] ?? '');
      standIn.pushes.push({
        authorization: String(request.headers.authorization ?? ''),
        retryKey,
        to: parsed.to,
        text: parsed.messages.map((m) => m.text).join('\n'),
      });
      const status = standIn.pushAnswers.shift() ?? 200;
      if (status === 'lost') {
        accepted.add(retryKey);
        return reply(500, { message: 'Internal server error' });
      }
      if (status === 200 && accepted.has(retryKey)) {
        return reply(409, { message: 'The retry key is already accepted' }, { 'x-line-accepted-request-id': 'req-1' });
      }
      if (status === 200) {
        accepted.add(retryKey);
        return reply(200, { sentMessages: [{ id: `msg-${standIn.pushes.length}` }] });
      }
      return reply(status, { message: status === 400 ? 'Failed to send messages' : 'Internal server error' });
    }
    return reply(404, { message: 'Not found' });
  });
  return { ...standIn, url: server.url, close: server.close } as LineStandIn;
}

/** The settings that point the shop at the stand-in, in the real modes. */
export function standInEnv(url: string): Record<string, string> {
  return {
    PUBLIC_URL: 'http://localhost:3000',
    LINE_LOGIN_MODE: 'production',
    LINE_LOGIN_CHANNEL_ID: STAND_IN_CHANNEL.id,
    LINE_LOGIN_CHANNEL_SECRET: STAND_IN_CHANNEL.secret,
    LINE_LOGIN_AUTH_URL: url,
    LINE_LOGIN_API_URL: url,
    LINE_MESSAGING_MODE: 'production',
    LINE_MESSAGING_CHANNEL_SECRET: STAND_IN_MESSAGING.secret,
    LINE_MESSAGING_ACCESS_TOKEN: STAND_IN_MESSAGING.accessToken,
    LINE_MESSAGING_API_URL: url,
  };
}

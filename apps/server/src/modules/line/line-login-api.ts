// LINE Login v2.1 as the shop speaks it (issue 41): the authorization request with PKCE, and the
// code's exchange at the token endpoint. The token endpoint's host comes from the gateway, so a
// test's stand-in or the simulator can answer instead of LINE.
import { createHash, randomBytes } from 'node:crypto';
import { observedFetch } from '../../metrics/index.ts';

/** 32 random bytes (256 bits) in base64url: the state, the nonce and the PKCE verifier. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** RFC 7636 S256: the challenge is the verifier's SHA-256 in base64url. */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export interface AuthorizeRequest {
  authUrl: string;
  channelId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Ask to add the official account as a friend on the consent screen (messages on). */
  botPrompt: boolean;
}

/** LINE's consent page with the request; a path when the simulator on the shop's own host plays LINE. */
export function authorizeUrl(r: AuthorizeRequest): string {
  const url = new URL(`${r.authUrl.replace(/\/$/, '')}/oauth2/v2.1/authorize`, 'http://shop.invalid');
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', r.channelId);
  url.searchParams.set('redirect_uri', r.redirectUri);
  url.searchParams.set('state', r.state);
  url.searchParams.set('scope', 'openid profile');
  url.searchParams.set('nonce', r.nonce);
  url.searchParams.set('code_challenge', pkceChallenge(r.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (r.botPrompt) url.searchParams.set('bot_prompt', 'aggressive');
  return r.authUrl.startsWith('/') ? `${url.pathname}${url.search}` : url.toString();
}

export interface CodeExchange {
  apiUrl: string;
  channelId: string;
  channelSecret: string;
  redirectUri: string;
  code: string;
  codeVerifier: string;
  fetch?: typeof fetch;
}

/** Why the exchange failed, without the secret (the log reads it). */
export class TokenExchangeError extends Error {}

const TOKEN_TIMEOUT_MS = 10_000;

/** The id_token of the code, or TokenExchangeError (an unknown or spent code, LINE out of reach). */
export async function exchangeCode(x: CodeExchange): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: x.code,
    redirect_uri: x.redirectUri,
    client_id: x.channelId,
    client_secret: x.channelSecret,
    code_verifier: x.codeVerifier,
  });
  const doFetch = x.fetch ?? fetch;
  let res: Response;
  try {
    res = await observedFetch('line', doFetch)(`${x.apiUrl.replace(/\/$/, '')}/oauth2/v2.1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch (err) {
    throw new TokenExchangeError(`token endpoint unreachable: ${(err as Error).name}`);
  }
  const answer = (await res.json().catch(() => null)) as { id_token?: unknown; error?: unknown } | null;
  if (!res.ok || typeof answer?.id_token !== 'string') {
    const error = typeof answer?.error === 'string' ? answer.error.slice(0, 40) : 'no id_token';
    throw new TokenExchangeError(`token endpoint answered ${res.status} ${error}`);
  }
  return answer.id_token;
}

import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

// Short-lived access tokens (ASVS v5 ch. 7): HS256 JWTs with a fixed audience, so a member token
// can never open a route meant for staff, and the reverse.
export type TokenAudience = 'member' | 'staff';

export interface AccessTokenOptions {
  secret: string;
  ttlSeconds: number;
}

const ISSUER = 'shop';

// A WebCrypto key per secret, imported once: jose would otherwise convert the secret on every sign and
// verify (a KeyObject too), a third or more of the time of a token check.
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
function key(secret: string): Promise<webcrypto.CryptoKey> {
  let k = keys.get(secret);
  if (!k) {
    const hmac = { name: 'HMAC', hash: 'SHA-256' };
    k = webcrypto.subtle.importKey('raw', Buffer.from(secret, 'utf8'), hmac, false, ['sign', 'verify']);
    keys.set(secret, k);
  }
  return k;
}

export async function signAccessToken(
  subjectId: number,
  audience: TokenAudience,
  { secret, ttlSeconds }: AccessTokenOptions,
  extra: Record<string, unknown> = {},
): Promise<string> {
  return new SignJWT(extra)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(subjectId))
    .setAudience(audience)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await key(secret));
}

/** The subject id and claims of a valid token, or null for anything expired, forged or malformed. */
export async function verifyAccessToken(
  token: string,
  audience: TokenAudience,
  secret: string,
): Promise<{ id: number; claims: Record<string, unknown> } | null> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), { audience, issuer: ISSUER, algorithms: ['HS256'] });
    const id = Number(payload.sub);
    return Number.isSafeInteger(id) && id > 0 ? { id, claims: payload } : null;
  } catch {
    return null;
  }
}

import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

// Short-lived access tokens (ASVS v5 ch. 7): HS256 JWTs with a fixed audience, so a member token
// can never open a route meant for staff, and the reverse.
export type TokenAudience = 'member' | 'staff';

export interface AccessTokenOptions {
  secret: string;
  ttlSeconds: number;
}

const ISSUER = 'shop';

// A KeyObject per secret, made once: jose would otherwise import the raw bytes on every sign and verify.
const keys = new Map<string, KeyObject>();
function key(secret: string): KeyObject {
  let k = keys.get(secret);
  if (!k) {
    k = createSecretKey(Buffer.from(secret, 'utf8'));
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
    .sign(key(secret));
}

/** The subject id and claims of a valid token, or null for anything expired, forged or malformed. */
export async function verifyAccessToken(
  token: string,
  audience: TokenAudience,
  secret: string,
): Promise<{ id: number; claims: Record<string, unknown> } | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { audience, issuer: ISSUER, algorithms: ['HS256'] });
    const id = Number(payload.sub);
    return Number.isSafeInteger(id) && id > 0 ? { id, claims: payload } : null;
  } catch {
    return null;
  }
}

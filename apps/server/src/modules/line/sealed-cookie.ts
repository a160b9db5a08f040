// Short-lived values the shop hands the browser and reads back unchanged: a LINE login under way
// (state, nonce, PKCE verifier) and a LINE account waiting to be linked. JSON in base64url with an
// HMAC-SHA256 tag under a key derived from JWT_SECRET; an altered or expired value reads as nothing.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

function keyOf(secret: string, purpose: string): Buffer {
  return createHash('sha256').update(`line:${purpose}:${secret}`).digest();
}

export function sealValue(secret: string, purpose: string, value: object, expiresAt: Date): string {
  const body = Buffer.from(JSON.stringify({ ...value, exp: expiresAt.getTime() })).toString('base64url');
  const tag = createHmac('sha256', keyOf(secret, purpose)).update(body).digest('base64url');
  return `${body}.${tag}`;
}

/** The sealed value, or null when it was altered, sealed for another purpose, or has expired. */
export function openValue(
  secret: string,
  purpose: string,
  sealed: string | undefined,
  now: Date,
): Record<string, unknown> | null {
  const [body, tag, ...rest] = (sealed ?? '').split('.');
  if (!body || !tag || rest.length > 0) return null;
  const expected = createHmac('sha256', keyOf(secret, purpose)).update(body).digest();
  const given = Buffer.from(tag, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    return typeof value.exp === 'number' && value.exp > now.getTime() ? value : null;
  } catch {
    return null;
  }
}

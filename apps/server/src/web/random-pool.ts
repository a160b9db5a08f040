import { randomBytes } from 'node:crypto';

// Every page response needs fresh random bytes (a CSP nonce, often an XSRF token). Drawing 4 KB from
// the system's generator at once and handing out slices costs one call per few hundred pages instead
// of two per page; each byte is handed out once.
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let at = 0;

/** `size` fresh random bytes, encoded. */
export function randomString(size: number, encoding: 'base64' | 'base64url'): string {
  if (at + size > pool.length) {
    pool = randomBytes(Math.max(POOL_BYTES, size));
    at = 0;
  }
  const text = pool.toString(encoding, at, at + size);
  at += size;
  return text;
}

// A "known device" is a browser that has signed in to an account before (OWASP Authentication Cheat
// Sheet, "device cookies"). It carries `id.expiry.mac`: a random id, an expiry and an HMAC over both
// plus the account, so the server needs no table to recognise it and the cookie opens nothing by itself:
// it only spares its holder the delay that failures from unknown devices earn an account.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Kept while the holder signs in at least this often; each sign-in issues a fresh one. */
export const KNOWN_DEVICE_DAYS = 180;

/** Members and staff are separate account spaces: the same name in each is a different account. */
export type AccountRealm = 'member' | 'staff';

const ID = /^[\w-]{22}$/;
const EXPIRY = /^\d{1,12}$/;

function mac(secret: string, realm: AccountRealm, account: string, id: string, expiry: string): Buffer {
  // A prefix of its own, so this MAC can never be mistaken for another use of the same secret.
  return createHmac('sha256', secret)
    .update(JSON.stringify(['known-device/v1', realm, account, id, expiry]))
    .digest();
}

export function issueKnownDevice(secret: string, realm: AccountRealm, account: string, now: Date): string {
  const id = randomBytes(16).toString('base64url');
  const expiry = String(Math.floor(now.getTime() / 1000) + KNOWN_DEVICE_DAYS * 86_400);
  return `${id}.${expiry}.${mac(secret, realm, account, id, expiry).toString('base64url')}`;
}

/** The device's id when `token` was issued by this shop for this account and has not expired; else null. */
export function knownDeviceId(
  secret: string,
  realm: AccountRealm,
  account: string,
  token: string | undefined,
  now: Date,
): string | null {
  const [id, expiry, given, ...rest] = (token ?? '').split('.');
  if (!id || !expiry || !given || rest.length || !ID.test(id) || !EXPIRY.test(expiry)) return null;
  if (Number(expiry) * 1000 <= now.getTime()) return null;
  const expected = mac(secret, realm, account, id, expiry);
  const actual = Buffer.from(given, 'base64url');
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
}

/** Sent only to the login call of its realm, and never readable by page script. */
export const KNOWN_DEVICE_COOKIE: Record<AccountRealm, { name: string; path: string }> = {
  member: { name: 'shop_member_device', path: '/api/v1/members/auth' },
  staff: { name: 'shop_staff_device', path: '/api/v1/admin/auth' },
};

export function knownDeviceCookieOptions(realm: AccountRealm, secure: boolean) {
  return {
    path: KNOWN_DEVICE_COOKIE[realm].path,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure,
    maxAge: KNOWN_DEVICE_DAYS * 86_400,
  };
}

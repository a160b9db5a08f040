import { hash, verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../../db/seed/demo.ts';

// argon2id with the parameters the demo seed hashes with (docs/decisions/009-member-sessions-and-sms-codes.md):
// 19 MiB, 2 passes, 1 lane — the OWASP cheat-sheet minimum, about 12 ms per hash on the 2-core test machine.
export { ARGON2_OPTIONS };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. Without a hash (unknown account) it still verifies against
 * a dummy hash of the same cost, so an unknown account and a wrong password take the same time
 * (ASVS v5 6.3.8: no account enumeration by timing).
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hash('dummy-password-for-equal-timing', ARGON2_OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false; // a malformed stored hash never logs anybody in
  }
}

/** Warms the dummy hash at start-up so the first unknown-account login is not the slow one. */
export function prepareDummyHash(): Promise<unknown> {
  dummyHash ??= hash('dummy-password-for-equal-timing', ARGON2_OPTIONS);
  return dummyHash;
}

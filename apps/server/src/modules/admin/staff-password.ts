import { hash, verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../members/index.ts';

// Staff passwords use the member passwords' argon2id parameters (docs/decisions/070); a staff hash
// records its own, so older ones still verify.

// A hash of a password nobody has: verifying an unknown account costs as much as a known one,
// so response times do not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;

export function hashStaffPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches `passwordHash`; an absent hash still spends the time of one check. */
export async function verifyStaffPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash('no-such-account-password', ARGON2_OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

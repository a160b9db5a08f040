import { hash, verify } from '@node-rs/argon2';

/** OWASP ASVS argon2id parameters (19 MiB, 2 passes, 1 lane), the same as member passwords and the seed. */
export const STAFF_ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

// A hash of a password nobody has: verifying an unknown account costs as much as a known one,
// so response times do not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;

export function hashStaffPassword(password: string): Promise<string> {
  return hash(password, STAFF_ARGON2_OPTIONS);
}

/** True when `password` matches `passwordHash`; an absent hash still spends the time of one check. */
export async function verifyStaffPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash('no-such-account-password', STAFF_ARGON2_OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

import { hash, verify } from '@node-rs/argon2';
import { Unavailable } from '../../errors.ts';
import { passwordHashing } from './hashing-gate.ts';

/**
 * argon2id parameters of member and staff passwords (docs/decisions/070): 12 MiB, 3 passes, 1 lane, one
 * of the configurations OWASP's password storage cheat sheet lists as equal in strength to its 19 MiB ×
 * 2 passes. It reuses its memory from hash to hash where 19 MiB was mapped and faulted in afresh each
 * time, so a check costs about half the CPU. The demo seed hashes with the same ones.
 */
export const ARGON2_OPTIONS = { memoryCost: 12_288, timeCost: 3, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return passwordHashing.run(() => hash(password, ARGON2_OPTIONS));
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
    const dummy = await dummyHash;
    await passwordHashing.run(() => verify(dummy, password).catch(() => false));
    return false;
  }
  try {
    return await passwordHashing.run(() => verify(storedHash, password));
  } catch (err) {
    if (err instanceof Unavailable) throw err; // busy: 503, not a wrong password
    return false; // a malformed stored hash never logs anybody in
  }
}

/** Warms the dummy hash at start-up so the first unknown-account login is not the slow one. */
export function prepareDummyHash(): Promise<unknown> {
  dummyHash ??= hash('dummy-password-for-equal-timing', ARGON2_OPTIONS);
  return dummyHash;
}

/**
 * True when a stored hash was made with other parameters than today's (`$argon2id$v=19$m=…,t=…,p=…$`),
 * so a successful login re-hashes the password and old hashes move to the current cost over time.
 */
export function needsRehash(storedHash: string): boolean {
  const match = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(storedHash);
  if (!match) return true;
  const [m, t, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return m !== ARGON2_OPTIONS.memoryCost || t !== ARGON2_OPTIONS.timeCost || p !== ARGON2_OPTIONS.parallelism;
}

import { createHash, randomBytes } from 'node:crypto';

// Opaque refresh tokens (ARCHITECTURE.md auth): 256 random bits, handed out once; the database
// keeps only their SHA-256, so a leaked table cannot be replayed. High entropy makes a slow hash
// unnecessary here (unlike passwords).

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const DAY_MS = 86_400_000;

/** When a token issued at `now` stops working if it is not used (before the family's absolute end). */
export function refreshIdleEnd(now: Date, idleDays: number): Date {
  return new Date(now.getTime() + idleDays * DAY_MS);
}

/**
 * Lifetimes of a token issued at `now`: the family's absolute end (fixed at login, never extended by
 * rotation) and this token's own end after `idleDays` unused, never past the absolute end.
 */
export function refreshLifetimes(
  now: Date,
  options: { ttlDays: number; idleDays: number; absoluteExpiresAt?: Date },
): { expiresAt: Date; absoluteExpiresAt: Date } {
  const absoluteExpiresAt = options.absoluteExpiresAt ?? new Date(now.getTime() + options.ttlDays * DAY_MS);
  const idleEnd = refreshIdleEnd(now, options.idleDays).getTime();
  return { expiresAt: new Date(Math.min(idleEnd, absoluteExpiresAt.getTime())), absoluteExpiresAt };
}

import { describe, expect, it } from 'vitest';
import { hashRefreshToken, newRefreshToken, refreshLifetimes } from './refresh-token.ts';

describe('refresh tokens', () => {
  it('are 256-bit url-safe strings, different every time', () => {
    const a = newRefreshToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newRefreshToken()).not.toBe(a);
  });

  it('are stored as a SHA-256 that does not contain the token', () => {
    const token = newRefreshToken();
    const hash = hashRefreshToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashRefreshToken(token));
    expect(hash).not.toContain(token);
  });
});

describe('refreshLifetimes', () => {
  const now = new Date('2026-05-01T00:00:00Z');

  it('gives a new family its absolute end and an idle end', () => {
    expect(refreshLifetimes(now, { ttlDays: 30, idleDays: 7 })).toEqual({
      expiresAt: new Date('2026-05-08T00:00:00Z'),
      absoluteExpiresAt: new Date('2026-05-31T00:00:00Z'),
    });
  });

  it('never lets a rotated token outlive the family', () => {
    const absoluteExpiresAt = new Date('2026-05-03T00:00:00Z');
    expect(refreshLifetimes(now, { ttlDays: 30, idleDays: 7, absoluteExpiresAt })).toEqual({
      expiresAt: absoluteExpiresAt,
      absoluteExpiresAt,
    });
  });
});

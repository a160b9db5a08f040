import { describe, expect, it } from 'vitest';
import { FailureLimiter } from './failure-limiter.ts';

const MINUTE = 60_000;

describe('FailureLimiter', () => {
  it('blocks a key after max failures until the window ends', () => {
    const limiter = new FailureLimiter({ max: 3, windowMs: 15 * MINUTE });
    const t0 = 1_000_000;
    for (let i = 0; i < 2; i++) limiter.fail('a', t0 + i);
    expect(limiter.blockedFor('a', t0 + 10)).toBe(0);
    limiter.fail('a', t0 + 10);
    expect(limiter.blockedFor('a', t0 + 20)).toBe(15 * MINUTE - 20);
    expect(limiter.blockedFor('a', t0 + 15 * MINUTE - 1)).toBe(1);
    expect(limiter.blockedFor('a', t0 + 15 * MINUTE)).toBe(0);
  });

  it('keeps keys apart', () => {
    const limiter = new FailureLimiter({ max: 1, windowMs: MINUTE });
    limiter.fail('a', 0);
    expect(limiter.blockedFor('a', 1)).toBeGreaterThan(0);
    expect(limiter.blockedFor('b', 1)).toBe(0);
  });

  it('starts a new window after the old one ended', () => {
    const limiter = new FailureLimiter({ max: 2, windowMs: MINUTE });
    limiter.fail('a', 0);
    limiter.fail('a', MINUTE + 1);
    expect(limiter.blockedFor('a', MINUTE + 2)).toBe(0);
  });

  it('forgets a key on clear (a successful login)', () => {
    const limiter = new FailureLimiter({ max: 1, windowMs: MINUTE });
    limiter.fail('a', 0);
    limiter.clear('a');
    expect(limiter.blockedFor('a', 1)).toBe(0);
  });

  it('stays within its key bound', () => {
    const limiter = new FailureLimiter({ max: 5, windowMs: MINUTE }, 10);
    for (let i = 0; i < 50; i++) limiter.fail(`k${i}`, i);
    expect(limiter.blockedFor('k49', 60)).toBe(0);
    // the newest keys survive, the oldest were dropped
    limiter.fail('k49', 61);
    limiter.fail('k49', 62);
    limiter.fail('k49', 63);
    limiter.fail('k49', 64);
    expect(limiter.blockedFor('k49', 65)).toBeGreaterThan(0);
  });
});

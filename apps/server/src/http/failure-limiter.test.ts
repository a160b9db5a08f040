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

describe('FailureLimiter with backoff', () => {
  const limit = { max: 3, windowMs: 60 * MINUTE, backoff: { firstMs: 1_000, maxMs: 8_000 } };

  it('answers the running count from fail()', () => {
    const limiter = new FailureLimiter(limit);
    expect([limiter.fail('a', 0), limiter.fail('a', 1), limiter.fail('b', 2)]).toEqual([1, 2, 1]);
  });

  it.each([
    // failures so far, wait right after the latest one
    [2, 0],
    [3, 1_000],
    [4, 2_000],
    [5, 4_000],
    [6, 8_000],
    [9, 8_000], // capped
  ])('after %i failures waits %i ms from the latest', (failures, wait) => {
    const limiter = new FailureLimiter(limit);
    for (let i = 0; i < failures; i++) limiter.fail('a', i * 10_000);
    const last = (failures - 1) * 10_000;
    expect(limiter.blockedFor('a', last)).toBe(wait);
    expect(limiter.blockedFor('a', last + wait)).toBe(0);
  });

  it('keeps counting while failures keep coming, however long the attack runs', () => {
    const limiter = new FailureLimiter(limit);
    // one failure every 50 minutes: each lands inside the window the previous one opened
    for (let i = 0; i < 5; i++) limiter.fail('a', i * 50 * MINUTE);
    expect(limiter.fail('a', 250 * MINUTE)).toBe(6);
    expect(limiter.blockedFor('a', 310 * MINUTE + 1)).toBe(0); // an hour of quiet forgets it
    expect(limiter.fail('a', 310 * MINUTE + 1)).toBe(1);
  });
});

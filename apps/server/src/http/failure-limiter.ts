// Counts failed attempts per key (an account, an address, a device) and holds the key back once it
// reaches the limit (ASVS v5 6.3.1: brute-force protection). Only failures count, so a shop's office
// behind one NAT address can log in all day; a success clears the key's count.
//
// The counters here live in this process's memory (docs/decisions/012, 037). Callers hold an
// `AttemptLimiter`, so with REDIS_URL the store shared by every process takes this one's place
// (shared-state/shared-failure-limiter.ts, docs/decisions/063) and falls back to this one.

export interface FailureLimit {
  /** Failures a key may make before it must wait. */
  max: number;
  /** How long failures are remembered, from the first failure of the window. */
  windowMs: number;
  /**
   * Past `max`, wait `firstMs` after the latest failure, doubling with every further failure up to
   * `maxMs`, instead of being blocked until the window ends. Each failure then keeps the window open,
   * so a slow, steady attack never earns a fresh `max`.
   */
  backoff?: { firstMs: number; maxMs: number };
}

/** What login and look-up limits ask of a counter store (in memory, or shared by the processes). */
export interface AttemptLimiter {
  /** Milliseconds until the key may try again, or 0 when it may try now. */
  blockedFor(key: string, now: number): number | Promise<number>;
  /** Records one failure and answers the key's failures in the current window, this one included. */
  fail(key: string, now: number): number | Promise<number>;
  clear(key: string): void | Promise<void>;
}

/** Makes the counter store for one named limit; `name` keeps shared stores' keys apart. */
export type LimiterFactory = (name: string, limit: FailureLimit) => AttemptLimiter;

export const localLimiters: LimiterFactory = (_name, limit) => new FailureLimiter(limit);

interface Entry {
  count: number;
  resetAt: number;
  lastAt: number;
}

export class FailureLimiter implements AttemptLimiter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly limit: FailureLimit,
    /** Most keys kept; the oldest windows are dropped first when exceeded (memory bound under attack). */
    private readonly maxKeys = 100_000,
  ) {}

  blockedFor(key: string, now: number): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    if (entry.resetAt <= now) {
      this.entries.delete(key);
      return 0;
    }
    if (entry.count < this.limit.max) return 0;
    const { backoff } = this.limit;
    if (!backoff) return entry.resetAt - now;
    const delay = Math.min(backoff.firstMs * 2 ** (entry.count - this.limit.max), backoff.maxMs);
    return Math.max(0, entry.lastAt + delay - now);
  }

  /** The window starts at the first failure (and slides with every failure when backing off). */
  fail(key: string, now: number): number {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt > now) {
      entry.count += 1;
      entry.lastAt = now;
      if (this.limit.backoff) entry.resetAt = now + this.limit.windowMs;
      return entry.count;
    }
    if (this.entries.size >= this.maxKeys) this.prune(now);
    this.entries.set(key, { count: 1, resetAt: now + this.limit.windowMs, lastAt: now });
    return 1;
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
    // Still full: drop the oldest insertions (Map keeps insertion order).
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxKeys) break;
      this.entries.delete(key);
    }
  }
}

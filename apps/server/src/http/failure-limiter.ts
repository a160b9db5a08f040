// Counts failed attempts per key (an account, an IP) in a fixed window and blocks the key once it
// reaches the limit (ASVS v5 6.3.1: brute-force protection). Only failures count, so a shop's office
// behind one NAT address can log in all day; a success clears the key's count.
//
// The counters live in this process's memory (docs/decisions/012: member logins; the back office counts the same way): with several processes each
// allows its own `max`, which still stops online guessing at a few dozen tries per window.

export interface FailureLimit {
  max: number;
  windowMs: number;
}

interface Entry {
  count: number;
  resetAt: number;
}

export class FailureLimiter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly limit: FailureLimit,
    /** Most keys kept; the oldest windows are dropped first when exceeded (memory bound under attack). */
    private readonly maxKeys = 100_000,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it is not blocked. */
  blockedFor(key: string, now: number): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    if (entry.resetAt <= now) {
      this.entries.delete(key);
      return 0;
    }
    return entry.count >= this.limit.max ? entry.resetAt - now : 0;
  }

  /** Records one failure; the window starts at the first failure. */
  fail(key: string, now: number): void {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt > now) {
      entry.count += 1;
      return;
    }
    if (this.entries.size >= this.maxKeys) this.prune(now);
    this.entries.set(key, { count: 1, resetAt: now + this.limit.windowMs });
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

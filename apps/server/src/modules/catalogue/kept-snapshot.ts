/**
 * Holds a snapshot of catalogue data read from the database: built on first use and after
 * invalidate() (the back office changed data: the next reader waits for fresh data), rebuilt in the
 * background after `ttlMs` (the response cache's minute, decision 005) while readers go on with the
 * previous one.
 */
export class KeptSnapshot<T> {
  private current: { snapshot: T; builtAt: number } | null = null;
  private building: Promise<void> | null = null;
  private stale = false;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs = 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  invalidate(): void {
    this.stale = true;
  }

  async snapshot(): Promise<T> {
    // A change during a load may be missing from what it read: invalidate() then marks it stale again.
    while (this.current === null || this.stale) {
      this.building ??= this.rebuild();
      await this.building;
    }
    if (this.clock() - this.current.builtAt >= this.ttlMs && this.building === null) {
      this.building = this.rebuild();
      this.building.catch(() => undefined); // the previous snapshot keeps serving; the next reader retries
    }
    return this.current.snapshot;
  }

  private async rebuild(): Promise<void> {
    const wasStale = this.stale;
    this.stale = false;
    const startedAt = this.clock();
    try {
      this.current = { snapshot: await this.load(), builtAt: startedAt };
    } catch (error) {
      this.stale ||= wasStale; // a failed refresh after a change is tried again by the next reader
      throw error;
    } finally {
      this.building = null;
    }
  }
}

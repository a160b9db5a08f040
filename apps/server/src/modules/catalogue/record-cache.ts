// Serialised-ready records by id, kept like the response cache (decision 005): at most `ttlMs`, all
// dropped when the back office changes data. The search reads a page of products and packages by id
// for every new keyword; on PGlite those three small queries cost more than the whole match
// (docs/decisions/016), and the same popular records come back across many keywords.

export class RecordCache<T> {
  private readonly entries = new Map<number, { value: T; expires: number }>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 5_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The records of `ids` that exist, in the order of `ids`; the ones not kept (or expired) are read
   * with one call of `load`, which answers the records it found (an id it leaves out is not kept).
   */
  async getMany(ids: readonly number[], load: (missing: number[]) => Promise<Array<{ id: number; value: T }>>) {
    const now = this.clock();
    const found = new Map<number, T>();
    const missing: number[] = [];
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (entry && entry.expires > now) found.set(id, entry.value);
      else missing.push(id);
    }
    if (missing.length) {
      const loaded = await load(missing);
      if (this.entries.size + loaded.length > this.maxEntries) this.entries.clear();
      for (const { id, value } of loaded) {
        this.entries.set(id, { value, expires: now + this.ttlMs });
        found.set(id, value);
      }
    }
    return ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
  }

  clear(): void {
    this.entries.clear();
  }
}

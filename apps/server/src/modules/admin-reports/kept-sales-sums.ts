// The part of a sales report read from the kept sums and the after-sales requests, kept per range
// until they change (docs/decisions/093). The count they carry (sales_summary_version) says when:
// every payment, refund, request and rebuild bumps it in its own transaction, so an answer read under
// one count is right for every request that reads the same count afterwards.

/** Ranges kept at once: the report page's presets and a few custom ranges. */
const KEPT_RANGES = 32;

export class KeptSalesSums<T> {
  private version = -1;
  private readonly answers = new Map<string, T>();

  constructor(private readonly limit = KEPT_RANGES) {}

  /** The answer kept for `range` under `version`, else `read()`'s, kept for the next request. */
  async get(range: string, version: number, read: () => Promise<T>): Promise<T> {
    if (version !== this.version) {
      // A newer count makes every kept answer old; an older one (a request that read the count just
      // before a change) must not put its answer in front of newer ones.
      if (version < this.version) return read();
      this.version = version;
      this.answers.clear();
    }
    const kept = this.answers.get(range);
    if (kept !== undefined) return kept;
    const answer = await read();
    // The count may have moved while reading: then this answer belongs to no kept generation.
    if (version !== this.version) return answer;
    if (this.answers.size >= this.limit) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(range, answer);
    return answer;
  }
}

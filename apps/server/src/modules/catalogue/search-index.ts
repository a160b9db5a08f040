// The catalogue search of spec §5, matched in memory (docs/decisions/016). The searchable text of
// every product and package is loaded from the database into one process-local snapshot; a search
// filters it with a substring test and only the page's dozen records are read back from the database.
// PGlite runs one query at a time, so a scan in SQL for each keyword queued every other request behind
// it; a scan of a few megabytes of text in memory takes a millisecond or two.

/** A product as the search needs it; `text` is name, description1 and description2, lower-cased. */
export interface SearchableProduct {
  id: number;
  /** Activity window bounds in ms since the epoch; null = no limit (spec §4). */
  start: number | null;
  end: number | null;
  text: string;
}

export interface SearchablePackage {
  id: number;
  text: string;
}

export interface SearchSnapshot {
  /** Active products that are not influencer-only, by index_id then id (spec §9). */
  products: SearchableProduct[];
  /** Active packages of active package types, newest first (spec §9). */
  packages: SearchablePackage[];
  /** Shown tags in tag order (spec §4 truthy status, §9 index_id): name and product ids. */
  tags: Array<{ name: string; productIds: number[] }>;
}

export interface SearchHit {
  kind: 'product' | 'package';
  id: number;
}

/** Name, description1 and description2 as one text; a newline between them, which no keyword has. */
export function searchableText(...fields: Array<string | null | undefined>): string {
  return fields
    .map((f) => f ?? '')
    .join('\n')
    .toLowerCase();
}

function visibleAt(p: SearchableProduct, now: number): boolean {
  return (p.start === null || p.start <= now) && (p.end === null || now <= p.end);
}

/**
 * spec §5: products of a tag named exactly `keyword` first (tag order, each once), then the other
 * products whose name, description1 or description2 contain it, then the packages that do.
 * Contains ignores letter case, as ILIKE does; `%`, `_` and `\` are plain characters.
 */
export function findHits(snapshot: SearchSnapshot, keyword: string, now: Date): SearchHit[] {
  const needle = keyword.toLowerCase();
  const at = now.getTime();
  const tagIds: number[] = [];
  for (const tag of snapshot.tags) {
    if (tag.name !== keyword) continue;
    for (const id of tag.productIds) if (!tagIds.includes(id)) tagIds.push(id);
  }
  const shown = new Map<number, SearchableProduct>();
  for (const p of snapshot.products) if (visibleAt(p, at)) shown.set(p.id, p);

  const hits: SearchHit[] = [];
  for (const id of tagIds) if (shown.has(id)) hits.push({ kind: 'product', id });
  for (const p of shown.values()) {
    if (!tagIds.includes(p.id) && p.text.includes(needle)) hits.push({ kind: 'product', id: p.id });
  }
  for (const k of snapshot.packages) if (k.text.includes(needle)) hits.push({ kind: 'package', id: k.id });
  return hits;
}

/**
 * Holds the snapshot: built on first use and after invalidate() (the back office changed data: the
 * next search waits for fresh data), rebuilt in the background after `ttlMs` (the response cache's
 * minute, decision 005) while searches go on with the previous one.
 */
export class SearchIndex {
  private current: { snapshot: SearchSnapshot; builtAt: number } | null = null;
  private building: Promise<void> | null = null;
  private stale = false;

  constructor(
    private readonly load: () => Promise<SearchSnapshot>,
    private readonly ttlMs = 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  invalidate(): void {
    this.stale = true;
  }

  async snapshot(): Promise<SearchSnapshot> {
    // A change during a load may be missing from what it read: invalidate() then marks it stale again.
    while (this.current === null || this.stale) {
      this.building ??= this.rebuild();
      await this.building;
    }
    if (this.clock() - this.current.builtAt >= this.ttlMs && this.building === null) {
      this.building = this.rebuild();
      this.building.catch(() => undefined); // the previous snapshot keeps serving; the next search retries
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
      this.stale ||= wasStale; // a failed refresh after a change is tried again by the next search
      throw error;
    } finally {
      this.building = null;
    }
  }
}

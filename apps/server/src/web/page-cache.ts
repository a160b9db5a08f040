/**
 * Server-rendered pages for guests, kept for a few seconds. A guest's page depends only on its address
 * (the referral code travels in the query) and on shop data that changes when the back office saves,
 * so under a burst of shoppers one render serves everyone arriving in the same seconds.
 * Members' pages (they show a name, a cart, a level) are never kept.
 *
 * A page is kept under its key (`pageCacheKey`): its path and only the query parameters that page
 * reads, so `utm_source`, `fbclid` or a made-up `v=123` do not each cost a render.
 *
 * The Content-Security-Policy nonce is per response: a kept page stores a placeholder where the
 * nonce was and every answer gets a fresh one, so a nonce is never served twice.
 */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  /** Header values and body with every occurrence of the render's nonce replaced by `NONCE_PLACEHOLDER`. */
  body: string;
  expires: number;
}

/** A guest page as one render produced it, with the nonce that render wrote into it. */
export interface RenderedPage {
  status: number;
  headers: Array<[string, string]>;
  /** Bytes as rendered; decoded only when the page is kept or shared. */
  body: string | Buffer;
  nonce?: string;
}

/**
 * What a render gives back: `own` is for the request that ran it (e.g. its bytes or its stream);
 * `page` is set when the answer may also be given to other guests asking for the same key.
 */
export interface RenderOutcome<T> {
  own: T;
  page?: RenderedPage;
}

/** Never produced by a render: random per process, so content cannot smuggle it in. */
export const NONCE_PLACEHOLDER = `__nonce_${Math.random().toString(36).slice(2)}${Date.now().toString(36)}__`;

/** Cookies that make a page personal: the member's session (spec §4). */
const SESSION_COOKIES = ['web_auth_data', 'web_member_data'];

/** Paths whose pages are personal or change on every visit even for a guest. */
const PERSONAL_PATHS = /^\/(admin|member|cart|login|payment|searching-order)(\/|$|\?)/;

/**
 * The guest pages that may be kept, with the query parameters each one reads (its loader, and the
 * links it marks as current: the side menu's terms links carry `t`). A parameter missing here would
 * serve one page for different addresses, so a page whose parameters are not listed is never kept.
 * Every page also reads `code`: its links carry the referral code (spec §2).
 */
const KEPT_PAGES: ReadonlyArray<readonly [path: RegExp, reads: readonly string[]]> = [
  [/^\/$/, []],
  // as apps/web/app/lib/catalogue-query.ts parses them
  [/^\/products$/, ['t', 'sn', 'pkg', 'bundle', 'page', 'all']],
  [/^\/bundles$/, ['page']],
  [/^\/searching$/, ['keyword', 'page']],
  [/^\/news$/, ['page']],
  [/^\/news\/[^/]+$/, []],
  [/^\/courses$/, ['t', 'page']],
  [/^\/courses\/[^/]+$/, []],
  [/^\/recommended$/, ['t', 'id', 'page']],
  [/^\/about$/, ['id']],
  [/^\/terms\/[^/]+$/, ['t']],
  [/^\/contact$/, []],
  [/^\/coop\/[^/]+$/, ['page']],
];

/** The query parameters a kept page reads, sorted; undefined for a page that is never kept. */
export function pageQueryParameters(pathname: string): readonly string[] | undefined {
  const reads = KEPT_PAGES.find(([path]) => path.test(pathname))?.[1];
  return reads && [...reads, 'code'].sort();
}

export function isCacheableRequest(method: string, url: string, cookies: Record<string, string | undefined>): boolean {
  if (method !== 'GET') return false;
  if (PERSONAL_PATHS.test(url)) return false;
  return SESSION_COOKIES.every((name) => !cookies[name]);
}

/**
 * The address a guest page is kept under and rendered from: the path and the parameters the page
 * reads, in name order (each name's values in the order they came). Null when the page is not kept.
 */
export function pageCacheKey(url: string): string | null {
  const queryAt = url.indexOf('?');
  const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  // `/news/..`, `//host/…` or raw UTF-8 resolve to another page than the pattern suggests.
  if (new URL(pathname, 'http://shop.invalid').pathname !== pathname) return null;
  const reads = pageQueryParameters(pathname);
  if (!reads) return null;
  const query = new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1));
  const kept = new URLSearchParams();
  for (const name of reads) {
    // Empty values stay: `?page=` is not promised to mean the same as no `page`.
    for (const value of query.getAll(name)) kept.append(name, value);
  }
  const search = kept.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * A page, or the not-found page of an address that names nothing (decision 075): kept as the 404
 * it is, so a crawler or a client asking again for a missing product is not a render each time.
 */
const KEPT_STATUSES = new Set([200, 404]);

/** Whether an answer may be kept for other guests; `headers` as lower-case name and value pairs. */
export function isCacheableResponse(status: number, headers: ReadonlyArray<readonly [string, string]>): boolean {
  if (!KEPT_STATUSES.has(status)) return false;
  const value = (name: string) => headers.find(([n]) => n === name)?.[1] ?? '';
  if (!value('content-type').startsWith('text/html')) return false;
  if (headers.some(([name]) => name === 'set-cookie')) return false;
  return !/no-store|private/.test(value('cache-control'));
}

/** A render under way for one key, and whether another request asked for the key meanwhile. */
interface Flight {
  page: Promise<CachedPage | undefined>;
  askedAgain: boolean;
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  /** Keys asked for recently, and until when that counts. */
  private readonly seen = new Map<string, number>();
  private readonly flights = new Map<string, Flight>();
  /** Bumped by clear(): a render that started before a back-office save keeps nothing. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxPages = 500,
    private readonly now: () => number = Date.now,
    /**
     * How long after its time to live a page may still be served to the requests that arrive while
     * one request renders it again (stale-while-revalidate, issue 18): a burst on one page waits for
     * no render at all once the page was kept. A back-office save drops stale pages too.
     */
    private readonly staleMs = 60_000,
  ) {}

  /** The kept page for `key` while it is fresh. */
  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    const now = this.now();
    if (page.expires > now) return page;
    if (page.expires + this.staleMs <= now) this.pages.delete(key);
    return undefined;
  }

  /** The kept page for `key` past its time to live but still fit to serve during a render. */
  private stale(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    return page && page.expires + this.staleMs > this.now() ? page : undefined;
  }

  /**
   * Notes a request for `key`, and answers whether its page is worth keeping: only when the same key
   * was asked for within the time to live. A product nobody else opens or a rare search keyword
   * would only churn memory.
   */
  wanted(key: string): boolean {
    if (this.ttlMs <= 0) return false;
    const now = this.now();
    if ((this.seen.get(key) ?? 0) > now) return true;
    if (this.seen.size >= this.maxPages * 4) this.seen.clear();
    this.seen.set(key, now + this.ttlMs);
    return false;
  }

  set(key: string, page: RenderedPage): void {
    if (this.ttlMs <= 0) return;
    this.keep(key, this.hidingNonce(page));
  }

  /**
   * The page for `key`: the kept one, else the one a render already under way produces, else the
   * answer of `render`, whose page the requests arriving meanwhile share (single flight). A render
   * that throws or whose answer is not for sharing leaves each waiting request to render on its own,
   * outside the flight, so one bad answer is never handed to others and they do not queue one by one.
   */
  async serve<T>(key: string, render: () => Promise<RenderOutcome<T>>): Promise<{ kept: CachedPage } | { own: T }> {
    // Off means off: benchmarks of the render (docs/decisions/018) set a time to live of 0.
    if (this.ttlMs <= 0) return { own: (await render()).own };
    const kept = this.get(key);
    if (kept) return { kept };

    const flight = this.flights.get(key);
    if (flight) {
      flight.askedAgain = true;
      const stale = this.stale(key);
      if (stale) return { kept: stale };
      const shared = await flight.page;
      if (shared) return { kept: shared };
      const generation = this.generation;
      const outcome = await render();
      if (outcome.page && generation === this.generation) this.keep(key, this.hidingNonce(outcome.page));
      return { own: outcome.own };
    }

    // A page kept before is wanted again; its stale copy serves the others while this request renders.
    const wanted = this.wanted(key) || this.stale(key) !== undefined;
    const generation = this.generation;
    let settle!: (page: CachedPage | undefined) => void;
    const mine: Flight = { page: new Promise((resolve) => (settle = resolve)), askedAgain: false };
    this.flights.set(key, mine);
    let shared: CachedPage | undefined;
    try {
      const outcome = await render();
      // A page nobody waits for and nobody is likely to ask for again is not worth decoding.
      if (outcome.page && (wanted || mine.askedAgain)) {
        shared = this.hidingNonce(outcome.page);
        if (generation === this.generation) this.keep(key, shared);
      }
      return { own: outcome.own };
    } finally {
      if (this.flights.get(key) === mine) this.flights.delete(key);
      settle(shared);
    }
  }

  clear(): void {
    this.pages.clear();
    // Requests arriving after a back-office save must not join a render of the old data.
    this.flights.clear();
    this.generation += 1;
  }

  private keep(key: string, page: CachedPage): void {
    if (this.pages.size >= this.maxPages) this.pages.clear();
    this.pages.set(key, page);
  }

  private hidingNonce(page: RenderedPage): CachedPage {
    const hide = (text: string) => (page.nonce ? text.replaceAll(page.nonce, NONCE_PLACEHOLDER) : text);
    return {
      status: page.status,
      headers: page.headers.map(([name, value]) => [name, hide(value)]),
      body: hide(typeof page.body === 'string' ? page.body : page.body.toString('utf8')),
      expires: this.now() + this.ttlMs,
    };
  }
}

/** A kept page's headers and body with this response's nonce in place. */
export function withNonce(
  page: CachedPage,
  nonce: string | undefined,
): { headers: Array<[string, string]>; body: string } {
  const show = (text: string) => text.replaceAll(NONCE_PLACEHOLDER, nonce ?? '');
  return { headers: page.headers.map(([name, value]) => [name, show(value)]), body: show(page.body) };
}

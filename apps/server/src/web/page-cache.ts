/**
 * Server-rendered pages for guests, kept for a few seconds. A guest's page depends only on its URL
 * (the referral code travels in the query) and on shop data that changes when the back office
 * saves, so under a burst of shoppers one render serves everyone arriving in the same seconds.
 * Members' pages (they show a name, a cart, a level) are never kept.
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

/** Never produced by a render: random per process, so content cannot smuggle it in. */
export const NONCE_PLACEHOLDER = `__nonce_${Math.random().toString(36).slice(2)}${Date.now().toString(36)}__`;

/** Cookies that make a page personal: the member's session (spec §4). */
const SESSION_COOKIES = ['web_auth_data', 'web_member_data'];

/** Paths whose pages are personal or change on every visit even for a guest. */
const PERSONAL_PATHS = /^\/(admin|member|cart|login|payment|searching-order)(\/|$|\?)/;

export function isCacheableRequest(method: string, url: string, cookies: Record<string, string | undefined>): boolean {
  if (method !== 'GET') return false;
  if (PERSONAL_PATHS.test(url)) return false;
  return SESSION_COOKIES.every((name) => !cookies[name]);
}

export function isCacheableResponse(status: number, headers: Headers): boolean {
  if (status !== 200) return false;
  if (!(headers.get('content-type') ?? '').startsWith('text/html')) return false;
  if (headers.getSetCookie().length > 0) return false;
  const cacheControl = headers.get('cache-control') ?? '';
  return !/no-store|private/.test(cacheControl);
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  /** URLs asked for recently, and until when that counts. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxPages = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get(url: string): CachedPage | undefined {
    const page = this.pages.get(url);
    if (!page) return undefined;
    if (page.expires <= this.now()) {
      this.pages.delete(url);
      return undefined;
    }
    return page;
  }

  /**
   * Notes a request for `url`, and answers whether its page is worth keeping: only when the same URL
   * was asked for within the time to live. A link shared on Facebook or LINE arrives with a fresh
   * `fbclid` on every click; keeping those one-off pages would only churn memory (and the first
   * render of a page streams instead of being buffered).
   */
  wanted(url: string): boolean {
    if (this.ttlMs <= 0) return false;
    const now = this.now();
    if ((this.seen.get(url) ?? 0) > now) return true;
    if (this.seen.size >= this.maxPages * 4) this.seen.clear();
    this.seen.set(url, now + this.ttlMs);
    return false;
  }

  set(url: string, page: Omit<CachedPage, 'expires' | 'body'> & { body: string; nonce?: string }): void {
    if (this.ttlMs <= 0) return;
    if (this.pages.size >= this.maxPages) this.pages.clear();
    const hide = (text: string) => (page.nonce ? text.replaceAll(page.nonce, NONCE_PLACEHOLDER) : text);
    this.pages.set(url, {
      status: page.status,
      headers: page.headers.map(([name, value]) => [name, hide(value)]),
      body: hide(page.body),
      expires: this.now() + this.ttlMs,
    });
  }

  clear(): void {
    this.pages.clear();
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

// spec §2: a referral `code` from the query (or the /coop/{code} path) is kept and merged into every
// later navigation query. Pure functions here; <ShopLink> and useShopHref() apply them.

/** The code the shopper arrived with: `?code=` first, else the `/coop/{code}` path segment. */
export function currentReferralCode(location: { pathname: string; search: string }): string | null {
  const fromQuery = new URLSearchParams(location.search).get('code');
  if (fromQuery) return fromQuery;
  const match = /^\/coop\/([^/?#]+)/.exec(location.pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * Adds `code` to an internal link's query unless the link already names one. External links,
 * `mailto:`/`tel:` links and bare `#hash` links are returned unchanged.
 */
export function withReferralCode(to: string, code: string | null): string {
  if (!code || /^[a-z][a-z0-9+.-]*:/i.test(to) || to.startsWith('//') || to.startsWith('#')) return to;
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const params = new URLSearchParams(queryAt >= 0 ? beforeHash.slice(queryAt + 1) : '');
  if (params.has('code')) return to;
  params.set('code', code);
  return `${path}?${params.toString()}${hash}`;
}

/** Builds `path?query` from a plain record, skipping empty values. */
export function hrefWithQuery(path: string, query: Record<string, string | number | null | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The current page's query, parsed once for all the links of a render (a menu marks some twenty). */
let lastQuery: { search: string; params: URLSearchParams } | undefined;
function queryOf(search: string): URLSearchParams {
  if (lastQuery?.search !== search) lastQuery = { search, params: new URLSearchParams(search) };
  return lastQuery.params;
}

/**
 * True when `to` points at the current page: same path and every query value of `to` present in the
 * current query (so `/products?t=3` is current on `/products?t=3&page=2&code=K`). Used for aria-current.
 */
export function isCurrentHref(to: string, location: { pathname: string; search: string }): boolean {
  const link = linkOf(to);
  if (link.path !== location.pathname) return false;
  if (link.query.length === 0) return true;
  const current = queryOf(location.search);
  for (const [key, value] of link.query) {
    if (key !== 'code' && current.get(key) !== value) return false;
  }
  return true;
}

/**
 * A link's path and query, parsed once per link: the menus draw the same few dozen links on every
 * page, and parsing each anew was a third of what a page's links cost to render (decision 091).
 */
const parsedLinks = new Map<string, { path: string; query: Array<[string, string]> }>();
/** Links come from the shop's data; past this many the memo starts again rather than grow. */
const PARSED_LINKS_KEPT = 2_000;

function linkOf(to: string): { path: string; query: Array<[string, string]> } {
  let link = parsedLinks.get(to);
  if (!link) {
    const queryAt = to.indexOf('?');
    const path = (queryAt >= 0 ? to.slice(0, queryAt) : to).split('#')[0]!;
    const query = queryAt >= 0 ? [...new URLSearchParams(to.slice(queryAt + 1).split('#')[0])] : [];
    if (parsedLinks.size >= PARSED_LINKS_KEPT) parsedLinks.clear();
    link = { path, query };
    parsedLinks.set(to, link);
  }
  return link;
}

// Where the shop may send a browser next when the address names it (`/login?redirect=`, `/auth/line?redirect=`,
// `/admin/login?next=`): a page of this shop, never another site (issue 22 item 4: open redirect).

/** Far longer than any page of the shop; a longer value is a mistake or an attack. */
export const MAX_RETURN_PATH_LENGTH = 2000;

/** A stand-in origin: whatever resolves against it to another origin would leave the shop. */
const SHOP = 'https://shop.invalid';

/**
 * Refused outright rather than cleaned: browsers drop tab, CR and LF anywhere in a URL and read `\`
 * as `/`, so `/\t/evil.example` is followed as `//evil.example`; other controls and separators
 * (U+2028) cannot go into a Location header at all.
 */
const UNSAFE_CHARACTER = /[\p{Cc}\p{Z}\s\\]/u;

/**
 * `value` as a path of this shop (`/cart?code=K`, `/products/3#spec`), normalised the way a browser
 * would read it, or null when it is anything else or might lead elsewhere.
 */
export function sameOriginPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_RETURN_PATH_LENGTH || UNSAFE_CHARACTER.test(value)) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(value, SHOP);
  } catch {
    return null;
  }
  if (url.origin !== SHOP) return null;
  // Dot segments can still produce `//` (`/..//evil.example`), and a proxy that decodes `%2F` before
  // tidying a path would read `/%2F/evil.example` the same way.
  if (/^\/(?:\/|%2f|%5c)/i.test(url.pathname)) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Percent-encoding can make a value longer than it was.
  return path.length <= MAX_RETURN_PATH_LENGTH ? path : null;
}

/**
 * Whether a path from sameOriginPath is `page` or a page below it, compared the way the router
 * matches routes: letter case and percent-escapes aside (`/Login`, `/%6Cogin` open /login too).
 */
export function isPageOrBelow(path: string, page: string): boolean {
  const pathname = path.replace(/[?#].*$/s, '');
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // a malformed escape matches no route by its decoded name; compare it as written
  }
  const wanted = page.toLowerCase();
  const actual = decoded.toLowerCase();
  return actual === wanted || actual.startsWith(`${wanted}/`);
}

// /sitemap.xml (issue 4 §9): every visible product, package, news item and page, absolute URLs.
import { absoluteUrl } from './link-preview.ts';

export interface SitemapEntry {
  /** Path (with the query that identifies the page), e.g. `/products?t=3&sn=12`. */
  path: string;
  /** ISO 8601 time of the last change, when known. */
  lastmod?: string | null;
}

/** The sitemap protocol's limit per file; a shop past it needs a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** W3C datetime of an ISO string, or null when it is not a date. */
function lastmodOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The protocol wants URLs in RFC 3986 form: non-ASCII characters percent-encoded. */
function normalisedUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return '';
  }
}

/** A urlset document; duplicate URLs are listed once (first wins), at most SITEMAP_MAX_URLS. */
export function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const entry of entries) {
    const loc = normalisedUrl(absoluteUrl(publicUrl, entry.path));
    if (!loc || seen.has(loc)) continue;
    seen.add(loc);
    if (seen.size > SITEMAP_MAX_URLS) break;
    const lastmod = lastmodOf(entry.lastmod);
    lines.push(`<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...lines,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything but the API and the personal pages, plus where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /member',
    'Disallow: /cart',
    'Disallow: /login',
    'Disallow: /searching-order',
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

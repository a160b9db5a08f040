import type { MetaDescriptor } from 'react-router';
import { imageUrl } from './image-url.ts';
import { pageMeta } from './page-meta.ts';

// Link previews (issue 4 §9): LINE, Facebook and X read Open Graph / Twitter card tags from the server
// HTML without running script, and they need absolute URLs. Meta functions do not see the load context,
// so a loader puts `context.publicUrl` into its data and the meta function builds the tags from it.

/** What a page tells about itself for link previews and search engines. */
export interface LinkPreview {
  /** Public origin from the load context (`context.publicUrl`), e.g. https://shop.example.tw. */
  publicUrl: string;
  /** Path (and the query that identifies the page) of the canonical URL, e.g. `/news/12`. */
  path: string;
  title: string;
  /** Plain text; HTML is stripped and the text shortened (see {@link summaryText}). */
  description?: string | null;
  /** A stored image key, a root-relative path or an absolute URL. Empty: no og:image. */
  image?: string | null;
  /** Alternative text of the image. */
  imageAlt?: string | null;
  /** og:type: `website` unless said otherwise (`article` for news, `product` for products, `profile`). */
  type?: 'website' | 'article' | 'product' | 'profile';
  /** Extra tags for the type, e.g. product:price:amount or article:published_time. */
  extra?: MetaDescriptor[];
}

/** Longest description kept: LINE and Facebook cut at about this length anyway. */
export const DESCRIPTION_MAX = 150;

/** `https://shop.tw` + `/news/1` → `https://shop.tw/news/1`; image keys go through imageUrl first. */
export function absoluteUrl(publicUrl: string, pathOrKey: string | null | undefined): string {
  const target = imageUrl(pathOrKey);
  if (target === '') return '';
  if (/^https?:\/\//i.test(target)) return target;
  const origin = publicUrl.replace(/\/+$/, '');
  if (target.startsWith('//')) return `${origin.startsWith('http:') ? 'http:' : 'https:'}${target}`;
  if (target.startsWith('data:')) return ''; // a crawler cannot fetch a data: URL as a preview image
  return `${origin}${target.startsWith('/') ? '' : '/'}${target}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Plain-text summary of stored HTML or text for a description tag: no tags, one line, at most `max` chars. */
export function summaryText(htmlOrText: string | null | undefined, max = DESCRIPTION_MAX): string {
  const text = (htmlOrText ?? '')
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(text); // count code points so a CJK or emoji character is never cut in half
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/**
 * The canonical path of a request URL: its pathname plus only the query parameters that identify
 * the page, in the given order. Referral codes (`code`), tracking and paging noise are dropped.
 */
export function canonicalPath(url: string | URL, keep: readonly string[] = []): string {
  const u = typeof url === 'string' ? new URL(url, 'http://x') : url;
  const query = new URLSearchParams();
  for (const name of keep) {
    const value = u.searchParams.get(name);
    if (value !== null && value !== '') query.set(name, value);
  }
  const search = query.toString();
  return search ? `${u.pathname}?${search}` : u.pathname;
}

/** The Open Graph / Twitter card tags and the canonical link of one page. */
export function linkPreviewMeta(preview: LinkPreview): MetaDescriptor[] {
  const url = absoluteUrl(preview.publicUrl, preview.path);
  const description = summaryText(preview.description);
  const image = absoluteUrl(preview.publicUrl, preview.image);
  const meta: MetaDescriptor[] = [
    { property: 'og:title', content: preview.title },
    { property: 'og:type', content: preview.type ?? 'website' },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: 'zh_TW' },
  ];
  if (description) {
    meta.push({ name: 'description', content: description }, { property: 'og:description', content: description });
  }
  if (image) {
    meta.push({ property: 'og:image', content: image });
    if (preview.imageAlt) meta.push({ property: 'og:image:alt', content: preview.imageAlt });
  }
  meta.push(
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: preview.title },
  );
  if (description) meta.push({ name: 'twitter:description', content: description });
  if (image) meta.push({ name: 'twitter:image', content: image });
  meta.push({ tagName: 'link', rel: 'canonical', href: url });
  return [...meta, ...(preview.extra ?? [])];
}

/** The key that makes two descriptors "the same tag" (a later one replaces an earlier one). */
function descriptorKey(d: MetaDescriptor): string | null {
  const r = d as Record<string, unknown>;
  if ('title' in r) return 'title';
  if (typeof r.property === 'string') return `property:${r.property}`;
  if (typeof r.name === 'string') return `name:${r.name}`;
  if (r.tagName === 'link' && r.rel === 'canonical') return 'link:canonical';
  return null;
}

/** `base` with every tag that `override` also sets replaced by the override's (kept in base order). */
export function mergeMeta(base: MetaDescriptor[], override: MetaDescriptor[]): MetaDescriptor[] {
  const keys = new Set(override.map(descriptorKey).filter((k): k is string => k !== null));
  return [...base.filter((d) => !keys.has(descriptorKey(d) ?? '')), ...override];
}

/**
 * A route's whole meta: the tab title and site tags of {@link pageMeta} plus the page's link preview
 * (its description replaces the site description). Without a preview (e.g. the loader failed) only pageMeta.
 */
export function previewPageMeta(
  matches: Parameters<typeof pageMeta>[0],
  page: string,
  preview: LinkPreview | null | undefined,
): MetaDescriptor[] {
  const base = pageMeta(matches, page);
  return preview ? mergeMeta(base, linkPreviewMeta(preview)) : base;
}

// What a page tells search engines and link previews, computed in its loader (which sees the public
// origin) and turned into meta tags by its meta function (which does not).
import type { MetaDescriptor } from 'react-router';
import { previewPageMeta, type LinkPreview } from './link-preview.ts';
import { rootLayoutText } from './page-meta.ts';
import { jsonLd } from './structured-data.ts';

export interface PageSeo {
  /** The page part of the tab title (spec §1). */
  title: string;
  preview: LinkPreview | null;
  /** JSON-LD objects (Product, BreadcrumbList, NewsArticle…) as text: jsonLdTexts. */
  structuredData?: string[];
  /** Keep the page out of search indexes (search results, empty states), links still followed. */
  noindex?: boolean;
}

/**
 * A route's meta from its loader's `seo`; when the loader failed (a thrown 404, an error), only the
 * title, and the page is kept out of search indexes (decision 075).
 */
export function seoMeta(
  matches: Parameters<typeof previewPageMeta>[0],
  seo: PageSeo | null | undefined,
  fallbackTitle: string,
): MetaDescriptor[] {
  if (!seo) return [...previewPageMeta(matches, fallbackTitle, null), { name: 'robots', content: 'noindex' }];
  const layout = rootLayoutText(matches);
  const kept = keptMeta.get(seo);
  if (kept && kept.layout === layout) return kept.meta;
  const meta = previewPageMeta(matches, seo.title, seo.preview);
  if (seo.noindex) meta.push({ name: 'robots', content: 'noindex, follow' });
  for (const data of seo.structuredData ?? []) meta.push(jsonLd(data));
  keptMeta.set(seo, { layout, meta });
  return meta;
}

/**
 * The tags made for a page's seo, while the site's layout text is the same: a kept page model
 * (decision 095) keeps its seo object, so a product's tags and JSON-LD are made once, not per render.
 * React Router copies the list before it draws it.
 */
const keptMeta = new WeakMap<PageSeo, { layout: string | undefined; meta: MetaDescriptor[] }>();

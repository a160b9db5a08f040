import { orFallback } from '../api/client.ts';
import type { PageSeo } from './page-seo.ts';
import { breadcrumbLd, type BreadcrumbLdItem, jsonLdTexts } from './structured-data.ts';

export interface ListingPage<Item> {
  items: Item[];
  total: number;
}

/**
 * A page of a listing (courses, shared articles): an unreadable list reads as empty (spec §8), and a
 * page past the last one (an old link, a typed `page`) shows the first page instead.
 */
export async function readListingPage<Item>(
  requested: number,
  read: (page: number) => Promise<ListingPage<Item>>,
): Promise<{ page: number; list: ListingPage<Item> }> {
  const empty: ListingPage<Item> = { items: [], total: 0 };
  const list = await orFallback(read(requested), empty);
  if (list.items.length > 0 || list.total === 0) return { page: requested, list };
  return { page: 1, list: await orFallback(read(1), empty) };
}

/** The link preview's description of a listing page: the first four names. */
const listingDescription = (names: readonly string[]) => names.slice(0, 4).join('、');

/** What a listing page tells search engines and link previews: its title, first names, a picture, its trail. */
export function listingSeo(
  publicUrl: string,
  page: {
    title: string;
    path: string;
    names: readonly string[];
    image: string | undefined;
    crumbs: BreadcrumbLdItem[];
  },
): PageSeo {
  const { title, path } = page;
  return {
    title,
    preview: { publicUrl, path, title, description: listingDescription(page.names), image: page.image },
    structuredData: jsonLdTexts(breadcrumbLd(publicUrl, page.crumbs, path)),
  };
}

// JSON-LD for search engines (issue 4 §9): Product with offers in TWD and its reviews' rating (issue
// 43), BreadcrumbList, NewsArticle.
// Route meta functions return these as `{ 'script:ld+json': … }` descriptors; React Router writes
// them into the server HTML with `<` escaped, so stored text cannot close the script element.
import type { MetaDescriptor } from 'react-router';
import { shopDay } from '@shop/domain';
import { absoluteUrl, summaryText } from './link-preview.ts';

type JsonLd = Record<string, unknown>;

/**
 * JSON-LD objects as text, made by a loader: each object crosses to the browser in the page's
 * hydration data as one string instead of field by field (decision 090).
 */
export const jsonLdTexts = (...data: JsonLd[]): string[] => data.map((d) => JSON.stringify(d));

/** A meta descriptor holding one JSON-LD object, from its text (jsonLdTexts). */
export function jsonLd(text: string): MetaDescriptor {
  return { 'script:ld+json': JSON.parse(text) as JsonLd } as MetaDescriptor;
}

export interface ProductLd {
  publicUrl: string;
  /** Canonical path of the product page. */
  path: string;
  name: string;
  /** Stored html or text; reduced to a plain summary. */
  description?: string | null;
  /** Image keys or paths; made absolute. */
  images: readonly string[];
  /** Our product or package id. */
  sku: string;
  /** The prices a shopper pays (per spec, or the product's own when it has no specs). */
  prices: readonly number[];
  inStock: boolean;
  brand?: string | null;
  /** The shown reviews' average (1–5) and count; left out of the Product without reviews. */
  rating?: { average: number; count: number };
  /** The newest shown reviews. */
  reviews?: readonly ReviewLd[];
}

export interface ReviewLd {
  author: string;
  rating: number;
  body: string;
  /** yyyy-MM-dd. */
  datePublished: string;
}

/** A product page's reviews as ProductLd fields (issue 43): the average and the newest few. */
export function reviewsLd(page: {
  average: number;
  count: number;
  data: ReadonlyArray<{ name: string; rating: number; content: string; created_at: string }>;
}): Pick<ProductLd, 'rating' | 'reviews'> {
  if (page.count === 0) return {};
  return {
    rating: { average: page.average, count: page.count },
    reviews: page.data.map((r) => ({
      author: r.name,
      rating: r.rating,
      body: r.content,
      datePublished: shopDay(r.created_at),
    })),
  };
}

/** schema.org AggregateRating and Review objects; Google shows stars only with both ends of the scale. */
function ratingLd(p: ProductLd): JsonLd {
  if (!p.rating || p.rating.count === 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: String(p.rating.average),
      reviewCount: p.rating.count,
      bestRating: '5',
      worstRating: '1',
    },
    ...(p.reviews?.length
      ? {
          review: p.reviews.map((r) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: r.author },
            reviewRating: { '@type': 'Rating', ratingValue: String(r.rating), bestRating: '5', worstRating: '1' },
            ...(r.body ? { reviewBody: r.body } : {}),
            datePublished: r.datePublished,
          })),
        }
      : {}),
  };
}

/** schema.org Product; one Offer, or an AggregateOffer when specs have different prices. */
export function productLd(p: ProductLd): JsonLd {
  const url = absoluteUrl(p.publicUrl, p.path);
  const prices = p.prices.filter((n) => Number.isFinite(n) && n >= 0);
  const availability = `https://schema.org/${p.inStock ? 'InStock' : 'OutOfStock'}`;
  const low = prices.length ? Math.min(...prices) : 0;
  const high = prices.length ? Math.max(...prices) : 0;
  const offers: JsonLd =
    low === high
      ? { '@type': 'Offer', url, priceCurrency: 'TWD', price: String(low), availability }
      : {
          '@type': 'AggregateOffer',
          url,
          priceCurrency: 'TWD',
          lowPrice: String(low),
          highPrice: String(high),
          offerCount: prices.length,
          availability,
        };
  const images = p.images.map((key) => absoluteUrl(p.publicUrl, key)).filter(Boolean);
  const description = summaryText(p.description, 300);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p.sku,
    url,
    ...(images.length ? { image: images } : {}),
    ...(description ? { description } : {}),
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand } } : {}),
    offers,
    ...ratingLd(p),
  };
}

export interface BreadcrumbLdItem {
  name: string;
  /** Path of the item's page; the last item may leave it out (it is the page itself). */
  path?: string;
}

/** schema.org BreadcrumbList, starting at 首頁. */
export function breadcrumbLd(publicUrl: string, items: readonly BreadcrumbLdItem[], currentPath: string): JsonLd {
  const all: BreadcrumbLdItem[] = [{ name: '首頁', path: '/' }, ...items];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: all.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(publicUrl, item.path ?? (index === all.length - 1 ? currentPath : '/')),
    })),
  };
}

export interface NewsArticleLd {
  publicUrl: string;
  path: string;
  headline: string;
  images: readonly string[];
  /** ISO 8601. */
  datePublished: string;
  dateModified?: string | null;
  description?: string | null;
  /** The shop (website_title) and its logo key. */
  publisher: string;
  publisherLogo?: string | null;
}

/** schema.org NewsArticle. Headlines over 110 characters are cut (Google's limit). */
export function newsArticleLd(n: NewsArticleLd): JsonLd {
  const images = n.images.map((key) => absoluteUrl(n.publicUrl, key)).filter(Boolean);
  const logo = absoluteUrl(n.publicUrl, n.publisherLogo);
  const description = summaryText(n.description, 300);
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: summaryText(n.headline, 110),
    mainEntityOfPage: absoluteUrl(n.publicUrl, n.path),
    ...(images.length ? { image: images } : {}),
    datePublished: n.datePublished,
    dateModified: n.dateModified || n.datePublished,
    ...(description ? { description } : {}),
    author: { '@type': 'Organization', name: n.publisher },
    publisher: {
      '@type': 'Organization',
      name: n.publisher,
      ...(logo ? { logo: { '@type': 'ImageObject', url: logo } } : {}),
    },
  };
}

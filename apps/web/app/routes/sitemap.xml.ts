import type { Route } from './+types/sitemap.xml';
import { orFallback } from '../api/client.ts';
import { MEMBER_CENTRE_LINKS } from '../components/layout/side-menu.tsx';
import { bundleHref, packageHref, productHref } from '../lib/catalogue-links.ts';
import { articleHref, courseHref, courseListHref, newsHref } from '../lib/content-links.ts';
import { hrefWithQuery } from '../lib/referral-code.ts';
import { sitemapXml, type SitemapEntry } from '../lib/sitemap.ts';

/**
 * /sitemap.xml (issue 4 §9): the shop's pages, every listed product and package, every type, bundle,
 * news item, course type and course, sharing-zone category and article, and the about pages. A list that fails to load is
 * left out rather than failing the whole file.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { reads } = context;
  const [catalogue, types, packageTypes, bundles, news, categories, articles, about, courseTypes, courses] =
    await Promise.all([
      orFallback(reads.catalogueSitemap(), { products: [], packages: [] }),
      orFallback(reads.productTypes(), []),
      orFallback(reads.packageTypes(), []),
      orFallback(reads.bundlesInActivity(), []),
      orFallback(reads.news(), []),
      orFallback(reads.articleCategories(), []),
      orFallback(reads.articles(), []),
      orFallback(reads.aboutPages(), []),
      orFallback(reads.courseTypes(), []),
      orFallback(reads.courses(), []),
    ]);
  const entries: SitemapEntry[] = [
    { path: '/' },
    { path: '/products' },
    { path: '/bundles' },
    { path: '/news' },
    { path: '/courses' },
    { path: '/contact' },
    ...MEMBER_CENTRE_LINKS.map((link) => ({ path: link.to })),
    ...types.flatMap((t) => [t, ...(t.childs ?? [])]).map((t) => ({ path: hrefWithQuery('/products', { t: t.id }) })),
    ...packageTypes.map((t) => ({ path: hrefWithQuery('/products', { t: t.name, pkg: 1 }) })),
    ...bundles.map((b) => ({ path: bundleHref(b) })),
    ...catalogue.products.map((p) => ({
      path: productHref({ id: p.id, product_type_ids: p.product_type_id === null ? [] : [p.product_type_id] }),
      lastmod: p.updated_at,
    })),
    ...catalogue.packages.map((p) => ({ path: packageHref(p), lastmod: p.updated_at })),
    ...news.map((n) => ({ path: newsHref(n), lastmod: n.post_at })),
    ...courseTypes.map((t) => ({ path: courseListHref(t.id) })),
    ...courses.map((c) => ({ path: courseHref(c) })),
    ...about.filter((a) => a.section !== 3).map((a) => ({ path: hrefWithQuery('/about', { id: a.id }) })),
    ...categories.map((c) => ({ path: hrefWithQuery('/recommended', { t: c.id }) })),
    ...articles.map((a) => ({ path: articleHref(a), lastmod: a.updated_at })),
  ];
  return new Response(sitemapXml(context.publicUrl, entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

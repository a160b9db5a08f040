// What the list and detail loaders of /products share: the page size, the 404 page, the section banner, cards.
import { PAGE_SIZE, SiteSection } from '@shop/domain';
import type { PackageDetail, StorefrontReads } from '@shop/domain';
import { toProductCard } from '../../components/product-card.tsx';
import type { BreadcrumbItem } from '../../components/ui/breadcrumb.tsx';
import { packageHref, productHref } from '../../lib/catalogue-links.ts';
import { PAGE_TITLE } from '../../lib/page-titles.ts';
import { sectionSlide } from '../../lib/section-slide.ts';
import type { CatalogueMissingPage, CatalogueRequest, PageBanner } from './catalogue-page-model.ts';

export const SIZE = PAGE_SIZE.products;
export const RELATED = 8;

export const productsCrumb: BreadcrumbItem = { title: PAGE_TITLE.products, link: '/products' };

export function missing(
  req: CatalogueRequest,
  text: string,
  breadcrumb: BreadcrumbItem[] = [productsCrumb],
): CatalogueMissingPage {
  return {
    kind: 'missing',
    status: 404,
    seo: {
      title: PAGE_TITLE.products,
      preview: { publicUrl: req.publicUrl, path: '/products', title: PAGE_TITLE.products },
      noindex: true,
    },
    breadcrumb,
    text,
  };
}

export async function sectionBanner(reads: StorefrontReads, title: string): Promise<PageBanner> {
  const slide = await sectionSlide(reads, SiteSection.Products);
  return { title, subtitle: slide?.subtitle ?? 'Products', image: slide?.pic ?? '' };
}

export const productCard = (p: Parameters<typeof toProductCard>[0] & { product_type_ids?: number[] }) =>
  toProductCard(p, productHref(p));
export const packageCard = (p: PackageDetail) => toProductCard(p, packageHref(p), 'pkg');

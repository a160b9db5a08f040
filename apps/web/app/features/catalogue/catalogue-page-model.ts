// The page models behind /products (spec §2), shared by the loaders (catalogue-pages.server.ts) and
// the views that draw them.
import type { BadgeKind, ReviewPage, StorefrontReads } from '@shop/domain';
import type { CatalogueCard } from '../../components/product-card.tsx';
import type { BreadcrumbItem } from '../../components/ui/breadcrumb.tsx';
import type { DescriptionTabData, SpecOffer } from '../../lib/catalogue-detail.ts';
import type { CatalogueView } from '../../lib/catalogue-query.ts';
import type { PageSeo } from '../../lib/page-seo.ts';

export interface PageBanner {
  title: string;
  subtitle: string;
  image: string;
}

export interface CatalogueListPage {
  kind: 'list';
  status: 200 | 404;
  seo: PageSeo;
  banner: PageBanner;
  breadcrumb: BreadcrumbItem[];
  /** Sub-navigation: a level-1 type's children, or a child's siblings. */
  subtypes: Array<{ name: string; href: string; current: boolean }>;
  /** A bundle's discount (spec §5 text), description and period. */
  bundle: { discount: string; description: string; period: string } | null;
  cards: CatalogueCard[];
  /** A bundle's products can go into the cart from the list: each card's specs (spec §2 bundle page). */
  bundleItems?: Record<string, { productId: number; specs: SpecOffer[] }>;
  total: number;
  page: number;
  size: number;
  emptyText: string;
}

export interface CatalogueItem {
  kind: 'product' | 'package';
  id: number;
  name: string;
  badge: BadgeKind;
  /** 熱銷 / 新品 / 精選, or ''. */
  badgeLabel: string;
  pics: string[];
  /** description1 as one line of plain text, under the name. */
  summary: string;
  price: number;
  salePrice: number;
  specs: SpecOffer[];
  soldOut: boolean;
  /** A package's units left (a product's are its specs'); null when not tracked. */
  stock: number | null;
  priceNote?: string;
  tabs: DescriptionTabData[];
}

export interface CatalogueDetailPage {
  kind: 'detail';
  status: 200;
  seo: PageSeo;
  breadcrumb: BreadcrumbItem[];
  item: CatalogueItem;
  related: CatalogueCard[];
  /** A product's newest reviews with its average and count (issue 43); null on a package page. */
  reviews: ReviewPage | null;
}

export interface CatalogueMissingPage {
  kind: 'missing';
  status: 404;
  seo: PageSeo;
  breadcrumb: BreadcrumbItem[];
  text: string;
}

export type CataloguePage = CatalogueListPage | CatalogueDetailPage | CatalogueMissingPage;

export interface CatalogueRequest {
  reads: StorefrontReads;
  url: URL;
  publicUrl: string;
  view: CatalogueView;
}

// The loaders behind /products (spec §2): product lists, package lists, bundle products and the
// product and package pages. Each answers a plain page model; bad input ends in the empty state
// (HTTP 404 for something that does not exist), never in an error page (issue 4, bad input).
import {
  applyCelebrityDiscount,
  BadgeKind,
  describeDiscount,
  isWithinActivityWindow,
  msg,
  PAGE_SIZE,
  paginate,
  SiteSection,
} from '@shop/domain';
import type { PackageDetail, ProductDetail, ReviewPage, StorefrontReads } from '@shop/domain';
import { orFallback } from '../../api/client.ts';
import { toProductCard, type CatalogueCard } from '../../components/product-card.tsx';
import type { BreadcrumbItem } from '../../components/ui/breadcrumb.tsx';
import {
  celebrityDiscountFor,
  descriptionTabs,
  findTypePath,
  specOffers,
  type DescriptionTabData,
  type SpecOffer,
  type TypePath,
} from '../../lib/catalogue-detail.ts';
import { packageHref, productHref } from '../../lib/catalogue-links.ts';
import type { CatalogueView } from '../../lib/catalogue-query.ts';
import { canonicalPath, summaryText, type LinkPreview } from '../../lib/link-preview.ts';
import type { PageSeo } from '../../lib/page-seo.ts';
import { PAGE_TITLE } from '../../lib/page-titles.ts';
import { sectionSlide } from '../../lib/section-slide.ts';
import { hrefWithQuery } from '../../lib/referral-code.ts';
import { breadcrumbLd, productLd, reviewsLd } from '../../lib/structured-data.ts';

const SIZE = PAGE_SIZE.products;
const RELATED = 8;

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

const productsCrumb: BreadcrumbItem = { title: PAGE_TITLE.products, link: '/products' };

function missing(
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

async function sectionBanner(reads: StorefrontReads, title: string): Promise<PageBanner> {
  const slide = await sectionSlide(reads, SiteSection.Products);
  return { title, subtitle: slide?.subtitle ?? 'Products', image: slide?.pic ?? '' };
}

/** Canonical path of a list page: what identifies it, plus the page number after the first. */
function listPath(url: URL, keep: string[], page: number): string {
  const shown = new URL(url);
  if (page > 1) shown.searchParams.set('page', String(page));
  else shown.searchParams.delete('page');
  return canonicalPath(shown, [...keep, 'page']);
}

function listSeo(
  req: CatalogueRequest,
  title: string,
  path: string,
  description: string,
  image: string,
  crumbs: BreadcrumbItem[],
  empty: boolean,
): PageSeo {
  const preview: LinkPreview = { publicUrl: req.publicUrl, path, title, description, image };
  return {
    title,
    preview,
    noindex: empty,
    structuredData: [
      breadcrumbLd(
        req.publicUrl,
        crumbs.map((c) => ({ name: c.title, path: c.link ? hrefWithQuery(c.link, c.query) : undefined })),
        path,
      ),
    ],
  };
}

interface CardList {
  title: string;
  path: string;
  /** The link preview's text; by default the title and the first five names. */
  description?: string;
  image: string;
  crumbs: BreadcrumbItem[];
  banner: PageBanner;
  subtypes?: CatalogueListPage['subtypes'];
  cards: CatalogueCard[];
  total: number;
  page: number;
}

/** A list page of cards (a type, an influencer's, the packages, a bundle's); an empty one is not indexed. */
function cardListPage(req: CatalogueRequest, l: CardList): CatalogueListPage {
  const description =
    l.description ??
    `${l.title}｜${l.cards
      .slice(0, 5)
      .map((c) => c.name)
      .join('、')}`;
  return {
    kind: 'list',
    status: 200,
    seo: listSeo(req, l.title, l.path, description, l.image, l.crumbs, l.cards.length === 0),
    banner: l.banner,
    breadcrumb: l.crumbs,
    subtypes: l.subtypes ?? [],
    bundle: null,
    cards: l.cards,
    total: l.total,
    page: l.page,
    size: SIZE,
    emptyText: msg.noProducts,
  };
}

/** A server-paged list: when the page is past the end, the first page instead (issue 4, bad input). */
async function pagedProducts(reads: StorefrontReads, q: { type?: number; bundle?: number }, page: number) {
  const first = await reads.products({ ...q, page, size: SIZE });
  if (first.items.length > 0 || page === 1 || first.total === 0) return { ...first, page };
  return { ...(await reads.products({ ...q, page: 1, size: SIZE })), page: 1 };
}

const productCard = (p: Parameters<typeof toProductCard>[0] & { product_type_ids?: number[] }) =>
  toProductCard(p, productHref(p));
const packageCard = (p: PackageDetail) => toProductCard(p, packageHref(p), 'pkg');

async function typeList(req: CatalogueRequest, typeId: number | null, page: number): Promise<CataloguePage> {
  const { reads, url } = req;
  let crumbs: BreadcrumbItem[] = [productsCrumb];
  let title: string = PAGE_TITLE.products;
  let subtypes: CatalogueListPage['subtypes'] = [];
  if (typeId !== null) {
    const path = findTypePath(await orFallback(reads.productTypes(), []), typeId);
    if (!path) return missing(req, msg.noProducts);
    title = path.type.name;
    crumbs = [
      productsCrumb,
      ...(path.parent ? [{ title: path.parent.name, link: '/products', query: { t: path.parent.id } }] : []),
      { title: path.type.name },
    ];
    const top = path.parent ?? path.type;
    subtypes = path.neighbours.length
      ? [
          { name: '全部', href: hrefWithQuery('/products', { t: top.id }), current: path.parent === null },
          ...path.neighbours.map((n) => ({
            name: n.name,
            href: hrefWithQuery('/products', { t: n.id }),
            current: n.id === typeId,
          })),
        ]
      : [];
  }
  const [banner, list] = await Promise.all([
    sectionBanner(reads, title),
    orFallback(pagedProducts(reads, typeId === null ? {} : { type: typeId }, page), { items: [], total: 0, page: 1 }),
  ]);
  const cards = list.items.map(productCard);
  return cardListPage(req, {
    title,
    path: listPath(url, ['t'], list.page),
    image: banner.image || cards[0]?.image || '',
    crumbs,
    banner,
    subtypes,
    cards,
    total: list.total,
    page: list.page,
  });
}

/**
 * spec §7: with ?code in the page's address, the product list is the influencer's own list: their
 * active recommendations, influencer-only products included, at their price (issue 21 item 7). A
 * code that is not an influencer's, or ?all=1 (the page's 全部商品 chip), lists the whole catalogue
 * (decision 057: a stale code must not empty the shop).
 */
async function influencerList(req: CatalogueRequest, code: string, page: number): Promise<CataloguePage | null> {
  const { reads, url } = req;
  const influencer = await orFallback(reads.influencer(code), null);
  if (!influencer?.is_internet_celebrity) return null;
  let list = await orFallback(reads.influencerRelationPage(code, page, SIZE), { items: [], total: 0 });
  if (list.items.length === 0 && list.total > 0)
    list = await orFallback(reads.influencerRelationPage(code, 1, SIZE), list);
  if (list.total === 0) return null;
  const shownPage = list.items.length && page > Math.ceil(list.total / SIZE) ? 1 : page;
  const discount = influencer.celebrity_discount;
  const cards = list.items.map(({ product }) =>
    productCard({ ...product, on_sale_price: applyCelebrityDiscount(product.on_sale_price, discount) }),
  );
  const title = `${influencer.name}的推薦商品`;
  return cardListPage(req, {
    title,
    path: listPath(url, ['code'], shownPage),
    image: influencer.avatar || cards[0]?.image || '',
    crumbs: [productsCrumb, { title }],
    banner: await sectionBanner(reads, title),
    subtypes: [
      { name: `${influencer.name}推薦`, href: hrefWithQuery('/products', {}), current: true },
      { name: '全部商品', href: hrefWithQuery('/products', { all: 1 }), current: false },
    ],
    cards,
    total: list.total,
    page: shownPage,
  });
}

async function packageList(req: CatalogueRequest, typeName: string | null, page: number): Promise<CataloguePage> {
  const { reads, url } = req;
  let title: string = PAGE_TITLE.products;
  if (typeName !== null) {
    const types = await orFallback(reads.packageTypes(), []);
    const type = types.find((t) => t.name === typeName);
    if (!type) return missing(req, msg.noProducts);
    title = type.name;
  }
  const [banner, all] = await Promise.all([
    sectionBanner(reads, title),
    orFallback(reads.packages(typeName ?? undefined), []),
  ]);
  // Packages are few and their endpoint is not paged: 12 per page here (spec §9).
  const shown = paginate(all, page, SIZE);
  const cards = shown.items.map(packageCard);
  const crumbs: BreadcrumbItem[] =
    typeName === null ? [productsCrumb, { title: '精選組合' }] : [productsCrumb, { title }];
  return cardListPage(req, {
    title,
    path: listPath(url, ['t', 'pkg'], shown.page),
    image: banner.image || cards[0]?.image || '',
    crumbs,
    banner,
    cards,
    total: shown.total,
    page: shown.page,
  });
}

/** `2026/06/01 – 2026/06/30` in Taipei; open ends read 起 / 止. */
export function bundlePeriod(start: string | null | undefined, end: string | null | undefined): string {
  const day = (iso: string) =>
    new Intl.DateTimeFormat('zh-TW', {
      timeZone: 'Asia/Taipei',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(iso));
  if (start && end) return `${day(start)} – ${day(end)}`;
  if (end) return `即日起至 ${day(end)}`;
  if (start) return `${day(start)} 起`;
  return '';
}

async function bundleList(req: CatalogueRequest, bundleId: number, page: number, now: Date): Promise<CataloguePage> {
  const { reads, url } = req;
  const crumbs: BreadcrumbItem[] = [productsCrumb, { title: PAGE_TITLE.bundles, link: '/bundles' }];
  const bundle = await reads.bundle(bundleId);
  if (!bundle) return missing(req, '找不到此優惠活動', crumbs);
  // A bundle outside its window gives no discount (docs/decisions/009): its page is gone too.
  if (!isWithinActivityWindow(bundle, now)) return missing(req, '此優惠活動已結束', crumbs);
  const list = await orFallback(pagedProducts(reads, { bundle: bundleId }, page), { items: [], total: 0, page: 1 });
  const cards = list.items.map(productCard);
  const discount = describeDiscount(bundle.discount);
  const title = bundle.title;
  const fullCrumbs = [...crumbs, { title }];
  return {
    ...cardListPage(req, {
      title,
      path: listPath(url, ['t', 'bundle'], list.page),
      description: [discount, bundle.description].filter(Boolean).join('｜'),
      image: bundle.banner,
      crumbs: fullCrumbs,
      banner: { title, subtitle: 'Promotions', image: bundle.banner },
      cards,
      total: list.total,
      page: list.page,
    }),
    bundle: {
      discount,
      description: bundle.description ?? '',
      period: bundlePeriod(bundle.activity_start_time, bundle.activity_end_time),
    },
    bundleItems: Object.fromEntries(
      list.items.map((p, i) => [
        cards[i]!.key,
        { productId: p.id, specs: specOffers((p as ProductDetail).product_specs ?? []) },
      ]),
    ),
    emptyText: '此優惠活動目前沒有商品',
  };
}

function itemSeo(
  req: CatalogueRequest,
  item: CatalogueItem,
  canonical: string,
  crumbs: BreadcrumbItem[],
  description: string,
  reviews: ReviewPage | null = null,
): PageSeo {
  const prices = item.specs.length ? item.specs.map((s) => s.salePrice) : [item.salePrice];
  const inStock = item.specs.length ? item.specs.some((s) => !s.soldOut) : !item.soldOut;
  const lowest = Math.min(...prices);
  return {
    title: item.name,
    preview: {
      publicUrl: req.publicUrl,
      path: canonical,
      title: item.name,
      description,
      image: item.pics[0] ?? '',
      imageAlt: item.name,
      type: 'product',
      extra: [
        { property: 'product:price:amount', content: String(lowest) },
        { property: 'product:price:currency', content: 'TWD' },
        { property: 'product:availability', content: inStock ? 'in stock' : 'out of stock' },
      ],
    },
    structuredData: [
      productLd({
        publicUrl: req.publicUrl,
        path: canonical,
        name: item.name,
        description,
        images: item.pics,
        sku: `${item.kind === 'package' ? 'PKG-' : ''}${item.id}`,
        prices,
        inStock,
        ...(reviews ? reviewsLd(reviews) : {}),
      }),
      breadcrumbLd(
        req.publicUrl,
        crumbs.map((c) => ({ name: c.title, path: c.link ? hrefWithQuery(c.link, c.query) : undefined })),
        canonical,
      ),
    ],
  };
}

/**
 * The type a product page's breadcrumb and related products use: among the product's types, the one
 * the link named (`t`) or else the first; a child of it that the product is also in is more precise.
 */
function mostSpecificType(
  tree: Parameters<typeof findTypePath>[0],
  linked: readonly number[],
  requested: number | null,
): TypePath | null {
  const start = requested !== null && linked.includes(requested) ? requested : linked[0];
  if (start === undefined) return null;
  const path = findTypePath(tree, start);
  if (!path || path.parent) return path;
  const child = path.neighbours.find((n) => linked.includes(n.id));
  return child ? findTypePath(tree, child.id) : path;
}

/** The influencer discount for this product when the shopper came with a code (docs/decisions/009). */
async function codeDiscount(reads: StorefrontReads, url: URL, productId: number) {
  const code = url.searchParams.get('code');
  if (!code) return null;
  const [influencer, relations] = await Promise.all([
    orFallback(reads.influencer(code), null),
    orFallback(reads.influencerRelations(code), []),
  ]);
  return celebrityDiscountFor(productId, influencer, relations);
}

async function productDetail(req: CatalogueRequest, id: number, typeId: number | null): Promise<CataloguePage> {
  const { reads, url } = req;
  const relatedOf = (type: number | null) =>
    orFallback(
      reads.products({ ...(type === null ? {} : { type }), page: 1, size: RELATED + 1 }).then((r) => r.items),
      [],
    );
  // One round of calls: the cards link with the product's type as `t`, so its related products can be
  // asked for at once (a level-1 type includes its children's products).
  const [found, types, discount, relatedByLink, reviews] = await Promise.all([
    reads.product(id),
    orFallback(reads.productTypes(), []),
    codeDiscount(reads, url, id),
    typeId === null ? null : relatedOf(typeId),
    // Kept in memory with the product (issue 43's budget); a failure shows the page without reviews.
    orFallback(reads.productReviews(id), null),
  ]);
  if (!found) return missing(req, '找不到此商品，可能已下架或不在販售期間');
  const product: ProductDetail = found;
  const path = mostSpecificType(types, product.product_type_ids, typeId);
  const linkedType = typeId !== null && product.product_type_ids.includes(typeId);
  const related = linkedType && relatedByLink ? relatedByLink : await relatedOf(path?.type.id ?? null);
  const crumbs: BreadcrumbItem[] = [
    productsCrumb,
    ...(path?.parent ? [{ title: path.parent.name, link: '/products', query: { t: path.parent.id } }] : []),
    ...(path ? [{ title: path.type.name, link: '/products', query: { t: path.type.id } }] : []),
    { title: product.name },
  ];
  const specs = specOffers(product.product_specs, discount);
  const item: CatalogueItem = {
    kind: 'product',
    id: product.id,
    name: product.name,
    badge: product.tag_type ?? BadgeKind.None,
    badgeLabel: msg.badgeLabel[product.tag_type ?? BadgeKind.None] ?? '',
    pics: product.pics.length ? product.pics : product.banner ? [product.banner] : [],
    summary: summaryText(product.description1, 200),
    price: product.price,
    salePrice: applyCelebrityDiscount(product.on_sale_price, discount),
    specs,
    soldOut: specs.length > 0 && specs.every((s) => s.soldOut),
    stock: null,
    ...(discount ? { priceNote: '推薦價' } : {}),
    tabs: descriptionTabs(product.description_titles, [product.description1, product.description2]),
  };
  const canonical = productHref(product);
  return {
    kind: 'detail',
    status: 200,
    seo: itemSeo(req, item, canonical, crumbs, product.description1 || product.description2, reviews),
    breadcrumb: crumbs,
    item,
    reviews,
    related: related
      .filter((p) => p.id !== product.id)
      .slice(0, RELATED)
      .map(productCard),
  };
}

async function packageDetail(req: CatalogueRequest, id: number, typeNameInLink: string | null): Promise<CataloguePage> {
  const { reads } = req;
  const siblingsOf = (name: string) => orFallback(reads.packages(name), []);
  const [found, siblingsByLink] = await Promise.all([
    reads.package(id),
    typeNameInLink === null ? null : siblingsOf(typeNameInLink),
  ]);
  if (!found) return missing(req, '找不到此組合商品，可能已下架');
  const pkg: PackageDetail = found;
  const typeName = pkg.product_package_types_name;
  const siblings = typeNameInLink === typeName && siblingsByLink ? siblingsByLink : await siblingsOf(typeName);
  const crumbs: BreadcrumbItem[] = [
    productsCrumb,
    { title: typeName, link: '/products', query: { t: typeName, pkg: 1 } },
    { title: pkg.name },
  ];
  const item: CatalogueItem = {
    kind: 'package',
    id: pkg.id,
    name: pkg.name,
    badge: BadgeKind.None,
    badgeLabel: '',
    pics: pkg.pics.length ? pkg.pics : pkg.banner ? [pkg.banner] : [],
    summary: summaryText(pkg.description1, 200),
    price: pkg.price,
    salePrice: pkg.on_sale_price,
    specs: [],
    soldOut: pkg.sold_out === true,
    stock: pkg.stock ?? null,
    tabs: descriptionTabs(pkg.description_titles, [pkg.description1, pkg.description2]),
  };
  const canonical = packageHref(pkg);
  return {
    kind: 'detail',
    status: 200,
    seo: itemSeo(req, item, canonical, crumbs, pkg.description1 || pkg.description2),
    breadcrumb: crumbs,
    item,
    reviews: null,
    related: siblings
      .filter((p) => p.id !== pkg.id)
      .slice(0, RELATED)
      .map(packageCard),
  };
}

/** The page model of any /products URL. */
export async function loadCataloguePage(req: CatalogueRequest, now = new Date()): Promise<CataloguePage> {
  const { view } = req;
  switch (view.kind) {
    case 'product':
      return productDetail(req, view.id, view.typeId);
    case 'package':
      return packageDetail(req, view.id, view.typeName);
    case 'package-list':
      return packageList(req, view.typeName, view.page);
    case 'bundle':
      return bundleList(req, view.bundleId, view.page, now);
    case 'type':
      return typeList(req, view.typeId, view.page);
    case 'all': {
      const code = req.url.searchParams.get('code')?.trim();
      const own = code && req.url.searchParams.get('all') !== '1' ? await influencerList(req, code, view.page) : null;
      return own ?? typeList(req, null, view.page);
    }
    case 'unknown':
      return missing(req, msg.noProducts);
  }
}

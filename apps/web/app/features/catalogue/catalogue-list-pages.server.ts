// The list pages of /products (spec §2): a type's products, an influencer's, the packages, a bundle's.
import { applyCelebrityDiscount, describeDiscount, isWithinActivityWindow, msg, paginate } from '@shop/domain';
import type { ProductDetail, StorefrontReads } from '@shop/domain';
import { orFallback } from '../../api/client.ts';
import type { CatalogueCard } from '../../components/product-card.tsx';
import type { BreadcrumbItem } from '../../components/ui/breadcrumb.tsx';
import { findTypePath, specOffers } from '../../lib/catalogue-detail.ts';
import { canonicalPath, type LinkPreview } from '../../lib/link-preview.ts';
import type { PageSeo } from '../../lib/page-seo.ts';
import { PAGE_TITLE } from '../../lib/page-titles.ts';
import { hrefWithQuery } from '../../lib/referral-code.ts';
import { breadcrumbLd, jsonLdTexts } from '../../lib/structured-data.ts';
import type { CatalogueListPage, CataloguePage, CatalogueRequest, PageBanner } from './catalogue-page-model.ts';
import {
  missing,
  packageCard,
  productCard,
  productsCrumb,
  sectionBanner,
  SIZE,
} from './catalogue-page-parts.server.ts';

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
    structuredData: jsonLdTexts(
      breadcrumbLd(
        req.publicUrl,
        crumbs.map((c) => ({ name: c.title, path: c.link ? hrefWithQuery(c.link, c.query) : undefined })),
        path,
      ),
    ),
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

export async function typeList(req: CatalogueRequest, typeId: number | null, page: number): Promise<CataloguePage> {
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
export async function influencerList(req: CatalogueRequest, code: string, page: number): Promise<CataloguePage | null> {
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

export async function packageList(
  req: CatalogueRequest,
  typeName: string | null,
  page: number,
): Promise<CataloguePage> {
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

export async function bundleList(
  req: CatalogueRequest,
  bundleId: number,
  page: number,
  now: Date,
): Promise<CataloguePage> {
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

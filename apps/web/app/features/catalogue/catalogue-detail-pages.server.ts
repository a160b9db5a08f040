// The product and package pages of /products (spec §2).
import { applyCelebrityDiscount, BadgeKind, msg } from '@shop/domain';
import type { PackageDetail, ProductDetail, ReviewPage, StorefrontReads } from '@shop/domain';
import { orFallback } from '../../api/client.ts';
import type { BreadcrumbItem } from '../../components/ui/breadcrumb.tsx';
import {
  celebrityDiscountFor,
  descriptionTabs,
  findTypePath,
  specOffers,
  type TypePath,
} from '../../lib/catalogue-detail.ts';
import { packageHref, productHref } from '../../lib/catalogue-links.ts';
import { summaryText } from '../../lib/link-preview.ts';
import type { PageSeo } from '../../lib/page-seo.ts';
import { hrefWithQuery } from '../../lib/referral-code.ts';
import { breadcrumbLd, jsonLdTexts, productLd, reviewsLd } from '../../lib/structured-data.ts';
import type { CatalogueItem, CataloguePage, CatalogueRequest } from './catalogue-page-model.ts';
import { missing, packageCard, productCard, productsCrumb, RELATED } from './catalogue-page-parts.server.ts';

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
    structuredData: jsonLdTexts(
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
    ),
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

/**
 * The page last made from each product answer. While the catalogue is unchanged the reads answer
 * with the same objects (kept a second by each render thread, longer by the main thread), so the
 * pages of a burst share one model instead of each making its cards and structured data again.
 */
const keptProductPages = new WeakMap<ProductDetail, { inputs: readonly unknown[]; page: CataloguePage }>();

const sameInputs = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

export async function productDetail(req: CatalogueRequest, id: number, typeId: number | null): Promise<CataloguePage> {
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
  // Everything the page is made from; the discount is a new object each time a code is given.
  const inputs = [types, discount, related, reviews, typeId, req.publicUrl];
  const kept = keptProductPages.get(product);
  if (kept && sameInputs(kept.inputs, inputs)) return kept.page;
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
  const page: CataloguePage = {
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
  keptProductPages.set(product, { inputs, page });
  return page;
}

export async function packageDetail(
  req: CatalogueRequest,
  id: number,
  typeNameInLink: string | null,
): Promise<CataloguePage> {
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

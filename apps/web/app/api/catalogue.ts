// Catalogue area: products, types, packages, package types, bundles, search. The server applies the
// visibility and sort rules of spec §4 / §9.
import { apiGet, apiGetPage, type ApiFetch } from './client.ts';
import type { BundleDetail, PackageDetail, ProductDetail, ProductListQuery } from '@shop/domain';
import type { Product, ProductBundle, ProductPackage, PackageType, ProductType } from './types.ts';

export type { BundleDetail, PackageDetail, ProductDetail, ProductSpecDetail } from '@shop/domain';
export type ProductQuery = ProductListQuery;

function productQuery(q: ProductQuery): string {
  const params = new URLSearchParams();
  if (q.ids) params.set('ids', q.ids.join(','));
  if (q.type !== undefined) params.set('type', String(q.type));
  if (q.bundle !== undefined) params.set('bundle', String(q.bundle));
  if (q.page !== undefined) params.set('page', String(q.page));
  if (q.size !== undefined) params.set('size', String(q.size));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One search hit: a product or a package, as their own endpoints answer them. */
export type SearchResult = (ProductDetail & { kind: 'product' }) | (PackageDetail & { kind: 'package' });

/** The list without internet-celebrity products; `ids` keeps the server's order. */
export const getProducts = (api: ApiFetch, q: ProductQuery = {}) =>
  apiGet<Product[]>(api, `/products${productQuery(q)}`);

/** One page plus the total from `X-Total-Count`. */
export const getProductPage = (api: ApiFetch, q: ProductQuery & { page: number; size: number }) =>
  apiGetPage<Product>(api, `/products${productQuery(q)}`);

/** A visible product (influencer-only ones included); 404 when hidden or outside its window. */
export const getProduct = (api: ApiFetch, id: number) => apiGet<ProductDetail>(api, `/products/${id}`);

export const getProductTypes = (api: ApiFetch) => apiGet<ProductType[]>(api, '/product-types');
export const getPackageTypes = (api: ApiFetch) => apiGet<PackageType[]>(api, '/product-package-types');
export const getProductPackages = (api: ApiFetch) => apiGet<ProductPackage[]>(api, '/product-package');
/** The packages of one package type (by its name), newest first. */
export const getPackagesOfType = (api: ApiFetch, typeName: string) =>
  apiGet<PackageDetail[]>(api, `/product-package-by-name/${encodeURIComponent(typeName)}`);
export const getPackage = (api: ApiFetch, id: number) => apiGet<PackageDetail>(api, `/product-package/${id}`);
export const getProductBundles = (api: ApiFetch) => apiGet<ProductBundle[]>(api, '/product-bundles');
/** Active bundles inside their activity window: the /bundles page. */
export const getBundlesInActivity = (api: ApiFetch) => apiGet<BundleDetail[]>(api, '/product-bundles-in-activity');
export const getBundle = (api: ApiFetch, id: number) => apiGet<BundleDetail>(api, `/product-bundles/${id}`);

/** spec §5 search, one page of it with the total. The keyword must already be cleaned (searchKeyword). */
export const searchCatalogue = (api: ApiFetch, q: { keyword: string; page: number; size: number }) =>
  apiGetPage<SearchResult>(
    api,
    `/search?${new URLSearchParams({ keyword: q.keyword, page: String(q.page), size: String(q.size) }).toString()}`,
  );

/** What /sitemap.xml needs of the catalogue. */
export interface CatalogueSitemap {
  products: Array<{ id: number; product_type_id: number | null; updated_at: string }>;
  packages: Array<{ id: number; product_package_types_name: string; updated_at: string }>;
}
export const getCatalogueSitemap = (api: ApiFetch) => apiGet<CatalogueSitemap>(api, '/catalogue-sitemap');

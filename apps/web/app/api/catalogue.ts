// Catalogue area: products, types, packages, package types, bundles. The server applies the
// visibility and sort rules of spec §4 / §9.
import { apiGet, apiGetPage, type ApiFetch } from './client.ts';
import type { Product, ProductBundle, ProductPackage, PackageType, ProductType } from './types.ts';

export interface ProductQuery {
  ids?: readonly number[];
  type?: number;
  page?: number;
  size?: number;
}

function productQuery(q: ProductQuery): string {
  const params = new URLSearchParams();
  if (q.ids) params.set('ids', q.ids.join(','));
  if (q.type !== undefined) params.set('type', String(q.type));
  if (q.page !== undefined) params.set('page', String(q.page));
  if (q.size !== undefined) params.set('size', String(q.size));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The list without internet-celebrity products; `ids` keeps the server's order. */
export const getProducts = (api: ApiFetch, q: ProductQuery = {}) =>
  apiGet<Product[]>(api, `/products${productQuery(q)}`);

/** One page plus the total from `X-Total-Count`. */
export const getProductPage = (api: ApiFetch, q: ProductQuery & { page: number; size: number }) =>
  apiGetPage<Product>(api, `/products${productQuery(q)}`);

export const getProductTypes = (api: ApiFetch) => apiGet<ProductType[]>(api, '/product-types');
export const getPackageTypes = (api: ApiFetch) => apiGet<PackageType[]>(api, '/product-package-types');
export const getProductPackages = (api: ApiFetch) => apiGet<ProductPackage[]>(api, '/product-package');
export const getProductBundles = (api: ApiFetch) => apiGet<ProductBundle[]>(api, '/product-bundles');

// Where catalogue cards point (spec §2 routes table). One place, so the product pages can change it.
import { hrefWithQuery } from './referral-code.ts';

/** spec §2: product cards link to /products with t (first type) and sn (id). */
export function productHref(product: { id: number; product_type_ids?: readonly number[] | null }): string {
  return hrefWithQuery('/products', { t: product.product_type_ids?.[0], sn: product.id });
}

/** Packages: t is the package type name, plus pkg=1. */
export function packageHref(pkg: { id: number; product_package_types_name?: string | null }): string {
  return hrefWithQuery('/products', { t: pkg.product_package_types_name, sn: pkg.id, pkg: 1 });
}

/** spec §2: /products?t={id}&bundle={id} lists a bundle's products. */
export function bundleHref(bundle: { id: number }): string {
  return hrefWithQuery('/products', { t: bundle.id, bundle: bundle.id });
}

import { expect, it } from 'vitest';
import { bundleHref, packageHref, productHref } from './catalogue-links.ts';

it('links products by first type and id, packages with pkg=1', () => {
  expect(productHref({ id: 9, product_type_ids: [4, 2] })).toBe('/products?t=4&sn=9');
  expect(productHref({ id: 9, product_type_ids: [] })).toBe('/products?sn=9');
  expect(packageHref({ id: 3, product_package_types_name: '禮盒' })).toBe('/products?t=%E7%A6%AE%E7%9B%92&sn=3&pkg=1');
  expect(bundleHref({ id: 2 })).toBe('/products?t=2&bundle=2');
});

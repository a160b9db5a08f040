// Rows the storefront's catalogue tests insert for themselves (STYLE.md §7: never the demo seed).
import type { Db } from '../../db/client.ts';
import { products, productSpecs, productTypeLinks } from '../../db/schema/index.ts';

/**
 * A product of `values` (NT$1,000, on sale NT$800, a banner named for it, unless told) with one spec
 * (標準 at NT$1,000, on sale NT$800, unless `spec` says), in the categories `typeIds`; its id.
 */
export async function insertCatalogueProduct(
  db: Db,
  values: Partial<typeof products.$inferInsert> & { name: string },
  options: { spec?: Partial<typeof productSpecs.$inferInsert>; typeIds?: number[] } = {},
): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({ price: 1000, onSalePrice: 800, banner: `demo/${values.name}.webp`, ...values })
    .returning({ id: products.id });
  const productId = row!.id;
  await db.insert(productSpecs).values({ name: '標準', price: 1000, onSalePrice: 800, ...options.spec, productId });
  for (const productTypeId of options.typeIds ?? [])
    await db.insert(productTypeLinks).values({ productId, productTypeId });
  return productId;
}

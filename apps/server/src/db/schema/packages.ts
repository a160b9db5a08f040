// Product packages (gift sets sold as one item) and their types (spec §3 Package type, Product package).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, indexId, status, updatedAt, version, searchIndexes, sellableColumns } from './columns.ts';

/** Package types; the menu links /products?t={name}&pkg=1, so names are unique. */
export const packageTypes = pgTable(
  'package_types',
  {
    /** Key. */
    id: id(),
    /** Menu label; also the lookup key of product-package-by-name. */
    name: text('name').notNull(),
    /** Active / inactive. */
    status: status(),
    /** Sort key. */
    indexId: indexId(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [
    unique('uq_package_types_name').on(t.name),
    index('idx_package_types_status_index_id').on(t.status, t.indexId),
  ],
);

/** Product packages; listed newest first (spec §9). */
export const productPackages = pgTable(
  'product_packages',
  {
    /** Key. */
    id: id(),
    /** Its package type (product_package_types_name in the API). */
    packageTypeId: integer('package_type_id')
      .notNull()
      .references(() => packageTypes.id, { onDelete: 'restrict' }),
    /** Name, descriptions, picture, list and sale price. */
    ...sellableColumns(),
    /** Units left; NULL = stock not tracked. */
    stock: integer('stock'),
    /** Active / inactive. */
    status: status(),
    /** Sort key (secondary; lists are newest first). */
    indexId: indexId(),
    /** JSON list of section titles. */
    descriptionTitles: text('description_titles').notNull().default('[]'),
    /** JSON list of image upload keys; empty falls back to the banner. */
    pics: text('pics').notNull().default('[]'),
    /** When created; the list order. */
    createdAt: createdAt(),
    /** When last edited. */
    updatedAt: updatedAt(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [
    index('idx_product_packages_package_type_id').on(t.packageTypeId),
    index('idx_product_packages_status_created_at').on(t.status, t.createdAt),
    // Search (spec §5), as for products (docs/decisions/011).
    ...searchIndexes('product_packages', t),
    check('product_packages_prices_non_negative', sql`${t.price} >= 0 AND ${t.onSalePrice} >= 0`),
    check('product_packages_stock_non_negative', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
  ],
);

// Products, their two-level types, specs and hot-search tags (spec §3 Product, Product type, Tag).
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { BadgeKind } from '@shop/domain';
import { createdAt, id, indexId, status, tstz, updatedAt, version, searchIndexes, sellableColumns } from './columns.ts';

/** Product types: level 1 = top menu entry, level 2 = child of a level-1 type. */
export const productTypes = pgTable(
  'product_types',
  {
    /** Key; /products?t= refers to it. */
    id: id(),
    /** Menu label. */
    name: text('name').notNull(),
    /** 1 = top level, 2 = child. */
    level: smallint('level').notNull().default(1),
    /** Parent type for level 2; NULL for level 1. */
    parentId: integer('parent_id'),
    /** Active / inactive. */
    status: status(),
    /** Sort key. */
    indexId: indexId(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [
    foreignKey({ name: 'fk_product_types_parent_id', columns: [t.parentId], foreignColumns: [t.id] }).onDelete(
      'restrict',
    ),
    index('idx_product_types_parent_id').on(t.parentId),
    index('idx_product_types_status_index_id').on(t.status, t.indexId),
    check(
      'product_types_level_parent',
      sql`(${t.level} = 1 AND ${t.parentId} IS NULL) OR (${t.level} = 2 AND ${t.parentId} IS NOT NULL)`,
    ),
  ],
);

/** Products (spec §3 Product). Text-encoded lists are JSON arrays stored as text. */
export const products = pgTable(
  'products',
  {
    /** Key; /products?sn= refers to it. */
    id: id(),
    /** Name, descriptions, picture; list price (the lowest spec price, kept for cards) and sale price. */
    ...sellableColumns(),
    /** BadgeKind: 0 None, 1 Hot, 2 New, 3 Select. */
    tagType: smallint('tag_type').notNull().default(BadgeKind.None),
    /** Active / inactive. */
    status: status(),
    /** Sort key. */
    indexId: indexId(),
    /** JSON list of image upload keys; empty/unparsable falls back to the banner (spec §3). */
    pics: text('pics').notNull().default('[]'),
    /** JSON list of section titles for the detail tabs. */
    descriptionTitles: text('description_titles').notNull().default('[]'),
    /** Start of the sale window; NULL = no lower bound (spec §4). */
    activityStartTime: tstz('activity_start_time'),
    /** End of the sale window; NULL = no upper bound (spec §4). */
    activityEndTime: tstz('activity_end_time'),
    /** Influencer-only product: hidden from the list without internet-celebrity products. */
    internetCelebrity: boolean('internet_celebrity').notNull().default(false),
    /** When created. */
    createdAt: createdAt(),
    /** When last edited. */
    updatedAt: updatedAt(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [
    index('idx_products_status_index_id').on(t.status, t.indexId),
    // Search (spec §5, docs/decisions/011).
    ...searchIndexes('products', t),
    check('products_prices_non_negative', sql`${t.price} >= 0 AND ${t.onSalePrice} >= 0`),
    check(
      'products_activity_window',
      sql`${t.activityStartTime} IS NULL OR ${t.activityEndTime} IS NULL OR ${t.activityStartTime} <= ${t.activityEndTime}`,
    ),
  ],
);

/** The product a row belongs to; the row goes when the product does. */
export const belongsToProduct = () =>
  integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' });

/** Which types a product is listed under; the API derives product_type_ids from it. */
export const productTypeLinks = pgTable(
  'product_type_links',
  {
    /** The product. */
    productId: belongsToProduct(),
    /** One of its types. */
    productTypeId: integer('product_type_id')
      .notNull()
      .references(() => productTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'pk_product_type_links', columns: [t.productId, t.productTypeId] }),
    index('idx_product_type_links_product_type_id').on(t.productTypeId),
  ],
);

/** Purchasable variants of a product (size, flavour...); cart lines point at one. */
export const productSpecs = pgTable(
  'product_specs',
  {
    /** Key; cart lines and order snapshots keep it as spec_id. */
    id: id(),
    /** The product. */
    productId: belongsToProduct(),
    /** Spec label, e.g. 「50ml」. */
    name: text('name').notNull(),
    /** List price in NT$. */
    price: integer('price').notNull(),
    /** Sale price in NT$. */
    onSalePrice: integer('on_sale_price').notNull(),
    /** Units left; NULL = stock not tracked. */
    stock: integer('stock'),
    /** Below or at this many units the spec reads 庫存不足 (issue 42); NULL = the shop's default level. */
    lowStockLevel: integer('low_stock_level'),
    /** Sort key within the product. */
    indexId: indexId(),
  },
  (t) => [
    index('idx_product_specs_product_id').on(t.productId, t.indexId),
    check('product_specs_prices_non_negative', sql`${t.price} >= 0 AND ${t.onSalePrice} >= 0`),
    check('product_specs_stock_non_negative', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
    check('product_specs_low_stock_level_non_negative', sql`${t.lowStockLevel} IS NULL OR ${t.lowStockLevel} >= 0`),
  ],
);

/** Hot-search tags: a search whose keyword equals the name lists these products first (spec §5). */
export const tags = pgTable(
  'tags',
  {
    /** Key. */
    id: id(),
    /** The keyword. */
    name: text('name').notNull(),
    /** JSON list of {id} product ids. */
    ids: text('ids').notNull().default('[]'),
    /** Active / inactive (truthy = shown). */
    status: status(),
    /** Sort key. */
    indexId: indexId(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [index('idx_tags_name').on(t.name), index('idx_tags_status_index_id').on(t.status, t.indexId)],
);

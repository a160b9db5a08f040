// Promotion bundles: "any N of these products" deals (spec §3 Product bundle, §5 discount description).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, id, indexId, status, tstz, version } from './columns.ts';
import { belongsToProduct } from './catalogue.ts';

/** A promotion: its products, discount type and rule. */
export const productBundles = pgTable(
  'product_bundles',
  {
    /** Key; /products?bundle= refers to it. */
    id: id(),
    /** Promotion title. */
    title: text('title').notNull(),
    /** Image upload key. */
    banner: text('banner').notNull().default(''),
    /** Longer text for the bundle page. */
    description: text('description').notNull().default(''),
    /** Active / inactive. */
    status: status(),
    /** PromotionType: 1 PercentDiscount, 2 AmountDiscount, 3 CombinedPrice. */
    discountType: smallint('discount_type').notNull(),
    /** JSON list [{"amount":N,"value":M}]; the first entry applies (spec §3 Discount rule). */
    discountRule: text('discount_rule').notNull().default('[]'),
    /** Start of the promotion; NULL = no lower bound. */
    activityStartTime: tstz('activity_start_time'),
    /** End of the promotion; NULL = no upper bound. */
    activityEndTime: tstz('activity_end_time'),
    /** Sort key. */
    indexId: indexId(),
    /** When created. */
    createdAt: createdAt(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [
    index('idx_product_bundles_status_index_id').on(t.status, t.indexId),
    check('product_bundles_discount_type_known', sql`${t.discountType} IN (1, 2, 3)`),
  ],
);

/** Products taking part in a bundle. */
export const bundleProducts = pgTable(
  'bundle_products',
  {
    /** The bundle. */
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => productBundles.id, { onDelete: 'cascade' }),
    /** A product of it. */
    productId: belongsToProduct(),
  },
  (t) => [
    primaryKey({ name: 'pk_bundle_products', columns: [t.bundleId, t.productId] }),
    index('idx_bundle_products_product_id').on(t.productId),
  ],
);

// Members' server-side carts (spec §4 Cart; guests keep theirs in local storage).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { belongsToMember } from './members.ts';
import { productSpecs, belongsToProduct } from './catalogue.ts';
import { productPackages } from './packages.ts';

/** Product cart lines; one line per (member, product, spec): adding again sums the qty. */
export const shoppingCarts = pgTable(
  'shopping_carts',
  {
    /** Key. */
    id: id(),
    /** Owner (API: members_id). */
    memberId: belongsToMember(),
    /** Product (API: products_id). */
    productId: belongsToProduct(),
    /** Chosen spec; NULL only for a product without specs. */
    specId: integer('spec_id').references(() => productSpecs.id, { onDelete: 'cascade' }),
    /** Quantity, at least 1. */
    qty: integer('qty').notNull(),
    /** When added. */
    createdAt: createdAt(),
    /** When the qty last changed. */
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('uq_shopping_carts_member_id_product_id_spec_id').on(t.memberId, t.productId, t.specId).nullsNotDistinct(),
    index('idx_shopping_carts_product_id').on(t.productId),
    index('idx_shopping_carts_spec_id').on(t.specId),
    check('shopping_carts_qty_positive', sql`${t.qty} > 0`),
  ],
);

/** Package cart lines; one line per (member, package). */
export const packageShoppingCarts = pgTable(
  'package_shopping_carts',
  {
    /** Key. */
    id: id(),
    /** Owner (API: members_id). */
    memberId: belongsToMember(),
    /** Package (API: product_packages_id). */
    productPackageId: integer('product_package_id')
      .notNull()
      .references(() => productPackages.id, { onDelete: 'cascade' }),
    /** Quantity, at least 1. */
    qty: integer('qty').notNull(),
    /** When added. */
    createdAt: createdAt(),
    /** When the qty last changed. */
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('uq_package_shopping_carts_member_id_product_package_id').on(t.memberId, t.productPackageId),
    index('idx_package_shopping_carts_product_package_id').on(t.productPackageId),
    check('package_shopping_carts_qty_positive', sql`${t.qty} > 0`),
  ],
);

// Buyers' product reviews and members' wishlists (issue 43 items 1 and 4, docs/decisions/085).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns.ts';
import { products, belongsToProduct } from './catalogue.ts';
import { members, belongsToMember } from './members.ts';
import { orders } from './orders.ts';
import { staff } from './staff.ts';

/** One buyer's review of one product of one received order (at most one per order and product). */
export const productReviews = pgTable(
  'product_reviews',
  {
    /** Key. */
    id: id(),
    /** The product reviewed (API: products_id). */
    productId: belongsToProduct(),
    /** The received order that entitles the review (API: orders_id). */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The reviewer; NULL once the member is deleted (the review stays, unnamed). */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** The name shown beside the review, masked when written (王小明 → 王*明). */
    reviewerName: text('reviewer_name').notNull(),
    /** 1–5 stars. */
    rating: smallint('rating').notNull(),
    /** Plain text, at most 500 characters; no HTML survives. */
    content: text('content').notNull().default(''),
    /** Upload names of up to 3 photos, as a JSON array of strings. */
    pics: jsonb('pics').$type<string[]>().notNull().default([]),
    /** Hidden by the shop: not shown, not counted in the average. */
    hidden: boolean('hidden').notNull().default(false),
    /** The shop's public reply; NULL = none. */
    reply: text('reply'),
    /** When the reply was last written. */
    repliedAt: tstz('replied_at'),
    /** Who last hid, showed or replied. */
    updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
    /** When written. */
    createdAt: createdAt(),
    /** When the shop last changed it. */
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('uq_product_reviews_order_id_product_id').on(t.orderId, t.productId),
    // The product page reads the newest shown reviews of one product.
    index('idx_product_reviews_product_id_created_at')
      .on(t.productId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hidden} = false`),
    index('idx_product_reviews_member_id').on(t.memberId),
    index('idx_product_reviews_created_at').on(t.createdAt.desc()),
    check('product_reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('product_reviews_content_length', sql`char_length(${t.content}) <= 500`),
    check('product_reviews_pics_array', sql`jsonb_typeof(${t.pics}) = 'array' AND jsonb_array_length(${t.pics}) <= 3`),
  ],
);

/**
 * The count and star sum of a product's shown reviews, kept in the transaction that adds, hides or
 * shows one, so the product page reads its average with one row instead of scanning the reviews.
 */
export const productReviewTotals = pgTable(
  'product_review_totals',
  {
    /** The product (one row per reviewed product). */
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Shown reviews. */
    reviewCount: integer('review_count').notNull().default(0),
    /** Sum of their stars; the average is rating_sum / review_count. */
    ratingSum: integer('rating_sum').notNull().default(0),
  },
  (t) => [
    check('product_review_totals_count_not_negative', sql`${t.reviewCount} >= 0`),
    check('product_review_totals_sum_in_range', sql`${t.ratingSum} BETWEEN ${t.reviewCount} AND 5 * ${t.reviewCount}`),
  ],
);

/** 收藏清單: the products a member keeps for later (guests keep theirs in the browser). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    /** Owner (API: members_id). */
    memberId: belongsToMember(),
    /** Product (API: products_id). */
    productId: belongsToProduct(),
    /** When added; the list shows the newest first. */
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'pk_wishlist_items', columns: [t.memberId, t.productId] }),
    index('idx_wishlist_items_product_id').on(t.productId),
  ],
);

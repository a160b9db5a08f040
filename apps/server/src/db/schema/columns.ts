// Column builders shared by every aggregate, so the same concept has the same type everywhere.
import { sql } from 'drizzle-orm';
import { index, integer, smallint, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { Status } from '@shop/domain';

/** Surrogate key: integer identity (BY DEFAULT so seeds and imports may set fixed ids). */
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** Spec §3 Status: 0 InActive, 1 Active; lists show only active rows (spec §4). */
export const status = () => smallint('status').notNull().default(Status.Active);

/** Manual sort key; lists sort ascending by it (spec §9). */
export const indexId = () => integer('index_id').notNull().default(0);

/** A point in time, always stored with its time zone. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was created. */
export const createdAt = () => tstz('created_at').notNull().defaultNow();

/** When the row last changed; services set it on update. */
export const updatedAt = () => tstz('updated_at').notNull().defaultNow();

/**
 * Optimistic-lock counter: an update names the version it read and bumps it, so two staff editing
 * the same record cannot silently overwrite each other (issue 7: a stale version answers 409).
 */
export const version = () => integer('version').notNull().default(1);

/**
 * The trigram indexes search reads (spec §5) on name, description1 and description2. fastupdate off:
 * PGlite never autovacuums, so a GIN pending list would only grow and every search would scan it;
 * the catalogue changes rarely (docs/decisions/011).
 */
export const searchIndexes = (
  table: string,
  t: { name: AnyPgColumn; description1: AnyPgColumn; description2: AnyPgColumn },
) =>
  (['name', 'description1', 'description2'] as const).map((column) =>
    index(`idx_${table}_${column}_trgm`)
      .using('gin', sql`${t[column]} gin_trgm_ops`)
      .with({ fastupdate: false }),
  );

/** What a product and a package are sold by: the texts search reads (searchIndexes), the picture, the prices. */
export const sellableColumns = () => ({
  /** Name; searched with trigrams (spec §5 search). */
  name: text('name').notNull(),
  /** Short description (card text); searched. */
  description1: text('description1').notNull().default(''),
  /** Long description html; searched. */
  description2: text('description2').notNull().default(''),
  /** Main image upload key. */
  banner: text('banner').notNull().default(''),
  /** List price in NT$. */
  price: integer('price').notNull(),
  /** Sale price in NT$; on sale when it differs from price (spec §3). */
  onSalePrice: integer('on_sale_price').notNull(),
});

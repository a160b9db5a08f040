// SQL of the catalogue search (spec §5). Matching is `ILIKE '%keyword%'` on the columns that carry
// the pg_trgm GIN indexes of the schema (docs/decisions/011-catalogue-search-trigram.md).
import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { containsPattern, hasLetterCase, Status } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { packageTypes, productPackages, products, tags } from '../../db/schema/index.ts';
import { visibleProduct } from './product.repository.ts';

export interface SearchHit {
  kind: 'product' | 'package';
  id: number;
}

export interface SearchPage {
  hits: SearchHit[];
  /** All matches, for X-Total-Count; undefined when the page was past the end (ask countHits). */
  total: number | undefined;
}

/** The `ids` text of every shown tag named exactly `keyword`, in tag order (spec §4: truthy status, §9: index_id). */
export async function findTagIdLists(db: Db, keyword: string): Promise<string[]> {
  const rows = await db
    .select({ ids: tags.ids })
    .from(tags)
    .where(and(eq(tags.name, keyword), ne(tags.status, Status.InActive)))
    .orderBy(asc(tags.indexId), asc(tags.id));
  return rows.map((r) => r.ids);
}

const intArray = (ids: readonly number[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;

/**
 * Every hit in the order of spec §5 and §9, as rows of (group, k1, k2):
 * 0 = products of the keyword's tags, in tag order; 1 = other products matching by text, by index_id;
 * 2 = packages matching by text, newest first. Influencer-only products stay out, as in the product list.
 */
function hitsQuery(keyword: string, tagProductIds: readonly number[], now: Date): SQL {
  const pattern = containsPattern(keyword);
  // ILIKE folds case character by character, about 3× slower than LIKE on multibyte text; a keyword
  // without letter case (Chinese, digits) matches the same either way, so it takes the fast LIKE.
  const like = hasLetterCase(keyword) ? sql.raw('ILIKE') : sql.raw('LIKE');
  const matches = (column: SQL | AnyPgColumn) => sql`${column} ${like} ${pattern}`;
  const shownProduct = and(visibleProduct(now), eq(products.internetCelebrity, false));
  const productText = or(matches(products.name), matches(products.description1), matches(products.description2));
  const branches: SQL[] = [];
  if (tagProductIds.length) {
    branches.push(sql`
      SELECT 'product' AS kind, ${products.id} AS id, 0 AS grp,
             array_position(${intArray(tagProductIds)}, ${products.id})::float8 AS k1, 0::float8 AS k2
      FROM ${products}
      WHERE ${products.id} = ANY(${intArray(tagProductIds)}) AND ${shownProduct}`);
  }
  branches.push(sql`
    SELECT 'product' AS kind, ${products.id} AS id, 1 AS grp, ${products.indexId}::float8 AS k1, ${products.id}::float8 AS k2
    FROM ${products}
    WHERE ${shownProduct} AND (${productText})
      ${tagProductIds.length ? sql`AND NOT (${products.id} = ANY(${intArray(tagProductIds)}))` : sql``}`);
  branches.push(sql`
    SELECT 'package' AS kind, ${productPackages.id} AS id, 2 AS grp,
           -extract(epoch FROM ${productPackages.createdAt})::float8 AS k1, -${productPackages.id}::float8 AS k2
    FROM ${productPackages}
    INNER JOIN ${packageTypes} ON ${packageTypes.id} = ${productPackages.packageTypeId}
    WHERE ${productPackages.status} = ${Status.Active} AND ${packageTypes.status} = ${Status.Active}
      AND (${or(matches(productPackages.name), matches(productPackages.description1), matches(productPackages.description2))})`);
  return sql.join(branches, sql` UNION ALL `);
}

interface HitRow {
  kind: 'product' | 'package';
  id: number;
  total: number;
}

/** One page of hits plus the total, in one round trip. */
export async function findHits(
  db: Db,
  q: { keyword: string; tagProductIds: readonly number[]; now: Date; limit: number; offset: number },
): Promise<SearchPage> {
  const result = (await db.execute(sql`
    WITH hits AS (${hitsQuery(q.keyword, q.tagProductIds, q.now)})
    SELECT kind, id, (SELECT count(*) FROM hits)::int AS total
    FROM hits
    ORDER BY grp, k1, k2
    LIMIT ${q.limit} OFFSET ${q.offset}`)) as unknown as { rows: HitRow[] };
  const rows = result.rows;
  return {
    hits: rows.map((r) => ({ kind: r.kind, id: Number(r.id) })),
    total: rows.length ? Number(rows[0]!.total) : undefined,
  };
}

export async function countHits(
  db: Db,
  q: { keyword: string; tagProductIds: readonly number[]; now: Date },
): Promise<number> {
  const result = (await db.execute(
    sql`SELECT count(*)::int AS n FROM (${hitsQuery(q.keyword, q.tagProductIds, q.now)}) AS hits`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

// What the catalogue search (spec §5) reads from the database: the searchable text behind the
// in-memory snapshot (search-index.ts, docs/decisions/016).
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { parseIdList, Status } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { packageTypes, productPackages, products, tags } from '../../db/schema/index.ts';
import { findActiveTypes, findTypeLinks } from './product.repository.ts';
import { searchableText, typeFamilies, type SearchSnapshot } from './search-index.ts';

/** Rows per query while loading the products' text. */
const BATCH = 1000;

/**
 * The products' text and type links in batches, by (index_id, id): on PGlite one query runs at a
 * time, so a single read of a large catalogue (about 0.8 s for 10,000 products) would hold up every
 * other request; between batches the others get their turn.
 */
async function loadProductTexts(db: Db, batchSize: number) {
  const rows: Array<{
    id: number;
    indexId: number;
    name: string;
    description1: string;
    description2: string;
    start: Date | null;
    end: Date | null;
  }> = [];
  const links: Array<{ productId: number; typeId: number }> = [];
  for (;;) {
    const last = rows[rows.length - 1];
    const batch = await db
      .select({
        id: products.id,
        indexId: products.indexId,
        name: products.name,
        description1: products.description1,
        description2: products.description2,
        start: products.activityStartTime,
        end: products.activityEndTime,
      })
      .from(products)
      .where(
        and(
          eq(products.status, Status.Active),
          eq(products.internetCelebrity, false),
          last ? sql`(${products.indexId}, ${products.id}) > (${last.indexId}, ${last.id})` : undefined,
        ),
      )
      .orderBy(asc(products.indexId), asc(products.id))
      .limit(batchSize);
    rows.push(...batch);
    const ids = batch.map((p) => p.id);
    links.push(...(await findTypeLinks(db, ids)));
    if (batch.length < batchSize) return { rows, links };
  }
}

/**
 * Active products that are not influencer-only (the list's products, spec §4) with their windows,
 * active packages of active types, shown tags, menu types with their families' products: each in the
 * order the search lists them (spec §9).
 */
export async function loadSearchSnapshot(db: Db, batchSize = BATCH): Promise<SearchSnapshot> {
  const [{ rows: productRows, links }, packageRows, tagRows, typeRows] = await Promise.all([
    loadProductTexts(db, batchSize),
    db
      .select({
        id: productPackages.id,
        name: productPackages.name,
        description1: productPackages.description1,
        description2: productPackages.description2,
      })
      .from(productPackages)
      .innerJoin(packageTypes, eq(packageTypes.id, productPackages.packageTypeId))
      .where(and(eq(productPackages.status, Status.Active), eq(packageTypes.status, Status.Active)))
      .orderBy(desc(productPackages.createdAt), desc(productPackages.id)),
    db
      .select({ name: tags.name, ids: tags.ids })
      .from(tags)
      .where(ne(tags.status, Status.InActive))
      .orderBy(asc(tags.indexId), asc(tags.id)),
    findActiveTypes(db),
  ]);
  return {
    products: productRows.map((p) => ({
      id: p.id,
      start: p.start ? p.start.getTime() : null,
      end: p.end ? p.end.getTime() : null,
      text: searchableText(p.name, p.description1, p.description2),
    })),
    packages: packageRows.map((k) => ({ id: k.id, text: searchableText(k.name, k.description1, k.description2) })),
    // spec §8: malformed tag ids give an empty list.
    tags: tagRows.map((t) => ({ name: t.name, productIds: parseIdList(t.ids) })),
    types: typeFamilies(
      typeRows,
      links,
      productRows.map((p) => p.id),
    ),
  };
}

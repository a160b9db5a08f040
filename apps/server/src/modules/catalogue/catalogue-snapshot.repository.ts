// What the catalogue snapshot (catalogue-snapshot.ts) reads from the database.
import { and, asc, eq, sql } from 'drizzle-orm';
import { Status } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { bundleProducts, products } from '../../db/schema/index.ts';
import { groupBy, toProductJson } from './product-json.ts';
import { findActiveTypes, findSpecs, findTypeLinks } from './product.repository.ts';
import { buildCatalogueSnapshot, type CatalogueRows, type CatalogueSnapshot } from './catalogue-snapshot.ts';

/** Products per query: on PGlite one query runs at a time, and between batches the others get their turn. */
const BATCH = 500;

/** Active products with their specs and types, in list order (spec §9), read a batch at a time. */
async function loadRecords(db: Db, batchSize: number) {
  const records: CatalogueRows['records'] = [];
  const typeLinks: CatalogueRows['typeLinks'] = [];
  let last: { indexId: number; id: number } | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(products)
      .where(
        and(
          eq(products.status, Status.Active),
          last ? sql`(${products.indexId}, ${products.id}) > (${last.indexId}, ${last.id})` : undefined,
        ),
      )
      .orderBy(asc(products.indexId), asc(products.id))
      .limit(batchSize);
    const ids = rows.map((p) => p.id);
    const [specs, links] = await Promise.all([findSpecs(db, ids), findTypeLinks(db, ids)]);
    const specsOf = groupBy(specs, (s) => s.productId);
    const typesOf = groupBy(links, (l) => l.productId);
    for (const p of rows) {
      const typeIds = (typesOf.get(p.id) ?? []).map((l) => l.typeId).sort((a, b) => a - b);
      records.push({
        ...toProductJson(p, specsOf.get(p.id) ?? [], typeIds),
        start: p.activityStartTime,
        end: p.activityEndTime,
      });
    }
    typeLinks.push(...links);
    if (rows.length < batchSize) return { records, typeLinks };
    last = rows[rows.length - 1];
  }
}

export async function loadCatalogueSnapshot(db: Db, batchSize = BATCH): Promise<CatalogueSnapshot> {
  const [{ records, typeLinks }, types, bundleLinks] = await Promise.all([
    loadRecords(db, batchSize),
    findActiveTypes(db),
    db.select({ bundleId: bundleProducts.bundleId, productId: bundleProducts.productId }).from(bundleProducts),
  ]);
  return buildCatalogueSnapshot({ records, types, typeLinks, bundleLinks });
}

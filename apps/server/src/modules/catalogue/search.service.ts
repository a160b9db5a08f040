import { PAGE_SIZE } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import type { Answer } from '../../http/response-cache.ts';
import { toPackageJson, withDetails, type PackageJson, type ProductJson } from './catalogue.service.ts';
import * as repo from './product.repository.ts';
import type { RecordCache } from './record-cache.ts';
import { findHits, type SearchIndex } from './search-index.ts';

export interface SearchQuery {
  /** Already trimmed and checked (searchKeywordSchema). */
  keyword: string;
  page?: number;
  size?: number;
}

/** A search result: the product or package as its own endpoint answers it, plus which of the two it is. */
export type SearchResult = (ProductJson & { kind: 'product' }) | (PackageJson & { kind: 'package' });

/** What the search keeps in memory: the snapshot it matches on, and the records of recent hits. */
export interface SearchMemory {
  index: SearchIndex;
  products: RecordCache<ProductJson>;
  packages: RecordCache<PackageJson>;
}

/**
 * spec §5: products and packages whose name, description1 or description2 contain the keyword,
 * plus the products of a tag whose name equals the keyword — those first, in the tag's order — and
 * (issue 20) next the products of the types whose name contains it, child types included.
 * spec §4 visibility applies to all of them; 12 per page (spec §9) unless `size` says otherwise.
 * Matching runs on the in-memory snapshot (docs/decisions/016); the page's records come from the
 * database and are kept a minute by id (record-cache.ts).
 */
export async function searchCatalogue(db: Db, memory: SearchMemory, q: SearchQuery, now: Date): Promise<Answer> {
  const size = q.size ?? PAGE_SIZE.search;
  const page = q.page ?? 1;
  const hits = findHits(await memory.index.snapshot(), q.keyword, now);
  const shown = hits.slice((page - 1) * size, page * size);

  const productIds = shown.filter((h) => h.kind === 'product').map((h) => h.id);
  const packageIds = shown.filter((h) => h.kind === 'package').map((h) => h.id);
  // The snapshot decided visibility at `now`; the records only need to exist (a product that left its
  // window since the snapshot was built is dropped by the match itself).
  const [productList, packageList] = await Promise.all([
    memory.products.getMany(productIds, async (ids) =>
      (await withDetails(db, await repo.findProducts(db, { now, ids }))).map((p) => ({ id: p.id, value: p })),
    ),
    memory.packages.getMany(packageIds, async (ids) =>
      (await repo.findPackages(db, { ids })).map((p) => ({ id: p.id, value: toPackageJson(p) })),
    ),
  ]);
  const productsById = new Map(productList.map((p) => [p.id, p]));
  const packagesById = new Map(packageList.map((p) => [p.id, p]));

  const data: SearchResult[] = [];
  for (const hit of shown) {
    if (hit.kind === 'product') {
      const product = productsById.get(hit.id);
      if (product) data.push({ kind: 'product', ...product });
    } else {
      const pkg = packagesById.get(hit.id);
      if (pkg) data.push({ kind: 'package', ...pkg });
    }
  }
  return { data, total: hits.length };
}

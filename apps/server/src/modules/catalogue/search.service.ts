import { PAGE_SIZE } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import type { Answer } from '../../http/response-cache.ts';
import { toPackageJson, type KeptCatalogue, type PackageJson, type ProductJson } from './catalogue.service.ts';
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

/** What the search keeps in memory: the snapshot it matches on, the catalogue's products, recent packages. */
export interface SearchMemory {
  index: SearchIndex;
  catalogue: KeptCatalogue;
  packages: RecordCache<PackageJson>;
}

/**
 * spec §5: products and packages whose name, description1 or description2 contain the keyword,
 * plus the products of a tag whose name equals the keyword — those first, in the tag's order — and
 * (issue 20) next the products of the types whose name contains it, child types included.
 * spec §4 visibility applies to all of them; 12 per page (spec §9) unless `size` says otherwise.
 * Matching runs on the in-memory snapshot (docs/decisions/016); the page's products come from the
 * catalogue snapshot (decision 087), its packages from the database, kept a minute by id (record-cache.ts).
 */
export async function searchCatalogue(db: Db, memory: SearchMemory, q: SearchQuery, now: Date): Promise<Answer> {
  const size = q.size ?? PAGE_SIZE.search;
  const page = q.page ?? 1;
  const [searchable, catalogue] = await Promise.all([memory.index.snapshot(), memory.catalogue.snapshot()]);
  const hits = findHits(searchable, q.keyword, now);
  const shown = hits.slice((page - 1) * size, page * size);

  const packageIds = shown.filter((h) => h.kind === 'package').map((h) => h.id);
  // The match decided visibility at `now`; the records only need to exist (a product the catalogue
  // snapshot no longer holds is left out).
  const packageList = await memory.packages.getMany(packageIds, async (ids) =>
    (await repo.findPackages(db, { ids })).map((p) => ({ id: p.id, value: toPackageJson(p) })),
  );
  const packagesById = new Map(packageList.map((p) => [p.id, p]));

  const data: SearchResult[] = [];
  for (const hit of shown) {
    if (hit.kind === 'product') {
      const product = catalogue.byId.get(hit.id);
      if (product) data.push({ kind: 'product', ...product.record });
    } else {
      const pkg = packagesById.get(hit.id);
      if (pkg) data.push({ kind: 'package', ...pkg });
    }
  }
  return { data, total: hits.length };
}

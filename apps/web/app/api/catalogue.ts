// Catalogue area over HTTP: the search page's hits. The other catalogue pages read in-process
// (StorefrontReads); the server applies the visibility and sort rules of spec §4 / §9.
import type { SearchResult } from '@shop/domain';
import { apiGetPage, type ApiFetch } from './client.ts';

export type { SearchResult };

/** spec §5 search, one page of it with the total. The keyword must already be cleaned (searchKeyword). */
export const searchCatalogue = (api: ApiFetch, q: { keyword: string; page: number; size: number }) =>
  apiGetPage<SearchResult>(
    api,
    `/search?${new URLSearchParams({ keyword: q.keyword, page: String(q.page), size: String(q.size) }).toString()}`,
  );

// Pagination math of spec §2 ("Pagination") with the page sizes of spec §9.

/** spec §9 page sizes (and the course list's, which §9 does not give). */
export const PAGE_SIZE = {
  products: 12,
  bundles: 12,
  search: 12,
  influencer: 12,
  /** Not in spec §9: as the other lists (docs/decisions/047). */
  courses: 12,
  orders: 5,
  hotProducts: 20,
} as const;

/** Largest page number accepted from a URL; keeps offsets inside a PostgreSQL integer. */
export const MAX_PAGE = 2_147_483_647;

function positiveSize(size: number): number {
  return Number.isFinite(size) && size >= 1 ? Math.floor(size) : 1;
}

/** spec §2: page count = data length / page size rounded up; default size 1; no data → 0 pages. */
export function pageCount(length: number, size = 1): number {
  if (!Number.isFinite(length) || length <= 0) return 0;
  return Math.ceil(length / positiveSize(size));
}

/** A page inside 1..count (page 1 when there are no pages). */
export function clampPage(page: number, count: number): number {
  const p = Number.isFinite(page) ? Math.floor(page) : 1;
  return Math.min(Math.max(p, 1), Math.max(count, 1));
}

/** The items of a 1-based page; a page past the end is empty, a page below 1 is page 1. */
export function slicePage<T>(items: readonly T[], page: number, size: number): T[] {
  const s = positiveSize(size);
  const p = Number.isFinite(page) && page >= 1 ? Math.floor(page) : 1;
  return items.slice((p - 1) * s, p * s);
}

/** spec §2: "previous" does nothing on page 1. */
export function previousPage(page: number): number {
  return page > 1 ? page - 1 : page;
}

/** spec §2: "next" does nothing past the last page. */
export function nextPage(page: number, count: number): number {
  return page < count ? page + 1 : page;
}

/**
 * The `page` query parameter: a positive integer (digits only, surrounding spaces allowed),
 * else 1 — a bad link shows the first page rather than an error. A repeated parameter uses the first.
 */
export function parsePageParam(value: unknown): number {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  let n: number;
  if (typeof first === 'number') n = first;
  else if (typeof first === 'string' && /^\s*\d+\s*$/.test(first)) n = Number(first);
  else return 1;
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_PAGE ? n : 1;
}

export interface PagedList<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

/** One page of a list plus the numbers a pagination bar needs; the page is clamped to the last one. */
export function paginate<T>(items: readonly T[], page: number, size: number): PagedList<T> {
  const count = pageCount(items.length, size);
  const p = clampPage(page, count);
  return { items: slicePage(items, p, size), page: p, pageCount: count, total: items.length };
}

// Display orders of spec §9 ("Sort"), as Array.prototype.sort comparators.

type Time = string | Date | null | undefined;

/** Milliseconds, or -Infinity for a missing/unreadable time so such records sort last in "newest first". */
function timeOf(value: Time): number {
  if (value === null || value === undefined || value === '') return Number.NEGATIVE_INFINITY;
  const ms = (value instanceof Date ? value : new Date(value)).getTime();
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

function numberOr(value: number | null | undefined, missing: number): number {
  return typeof value === 'number' && !Number.isNaN(value) ? value : missing;
}

function compareNumbers(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * spec §9: products, types, package types, course types, carousels, articles, categories, index areas,
 * tags and special areas ascend by index_id. Ties by id ascending so the order is stable across queries;
 * a missing index_id goes last.
 */
export function byIndexIdAsc(
  a: { index_id?: number | null; id?: number },
  b: { index_id?: number | null; id?: number },
): number {
  return (
    compareNumbers(numberOr(a.index_id, Number.POSITIVE_INFINITY), numberOr(b.index_id, Number.POSITIVE_INFINITY)) ||
    compareNumbers(numberOr(a.id, 0), numberOr(b.id, 0))
  );
}

/** spec §9: packages and courses newest first by created_at; ties by id descending (newer row first). */
export function byCreatedAtDesc(a: { created_at?: Time; id?: number }, b: { created_at?: Time; id?: number }): number {
  return (
    compareNumbers(timeOf(b.created_at), timeOf(a.created_at)) || compareNumbers(numberOr(b.id, 0), numberOr(a.id, 0))
  );
}

/** spec §9: news newest first by post_at; ties by id descending. */
export function byPostAtDesc(a: { post_at?: Time; id?: number }, b: { post_at?: Time; id?: number }): number {
  return compareNumbers(timeOf(b.post_at), timeOf(a.post_at)) || compareNumbers(numberOr(b.id, 0), numberOr(a.id, 0));
}

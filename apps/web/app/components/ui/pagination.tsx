import { nextPage, pageCount, parsePageParam, previousPage } from '@shop/domain';
import { useSearchParams } from 'react-router';

interface PaginationProps {
  /** Number of records in the whole list. */
  length: number;
  /** Records per page; spec §2 default 1. */
  size?: number;
  /** Current page; defaults to the `page` query parameter, else 1. */
  page?: number;
}

/**
 * spec §2 Pagination: previous/next arrows and a dropdown 「第 N 頁」. Choosing a page merges `page`
 * into the current query (so `t`, `code`… stay) and scrolls to the top.
 */
export function Pagination({ length, size = 1, page }: PaginationProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const count = pageCount(length, size);
  const current = page ?? parsePageParam(searchParams.get('page') ?? undefined);
  if (count <= 0) return null;

  const goTo = (target: number) => {
    if (target === current || target < 1 || target > count) return;
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('page', String(target));
        return next;
      },
      { preventScrollReset: true },
    );
    window.scrollTo({ top: 0 });
  };

  const atFirst = current <= 1;
  const atLast = current >= count;
  return (
    <nav className="pagination" aria-label="分頁">
      <button
        type="button"
        className="pagination__arrow"
        aria-label="上一頁"
        aria-disabled={atFirst || undefined}
        onClick={() => goTo(previousPage(current))}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <label className="pagination__select">
        <span className="visually-hidden">選擇頁數</span>
        <select value={current} onChange={(event) => goTo(Number(event.target.value))}>
          {Array.from({ length: count }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              第 {n} 頁
            </option>
          ))}
        </select>
      </label>
      <span className="pagination__total">共 {count} 頁</span>
      <button
        type="button"
        className="pagination__arrow"
        aria-label="下一頁"
        aria-disabled={atLast || undefined}
        onClick={() => goTo(nextPage(current, count))}
      >
        <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}

// A listing page's cards (news, courses, articles): one page of them with the pagination under it,
// or the empty state when there are none.
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { Pagination } from './pagination.tsx';

export function PagedCardList<T extends { id: number }>({
  items,
  className,
  label,
  total,
  size,
  page,
  empty,
  card,
}: {
  items: readonly T[];
  /** The list's class, which lays the cards out. */
  className: string;
  /** The list's accessible name, when the page needs one. */
  label?: string;
  total: number;
  size: number;
  page: number;
  /** What the empty state says. */
  empty: string;
  card: (item: T, index: number) => ReactNode;
}) {
  if (items.length === 0) return <EmptyState text={empty} />;
  return (
    <>
      <ul className={className} aria-label={label}>
        {items.map((item, index) => (
          <li key={item.id}>{card(item, index)}</li>
        ))}
      </ul>
      <Pagination length={total} size={size} page={page} />
    </>
  );
}

import { startTransition, useRef, useState, type ReactNode } from 'react';
import { ArrowLeftIcon, ArrowRightIcon } from '../icons.tsx';

/** spec §2: slider items are 210 px wide with 15 px margins, 2 to 4 visible (CSS sets the count per width). */
export const SLIDER_ITEM_WIDTH = 210;
export const SLIDER_ITEM_MARGIN = 15;

/** Items rendered by the server; the rest (off-screen until scrolled) join when the shopper reaches for the list. */
const SERVER_ITEMS = 8;

/** A horizontal scroll-snap list with prev/next buttons that move one item. */
export function CardSlider({ label, children }: { label: string; children: ReactNode[] }) {
  const listRef = useRef<HTMLUListElement>(null);
  // Up to 20 hot products (spec §2), of which at most 4 are visible: the server renders the first 8
  // so the page's HTML (and its render and hydration time) stays small. The rest join when the list
  // is touched, scrolled, focused or moved, as a transition: adding them right after hydration made a
  // synchronous render inside the hydration's own task, the longest task of the page's load.
  const [complete, setComplete] = useState(children.length <= SERVER_ITEMS);
  const showAll = () => {
    if (!complete) startTransition(() => setComplete(true));
  };
  const items = complete ? children : children.slice(0, SERVER_ITEMS);
  const move = (direction: 1 | -1) => {
    showAll();
    const list = listRef.current;
    const item = list?.firstElementChild as HTMLElement | null;
    if (!list || !item) return;
    const stride = item.getBoundingClientRect().width + SLIDER_ITEM_MARGIN * 2;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({ left: direction * stride, behavior: reduce ? 'auto' : 'smooth' });
  };
  return (
    <div className="card-slider">
      <button
        type="button"
        className="card-slider__arrow card-slider__arrow--prev"
        aria-label={`${label}：上一個`}
        onClick={() => move(-1)}
      >
        <ArrowLeftIcon />
      </button>
      <ul
        ref={listRef}
        className="card-slider__list"
        onScroll={showAll}
        onPointerEnter={showAll}
        onTouchStart={showAll}
        onFocus={showAll}
      >
        {items.map((child, index) => (
          <li key={index} className="card-slider__item">
            {child}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="card-slider__arrow card-slider__arrow--next"
        aria-label={`${label}：下一個`}
        onClick={() => move(1)}
      >
        <ArrowRightIcon />
      </button>
    </div>
  );
}

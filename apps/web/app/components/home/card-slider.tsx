import { useRef, type ReactNode } from 'react';
import { ArrowLeftIcon, ArrowRightIcon } from '../icons.tsx';

/** spec §2: slider items are 210 px wide with 15 px margins, 2 to 4 visible (CSS sets the count per width). */
export const SLIDER_ITEM_WIDTH = 210;
export const SLIDER_ITEM_MARGIN = 15;

/** A horizontal scroll-snap list with prev/next buttons that move one item. */
export function CardSlider({ label, children }: { label: string; children: ReactNode[] }) {
  const listRef = useRef<HTMLUListElement>(null);
  const move = (direction: 1 | -1) => {
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
      <ul ref={listRef} className="card-slider__list">
        {children.map((child, index) => (
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

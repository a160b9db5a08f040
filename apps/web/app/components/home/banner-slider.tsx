import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { imageUrl } from '../../lib/image-url.ts';
import { ArrowLeftIcon, ArrowRightIcon } from '../icons.tsx';
import { ShopLink } from '../shop-link.tsx';

export interface BannerSlide {
  id: number;
  pic: string;
  link: string;
  title: string;
  subtitle: string;
}

const AUTOPLAY_MS = 5000;

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}

function SlideLink({ link, children }: { link: string; children: React.ReactNode }) {
  if (!link) return <>{children}</>;
  if (/^https?:\/\//i.test(link)) {
    return (
      <a className="banner-slider__link" href={link} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <ShopLink className="banner-slider__link" to={link}>
      {children}
    </ShopLink>
  );
}

/** Keeps the dots in step with swipes: the slide in view becomes the current one. */
function useSwipeTracking(trackRef: RefObject<HTMLDivElement | null>, setCurrent: (index: number) => void) {
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (track.clientWidth > 0) setCurrent(Math.round(track.scrollLeft / track.clientWidth));
      });
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      track.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [trackRef, setCurrent]);
}

/** While playing, moves to the next slide every AUTOPLAY_MS. */
function useAutoplay(trackRef: RefObject<HTMLDivElement | null>, playing: boolean, goTo: (index: number) => void) {
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => {
      const track = trackRef.current;
      // A hidden tab keeps its place; the next tick after it is shown again moves on.
      if (!track || document.visibilityState !== 'visible' || track.clientWidth === 0) return;
      goTo(Math.round(track.scrollLeft / track.clientWidth) + 1);
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [trackRef, playing, goTo]);
}

function Slide({
  slide,
  index,
  count,
  current,
}: {
  slide: BannerSlide;
  index: number;
  count: number;
  current: number;
}) {
  return (
    <div
      className="banner-slider__slide"
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} / ${count}${slide.title ? `：${slide.title}` : ''}`}
      inert={index !== current}
    >
      <SlideLink link={slide.link}>
        <img
          className="banner-slider__image"
          src={imageUrl(slide.pic)}
          alt={slide.title || '主打活動'}
          width={1600}
          height={640}
          // The first slide is the page's largest paint: fetch it first, never lazily.
          fetchPriority={index === 0 ? 'high' : 'low'}
          loading={index === 0 ? 'eager' : 'lazy'}
          decoding={index === 0 ? 'sync' : 'async'}
        />
        {slide.title || slide.subtitle ? (
          <span className="banner-slider__caption">
            {slide.title ? <span className="banner-slider__title">{slide.title}</span> : null}
            {slide.subtitle ? <span className="banner-slider__subtitle">{slide.subtitle}</span> : null}
          </span>
        ) : null}
      </SlideLink>
    </div>
  );
}

interface SliderControlsProps {
  slides: BannerSlide[];
  current: number;
  goTo: (index: number) => void;
  stopped: boolean;
  onStopToggle: () => void;
}

/** 上一張, a dot per slide, 暫停/繼續輪播 and 下一張. */
function SliderControls({ slides, current, goTo, stopped, onStopToggle }: SliderControlsProps) {
  return (
    <div className="banner-slider__controls">
      <button type="button" className="banner-slider__arrow" aria-label="上一張" onClick={() => goTo(current - 1)}>
        <ArrowLeftIcon size={20} />
      </button>
      <ol className="banner-slider__dots">
        {slides.map((slide, index) => (
          <li key={slide.id}>
            <button
              type="button"
              className="banner-slider__dot"
              aria-label={`第 ${index + 1} 張`}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => goTo(index)}
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="banner-slider__play"
        aria-label={stopped ? '繼續輪播' : '暫停輪播'}
        onClick={onStopToggle}
      >
        <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
      </button>
      <button type="button" className="banner-slider__arrow" aria-label="下一張" onClick={() => goTo(current + 1)}>
        <ArrowRightIcon size={20} />
      </button>
    </div>
  );
}

/**
 * spec §2 Home banner: one slide at a time, autoplay. Native scroll-snap does the sliding (swipe
 * works without script); a timer advances it, pausing on hover/focus and when motion is reduced.
 */
export function BannerSlider({ slides }: { slides: BannerSlide[] }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = slides.length;

  const goTo = useCallback(
    (index: number) => {
      const track = trackRef.current;
      if (!track || count === 0) return;
      const target = ((index % count) + count) % count;
      track.scrollTo({ left: target * track.clientWidth, behavior: reducedMotion ? 'auto' : 'smooth' });
      setCurrent(target);
    },
    [count, reducedMotion],
  );
  useSwipeTracking(trackRef, setCurrent);
  const playing = count > 1 && !hovered && !focused && !stopped && !reducedMotion;
  useAutoplay(trackRef, playing, goTo);

  if (count === 0) return null;
  return (
    <section
      className="banner-slider"
      aria-roledescription="carousel"
      aria-label="主打活動"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div ref={trackRef} className="banner-slider__track" aria-live={playing ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          <Slide key={slide.id} slide={slide} index={index} count={count} current={current} />
        ))}
      </div>
      {count > 1 ? (
        <SliderControls
          slides={slides}
          current={current}
          goTo={goTo}
          stopped={stopped}
          onStopToggle={() => setStopped((s) => !s)}
        />
      ) : null}
    </section>
  );
}

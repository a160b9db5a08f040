import { useEffect, useState } from 'react';

/**
 * What the page's scroll position says (the header's style, the 回到頁首 button), read again at most once
 * a frame while the shopper scrolls. `read` looks at `window`, so it runs only in the browser: the
 * server renders `initial`.
 */
export function useScrollReading<T>(read: () => T, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setValue(read());
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [read]);
  return value;
}

import { useCallback, useEffect, useState } from 'react';

/** Seconds left until an SMS code may be asked for again (the server's 60 s cooldown). */
export function useCountdown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [until, now]);
  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1000);
  }, []);
  return [Math.max(0, Math.ceil((until - now) / 1000)), start];
}

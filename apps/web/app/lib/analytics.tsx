import { useEffect } from 'react';
import { useLocation } from 'react-router';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** Only measurement ids that look like one reach the inline script (no script injection via settings). */
export function validTagId(value: string | null | undefined): string | null {
  const id = (value ?? '').trim();
  return /^(G|UA|AW|GT|DC)-[A-Z0-9-]{4,}$/i.test(id) ? id : null;
}

/** The gtag loader, rendered into <head> only when settings carry a tag (spec §2). */
export function AnalyticsScripts({ tagId }: { tagId: string }) {
  const init = `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${JSON.stringify(tagId)},{send_page_view:false});`;
  return (
    <>
      <script async src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagId)}`} />
      <script dangerouslySetInnerHTML={{ __html: init }} />
    </>
  );
}

/** Sends one page_view per client-side location (including the first), after the title is set. */
export function usePageViews(tagId: string | null) {
  const location = useLocation();
  useEffect(() => {
    if (!tagId || typeof window.gtag !== 'function') return;
    window.gtag('event', 'page_view', {
      page_location: window.location.href,
      page_path: location.pathname + location.search,
      page_title: document.title,
    });
  }, [tagId, location.pathname, location.search]);
}

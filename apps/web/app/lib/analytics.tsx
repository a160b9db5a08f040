import { useEffect } from 'react';
import { useLocation } from 'react-router';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** Only measurement ids that look like one reach the page (settings are admin-entered text). */
export function validTagId(value: string | null | undefined): string | null {
  const id = (value ?? '').trim();
  return /^(G|UA|AW|GT|DC)-[A-Z0-9-]{4,}$/i.test(id) ? id : null;
}

/** The gtag loader, rendered into <head> only when settings carry a tag (spec §2). */
export function AnalyticsScript({ tagId }: { tagId: string }) {
  return <script async src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagId)}`} />;
}

/**
 * spec §2: analytics page views, only when a tag is configured. Sets up the gtag queue (gtag.js
 * reads it once loaded), then sends one page_view per location, after the new title is in place.
 */
export function usePageViews(tagId: string | null) {
  const location = useLocation();
  useEffect(() => {
    if (!tagId) return;
    window.dataLayer = window.dataLayer ?? [];
    if (typeof window.gtag !== 'function') {
      window.gtag = function gtag() {
        // gtag.js expects the Arguments object itself in the queue.
        // eslint-disable-next-line prefer-rest-params
        window.dataLayer!.push(arguments);
      };
      window.gtag('js', new Date());
    }
    window.gtag('config', tagId, { send_page_view: false });
  }, [tagId]);
  useEffect(() => {
    if (!tagId || typeof window.gtag !== 'function') return;
    window.gtag('event', 'page_view', {
      page_location: window.location.href,
      page_path: location.pathname + location.search,
      page_title: document.title,
    });
  }, [tagId, location.pathname, location.search]);
}

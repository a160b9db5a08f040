// Analytics with consent (issue 43 item 5, docs/decisions/086): GA4 (gtag.js) and the Meta Pixel load
// only after the shopper pressed 「同意」; until then nothing third-party is fetched and events wait in
// memory (dropped on 「拒絕」). The standard e-commerce events in TWD go to both.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { CONSENT_CHANGED_EVENT, type Consent, readConsent } from './consent.ts';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    fbq?: ((...args: unknown[]) => void) & { queue?: unknown[]; loaded?: boolean; version?: string };
    _fbq?: unknown;
  }
}

const GA4_ID = /^G-[A-Z0-9]{4,12}$/i;
const PIXEL_ID = /^\d{5,20}$/;

export interface AnalyticsIds {
  ga4: string | null;
  metaPixel: string | null;
}

/** Only ids that look like one reach the page (settings are admin-entered text). */
export function analyticsIdsOf(settings: { ga4_measurement_id?: string; meta_pixel_id?: string } | null | undefined) {
  const ga4 = (settings?.ga4_measurement_id ?? '').trim();
  const pixel = (settings?.meta_pixel_id ?? '').trim();
  return { ga4: GA4_ID.test(ga4) ? ga4.toUpperCase() : null, metaPixel: PIXEL_ID.test(pixel) ? pixel : null };
}

/** The names the consent banner asks about. */
export function analyticsServices(ids: AnalyticsIds): string[] {
  return [...(ids.ga4 ? ['Google Analytics'] : []), ...(ids.metaPixel ? ['Meta Pixel'] : [])];
}

export interface AnalyticsItem {
  item_id?: string;
  item_name: string;
  item_variant?: string;
  price: number;
  quantity?: number;
}

export type ShopEvent =
  | 'page_view'
  | 'view_item_list'
  | 'view_item'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'begin_checkout'
  | 'add_payment_info'
  | 'purchase';

export interface ShopEventParams {
  items?: AnalyticsItem[];
  value?: number;
  transaction_id?: string;
  payment_type?: string;
  item_list_name?: string;
  page_location?: string;
  page_path?: string;
  page_title?: string;
}

/** The Pixel's standard events for GA4's (the list and a removal have none). */
const PIXEL_EVENTS: Partial<Record<ShopEvent, string>> = {
  page_view: 'PageView',
  view_item: 'ViewContent',
  add_to_cart: 'AddToCart',
  begin_checkout: 'InitiateCheckout',
  add_payment_info: 'AddPaymentInfo',
  purchase: 'Purchase',
};

type Pending = [ShopEvent, ShopEventParams, (() => void) | undefined];

const state: { ids: AnalyticsIds | null; consent: Consent | null; loaded: boolean; pending: Pending[] } = {
  ids: null,
  consent: null,
  loaded: false,
  pending: [],
};
const PENDING_MAX = 50;

function addScript(src: string) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

function loadGa4(id: string) {
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js expects the Arguments object itself in the queue.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id, { send_page_view: false });
  addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
}

/** Meta's base code, as a function: a queue until fbevents.js arrives and drains it. */
function loadPixel(id: string) {
  const fbq: NonNullable<Window['fbq']> = Object.assign(
    (...args: unknown[]) => {
      fbq.queue!.push(args);
    },
    { queue: [] as unknown[], loaded: true, version: '2.0' },
  );
  window.fbq = fbq;
  window._fbq = fbq;
  fbq('init', id);
  addScript('https://connect.facebook.net/en_US/fbevents.js');
}

function send(event: ShopEvent, params: ShopEventParams) {
  const withCurrency = event === 'page_view' ? params : { currency: 'TWD', ...params };
  if (state.ids?.ga4 && window.gtag) window.gtag('event', event, withCurrency);
  const pixelEvent = PIXEL_EVENTS[event];
  if (state.ids?.metaPixel && window.fbq && pixelEvent) {
    const custom = event === 'page_view' ? {} : pixelParams(params);
    // eventID lets Meta drop a purchase reported twice.
    window.fbq('track', pixelEvent, custom, params.transaction_id ? { eventID: params.transaction_id } : undefined);
  }
}

function pixelParams(p: ShopEventParams) {
  return {
    currency: 'TWD',
    ...(p.value !== undefined ? { value: p.value } : {}),
    content_type: 'product',
    contents: (p.items ?? []).map((i) => ({
      id: i.item_id ?? i.item_name,
      quantity: i.quantity ?? 1,
      item_price: i.price,
    })),
  };
}

/** A cart line (or anything shaped like one) as an analytics item. */
export function itemOf(line: {
  kind: string;
  itemId: number;
  name: string;
  specName?: string;
  salePrice: number;
  qty?: number;
}) {
  return {
    item_id: `${line.kind === 'package' ? 'k' : 'p'}${line.itemId}`,
    item_name: line.name,
    ...(line.specName ? { item_variant: line.specName } : {}),
    price: line.salePrice,
    quantity: line.qty ?? 1,
  };
}

/** What the lines are worth, for `value`. */
export function valueOf(items: readonly AnalyticsItem[]): number {
  return items.reduce((sum, i) => sum + i.price * (i.quantity ?? 1), 0);
}

/** Applies the ids and the shopper's choice: loads the tags on the first consent, drops waiting events on refusal. */
export function applyAnalytics(ids: AnalyticsIds, consent: Consent | null) {
  state.ids = ids;
  state.consent = consent;
  if (!ids.ga4 && !ids.metaPixel) {
    state.pending = [];
    return;
  }
  if (consent === 'denied') {
    state.pending = [];
    // Changed from 「Cookie 設定」 after agreeing: what is loaded stops sending.
    window.gtag?.('consent', 'update', { analytics_storage: 'denied', ad_storage: 'denied' });
    window.fbq?.('consent', 'revoke');
    return;
  }
  if (consent !== 'granted') return;
  if (!state.loaded) {
    state.loaded = true;
    if (ids.ga4) loadGa4(ids.ga4);
    if (ids.metaPixel) loadPixel(ids.metaPixel);
  } else {
    window.gtag?.('consent', 'update', { analytics_storage: 'granted', ad_storage: 'granted' });
    window.fbq?.('consent', 'grant');
  }
  const waiting = state.pending;
  state.pending = [];
  for (const [event, params, sent] of waiting) {
    send(event, params);
    sent?.();
  }
}

/**
 * Reports an event: now with consent, after it while the shopper has not chosen, never after 「拒絕」
 * or when the shop set no ids. `sent` runs once it went.
 */
export function track(event: ShopEvent, params: ShopEventParams = {}, sent?: () => void) {
  if (typeof window === 'undefined' || state.consent === 'denied') return;
  if (state.ids && !state.ids.ga4 && !state.ids.metaPixel) return;
  if (state.consent === 'granted' && state.loaded) {
    send(event, params);
    sent?.();
  } else if (state.pending.length < PENDING_MAX) state.pending.push([event, params, sent]);
}

const PURCHASES_KEY = 'shop_purchases_reported';
/** Orders whose purchase this page already reported or holds until the shopper chooses. */
const purchasesQueued = new Set<string>();

/** `purchase` once per order: a reload of the result page reports nothing (issue 43 item 5). */
export function trackPurchaseOnce(orderNumber: string, value: number, items: AnalyticsItem[]) {
  if (typeof window === 'undefined' || state.consent === 'denied') return;
  let reported: string[] = [];
  try {
    reported = JSON.parse(window.localStorage.getItem(PURCHASES_KEY) ?? '[]') as string[];
  } catch {
    reported = [];
  }
  if (!Array.isArray(reported) || reported.includes(orderNumber) || purchasesQueued.has(orderNumber)) return;
  purchasesQueued.add(orderNumber);
  track('purchase', { transaction_id: orderNumber, value, items }, () => {
    try {
      window.localStorage.setItem(PURCHASES_KEY, JSON.stringify([...reported, orderNumber].slice(-50)));
    } catch {
      // Storage blocked: a reload may report it again; GA4 and Meta drop a repeat by its transaction id.
    }
  });
}

/** The root's hook: applies the shop's ids and the shopper's choice, and sends one page view per location. */
export function useAnalytics(ids: AnalyticsIds) {
  const location = useLocation();
  const { ga4, metaPixel } = ids;
  useEffect(() => {
    const apply = () => applyAnalytics({ ga4, metaPixel }, readConsent());
    apply();
    window.addEventListener(CONSENT_CHANGED_EVENT, apply);
    return () => window.removeEventListener(CONSENT_CHANGED_EVENT, apply);
  }, [ga4, metaPixel]);
  useEffect(() => {
    if (!ga4 && !metaPixel) return;
    track('page_view', {
      page_location: window.location.href,
      page_path: location.pathname + location.search,
      page_title: document.title,
    });
  }, [ga4, metaPixel, location.pathname, location.search]);
}

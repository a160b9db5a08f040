// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AnalyticsModule from './analytics.tsx';
import { CONSENT_COOKIE, consentCookie, consentOf } from './consent.ts';

type Analytics = typeof AnalyticsModule;
const IDS = { ga4: 'G-TEST12345', metaPixel: '123456789012345' };

/** A fresh page: the module's state as a page load starts it. */
async function freshPage(): Promise<Analytics> {
  vi.resetModules();
  delete window.gtag;
  delete window.dataLayer;
  delete window.fbq;
  document.head.innerHTML = '';
  return import('./analytics.tsx');
}

const gtagEvents = (name: string) =>
  (window.dataLayer ?? []).filter((e) => (e as IArguments)[0] === 'event' && (e as IArguments)[1] === name);
const thirdPartyScripts = () => [...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.restoreAllMocks());

it.each([
  [
    { ga4_measurement_id: 'g-abc123xyz', meta_pixel_id: '1234567890' },
    { ga4: 'G-ABC123XYZ', metaPixel: '1234567890' },
  ],
  [
    { ga4_measurement_id: 'UA-12345-1', meta_pixel_id: '12ab' },
    { ga4: null, metaPixel: null },
  ],
  [
    { ga4_measurement_id: "G-1');alert(1);//", meta_pixel_id: '' },
    { ga4: null, metaPixel: null },
  ],
  [null, { ga4: null, metaPixel: null }],
])('ids of %j → %j', async (settings, expected) => {
  const { analyticsIdsOf } = await freshPage();
  expect(analyticsIdsOf(settings)).toEqual(expected);
});

it.each([
  ['a=1; shop_analytics_consent=granted', 'granted'],
  ['shop_analytics_consent=denied', 'denied'],
  ['shop_analytics_consent=maybe', null],
  ['', null],
])('consent in %s → %s', (header, expected) => {
  expect(consentOf(header)).toBe(expected);
});

it('keeps the choice 180 days in a first-party cookie', () => {
  expect(consentCookie('granted', true)).toBe(
    `${CONSENT_COOKIE}=granted; Max-Age=15552000; Path=/; SameSite=Lax; Secure`,
  );
});

describe('before and after the shopper chooses', () => {
  it('loads nothing before consent, then the tags and the waiting events in TWD', async () => {
    const a = await freshPage();
    a.applyAnalytics(IDS, null);
    a.track('view_item', { value: 500, items: [{ item_id: 'p1', item_name: '凍頂烏龍', price: 500 }] });
    expect(thirdPartyScripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
    expect(window.fbq).toBeUndefined();

    a.applyAnalytics(IDS, 'granted');
    expect(thirdPartyScripts()).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-TEST12345',
      'https://connect.facebook.net/en_US/fbevents.js',
    ]);
    expect((gtagEvents('view_item')[0] as IArguments)[2]).toMatchObject({ currency: 'TWD', value: 500 });
    expect(window.fbq!.queue).toContainEqual([
      'track',
      'ViewContent',
      expect.objectContaining({ currency: 'TWD', value: 500 }),
      undefined,
    ]);
  });

  it('drops the waiting events and loads nothing on 拒絕', async () => {
    const a = await freshPage();
    a.applyAnalytics(IDS, null);
    a.track('add_to_cart', { value: 500 });
    a.applyAnalytics(IDS, 'denied');
    a.track('begin_checkout', { value: 500 });
    expect(thirdPartyScripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
  });

  it('loads only what the shop configured', async () => {
    const a = await freshPage();
    a.applyAnalytics({ ga4: null, metaPixel: '123456789012345' }, 'granted');
    expect(thirdPartyScripts()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
    expect(window.gtag).toBeUndefined();
  });
});

describe('purchase', () => {
  it('is reported once per order, also when the result page is loaded again', async () => {
    let a = await freshPage();
    a.applyAnalytics(IDS, 'granted');
    a.trackPurchaseOnce('A0000000001', 1100, [{ item_name: '凍頂烏龍', price: 500, quantity: 2 }]);
    a.trackPurchaseOnce('A0000000001', 1100, []);
    expect(gtagEvents('purchase')).toHaveLength(1);
    expect((gtagEvents('purchase')[0] as IArguments)[2]).toMatchObject({
      transaction_id: 'A0000000001',
      value: 1100,
      currency: 'TWD',
    });

    a = await freshPage(); // the reload
    a.applyAnalytics(IDS, 'granted');
    a.trackPurchaseOnce('A0000000001', 1100, []);
    expect(gtagEvents('purchase')).toHaveLength(0);
    a.trackPurchaseOnce('A0000000002', 300, []);
    expect(gtagEvents('purchase')).toHaveLength(1);
  });

  it('is not counted as reported while it waits for a choice that never came', async () => {
    let a = await freshPage();
    a.applyAnalytics(IDS, null);
    a.trackPurchaseOnce('A0000000003', 800, []);
    a = await freshPage();
    a.applyAnalytics(IDS, 'granted');
    a.trackPurchaseOnce('A0000000003', 800, []);
    expect(gtagEvents('purchase')).toHaveLength(1);
  });
});

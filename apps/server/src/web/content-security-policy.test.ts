import { describe, expect, it } from 'vitest';
import { createNonce, pageCspDirectives, pagePolicyFor, serializeCsp } from './content-security-policy.ts';

const base = {
  nonce: 'bm9uY2Vub25jZW5vbmNlMQ==',
  analytics: { ga4: false, metaPixel: false },
  upgradeInsecureRequests: false,
};

describe('the page policy', () => {
  it("lets a page opened by another of the shop's names post the payment form to the public origin", () => {
    // Issue 20 item 12: on 127.0.0.1 with PUBLIC_URL on localhost, 'self' is not the simulator's origin.
    const csp = pageCspDirectives({ ...base, publicUrl: 'http://localhost:3000' });
    expect(csp['form-action']).toEqual(["'self'", 'http://localhost:3000']);
  });

  it("names ECPay's payment page besides the shop", () => {
    const csp = pageCspDirectives({
      ...base,
      publicUrl: 'https://shop.example.tw',
      paymentFormUrl: 'https://payment.ecpay.com.tw/Cashier/AioCheckOut/V5',
    });
    expect(csp['form-action']).toEqual(["'self'", 'https://shop.example.tw', 'https://payment.ecpay.com.tw']);
  });

  it("names ECPay's store map too, and the simulator's (the shop itself) only once", () => {
    const csp = pageCspDirectives({
      ...base,
      publicUrl: 'https://shop.example.tw',
      paymentFormUrl: 'https://payment.ecpay.com.tw/Cashier/AioCheckOut/V5',
      storeMapUrl: 'https://logistics.ecpay.com.tw/Express/map',
    });
    expect(csp['form-action']).toEqual([
      "'self'",
      'https://shop.example.tw',
      'https://payment.ecpay.com.tw',
      'https://logistics.ecpay.com.tw',
    ]);
    const simulated = pageCspDirectives({
      ...base,
      publicUrl: 'https://shop.example.tw',
      storeMapUrl: 'https://shop.example.tw/logistics-simulator/map',
    });
    expect(simulated['form-action']).toEqual(["'self'", 'https://shop.example.tw']);
  });
});

describe('images on a file server (issue 23 item 3)', () => {
  it('lets pages load pictures from FILE_SERVER_URL, and from nowhere else', () => {
    const csp = pageCspDirectives({
      ...base,
      publicUrl: 'https://shop.example.tw',
      fileServerUrl: 'https://cdn.example.tw/',
    });
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://shop.example.tw', 'https://cdn.example.tw']);
    expect(csp['form-action']).not.toContain('https://cdn.example.tw');
    const own = pageCspDirectives({ ...base, publicUrl: 'https://shop.example.tw', fileServerUrl: null });
    expect(own['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://shop.example.tw']);
  });
});

describe('pagePolicyFor', () => {
  it('gives, for any nonce, the policy made with that nonce (script-src and style-src both carry it)', () => {
    const { nonce: _, ...options } = {
      ...base,
      publicUrl: 'https://shop.example.tw',
      analytics: { ga4: true, metaPixel: false },
    };
    const policy = pagePolicyFor(options);
    for (const nonce of [createNonce(), createNonce()]) {
      expect(policy(nonce)).toBe(serializeCsp(pageCspDirectives({ ...options, nonce })));
      expect(policy(nonce).split(`'nonce-${nonce}'`)).toHaveLength(3);
    }
  });
});

describe('createNonce', () => {
  it('gives 128 random bits per page, never the same twice, across refills of its pool', () => {
    const nonces = Array.from({ length: 1000 }, () => createNonce());
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  // Issue 43 item 5: a third-party origin is in the policy only when the owner configured its id.
  it.each([
    { ga4: false, metaPixel: false, google: false, meta: false },
    { ga4: true, metaPixel: false, google: true, meta: false },
    { ga4: false, metaPixel: true, google: false, meta: true },
    { ga4: true, metaPixel: true, google: true, meta: true },
  ])('allows GA4 $ga4 and Meta Pixel $metaPixel origins only as configured', ({ ga4, metaPixel, google, meta }) => {
    const csp = pageCspDirectives({ ...base, publicUrl: 'https://shop.example.tw', analytics: { ga4, metaPixel } });
    expect(csp['script-src']!.includes('https://www.googletagmanager.com')).toBe(google);
    expect(csp['connect-src']!.includes('https://*.google-analytics.com')).toBe(google);
    expect(csp['connect-src']!.includes('https://*.analytics.google.com')).toBe(google);
    expect(csp['script-src']!.includes('https://connect.facebook.net')).toBe(meta);
    expect(csp['connect-src']!.includes('https://www.facebook.com')).toBe(meta);
    expect(csp['img-src']!.includes('https://www.facebook.com')).toBe(meta);
  });
});

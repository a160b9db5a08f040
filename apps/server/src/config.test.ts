// Settings read outside the production rules (those: config.production.test.ts), and whose word the
// server takes for a client's address (issue 22).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { ORDER_LOOKUP_RATE_LIMIT } from './modules/orders/routes.ts';
import { guestAuthorization } from './plugins/access.ts';

// Long and of many characters, so the production rule on JWT_SECRET (config.production.test.ts) takes it.
const SECRET = 'a-production-secret-of-more-than-32-characters';

describe('ECPay e-invoice settings', () => {
  it("defaults to the simulator with ECPay's public staging e-invoice merchant", () => {
    expect(loadConfig({})).toMatchObject({
      ECPAY_INVOICE_MODE: 'simulator',
      ECPAY_INVOICE_MERCHANT_ID: '2000132',
      ECPAY_INVOICE_HASH_KEY: 'ejCk326UnaZWKisg',
      ECPAY_INVOICE_HASH_IV: 'q9jcZX8Ib9LM8wYk',
    });
  });

  it.each([
    ['a mode it does not know', { ECPAY_INVOICE_MODE: 'sandbox' }],
    ['a HashKey that is not 16 characters', { ECPAY_INVOICE_HASH_KEY: 'short' }],
    ['a MerchantID that is not digits', { ECPAY_INVOICE_MERCHANT_ID: 'shop' }],
    ['an API URL that is no URL', { ECPAY_INVOICE_API_URL: 'einvoice' }],
  ])('refuses %s, naming the setting', (_what, env) => {
    expect(() => loadConfig(env)).toThrow(/ECPAY_INVOICE_/);
  });
});

describe('ECPay logistics', () => {
  it("defaults to the simulator, C2C, and ECPay's public staging merchant of the CVS type", () => {
    const config = loadConfig({});
    expect(config.ECPAY_LOGISTICS_MODE).toBe('simulator');
    expect(config.ECPAY_LOGISTICS_CVS_TYPE).toBe('C2C');
    expect(config.ecpayLogistics).toEqual({
      merchantId: '2000933',
      hashKey: 'XBERn1YOvpM9nfZc',
      hashIv: 'h1ONHk4P4yqbl5LK',
    });
    expect(loadConfig({ ECPAY_LOGISTICS_CVS_TYPE: 'B2C' }).ecpayLogistics.merchantId).toBe('2000132');
  });

  it('refuses an unknown mode or CVS type, and a production mode without https', () => {
    expect(() => loadConfig({ ECPAY_LOGISTICS_MODE: 'live' })).toThrow(/ECPAY_LOGISTICS_MODE/);
    expect(() => loadConfig({ ECPAY_LOGISTICS_CVS_TYPE: 'C2B' })).toThrow(/ECPAY_LOGISTICS_CVS_TYPE/);
    const own = { ECPAY_LOGISTICS_MERCHANT_ID: '3383325', ECPAY_LOGISTICS_HASH_KEY: 'k', ECPAY_LOGISTICS_HASH_IV: 'v' };
    expect(() => loadConfig({ ECPAY_LOGISTICS_MODE: 'production', ...own })).toThrow(/PUBLIC_URL/);
  });

  // A production start without the shop's own sender: config.production.test.ts.
  it('takes the sender of the shipments', () => {
    expect(loadConfig({}).ECPAY_LOGISTICS_SENDER_NAME).toBe('好物商行');
    expect(() => loadConfig({ ECPAY_LOGISTICS_SENDER_NAME: '好' })).toThrow(/ECPAY_LOGISTICS_SENDER_NAME/);
    expect(() => loadConfig({ ECPAY_LOGISTICS_SENDER_PHONE: '0212345678' })).toThrow(/ECPAY_LOGISTICS_SENDER_PHONE/);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    ['', false],
    ['1', 1],
    ['127.0.0.1', ['127.0.0.1']],
    ['127.0.0.1, 10.0.0.0/8,loopback', ['127.0.0.1', '10.0.0.0/8', 'loopback']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('reads %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', '*', 'example.com', '10.0.0.0/33', '300.1.1.1'])('refuses %j', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

// The attack run: in production every X-Forwarded-For was believed, so a new fake address per
// request walked past every per-address limit (40 of 40 phone look-ups over a limit of 30).
describe('the client address in production', () => {
  const lookups = async (t: TestApp, forwardedFor: (i: number) => string) => {
    const statuses: number[] = [];
    for (let i = 0; i <= ORDER_LOOKUP_RATE_LIMIT.max; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/guest/orders-by-members-cellphone/0912345678',
        headers: {
          authorization: guestAuthorization(t.config.GUEST_BASIC_USER, t.config.GUEST_BASIC_PASSWORD),
          'x-forwarded-for': forwardedFor(i),
        },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  };

  let direct: TestApp;
  let behindProxy: TestApp;
  // No shedding: these count the look-up limit's 429s, and on a busy CI machine production's
  // event-loop limit answered some of the 60 look-ups 503 instead (the limit has tests of its own).
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: SECRET,
    ALLOW_TEST_PROVIDERS: 'true',
    SHED_EVENT_LOOP_DELAY_MS: '0',
    SHED_IN_FLIGHT: '0',
  };
  beforeAll(async () => {
    direct = await createTestApp({ env: production });
    behindProxy = await createTestApp({ env: { ...production, TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await direct?.close();
    await behindProxy?.close();
  });

  it('ignores X-Forwarded-For from a sender that is not a configured proxy', async () => {
    const statuses = await lookups(direct, (i) => `203.0.113.${i}`);
    expect(statuses.at(-1)).toBe(429);
  });

  it('takes the address a configured proxy forwards', async () => {
    // Every look-up comes through the proxy at 127.0.0.1 for a different shopper: none is limited.
    const statuses = await lookups(behindProxy, (i) => `203.0.113.${i}`);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    // And one shopper behind it is still limited as one.
    const same = await lookups(behindProxy, () => '198.51.100.7');
    expect(same.at(-1)).toBe(429);
  });
});

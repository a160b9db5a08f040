// What a production start refuses, and whose word the server takes for a client's address (issue 22).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { ORDER_LOOKUP_RATE_LIMIT } from './modules/orders/routes.ts';
import { guestAuthorization } from './plugins/access.ts';

const SECRET = 'a-production-secret-of-more-than-32-characters';
const OWN_MERCHANT = {
  ECPAY_MODE: 'production',
  ECPAY_MERCHANT_ID: '3383324',
  ECPAY_HASH_KEY: 'shop-own-hash-key',
  ECPAY_HASH_IV: 'shop-own-hash-iv',
  ECPAY_CREDIT_CHECK_CODE: '52482109',
  PUBLIC_URL: 'https://shop.example.com.tw',
  LINEPAY_MODE: 'off',
  ECPAY_LOGISTICS_MODE: 'production',
  ECPAY_LOGISTICS_MERCHANT_ID: '3383325',
  ECPAY_LOGISTICS_HASH_KEY: 'shop-own-logistics-key',
  ECPAY_LOGISTICS_HASH_IV: 'shop-own-logistics-iv',
  ECPAY_LOGISTICS_SENDER_NAME: '好茶商行',
  ECPAY_LOGISTICS_SENDER_PHONE: '0922333444',
  ECPAY_LOGISTICS_SENDER_ZIP: '106',
  ECPAY_LOGISTICS_SENDER_ADDRESS: '台北市大安區復興南路一段1號',
  ECPAY_INVOICE_MODE: 'off',
};
const OWN_INVOICE_MERCHANT = {
  ECPAY_INVOICE_MODE: 'production',
  ECPAY_INVOICE_MERCHANT_ID: '3383324',
  ECPAY_INVOICE_HASH_KEY: 'shopOwnInvoiceKe',
  ECPAY_INVOICE_HASH_IV: 'shopOwnInvoiceIv',
};
const REAL_SMS = {
  SMS_PROVIDER: 'mitake',
  SMS_MITAKE_USERNAME: 'shop',
  SMS_MITAKE_PASSWORD: 'secret',
  SMTP_URL: 'smtp://shop:secret@smtp.example.tw:587',
};

describe('a production start', () => {
  it.each([
    ['the payment simulator (the default)', {}],
    ["ECPay's test system", { ...OWN_MERCHANT, ECPAY_MODE: 'stage' }],
    ["ECPay's public test merchant", { ...OWN_MERCHANT, ECPAY_MERCHANT_ID: '3002607' }],
    ["ECPay's public test key", { ...OWN_MERCHANT, ECPAY_HASH_KEY: 'pwFHCqoQZGmho4w6' }],
    ['SMS codes written to a log', { ...OWN_MERCHANT, SMS_PROVIDER: 'dev' }],
    ['emails written to files (no SMTP_URL)', { ...OWN_MERCHANT, SMTP_URL: undefined }],
    ['ECPay without its CreditCheckCode', { ...OWN_MERCHANT, ECPAY_CREDIT_CHECK_CODE: undefined }],
    ['the LINE Pay simulator', { ...OWN_MERCHANT, LINEPAY_MODE: 'simulator' }],
    [
      "LINE Pay's sandbox",
      { ...OWN_MERCHANT, LINEPAY_MODE: 'sandbox', LINEPAY_CHANNEL_ID: '1', LINEPAY_CHANNEL_SECRET: 's' },
    ],
    ['LINE Pay without its channel', { ...OWN_MERCHANT, LINEPAY_MODE: 'production' }],
    ['the store-map simulator', { ...OWN_MERCHANT, ECPAY_LOGISTICS_MODE: 'simulator' }],
    ["ECPay's logistics test system", { ...OWN_MERCHANT, ECPAY_LOGISTICS_MODE: 'stage' }],
    ["ECPay's public C2C logistics merchant", { ...OWN_MERCHANT, ECPAY_LOGISTICS_MERCHANT_ID: '2000933' }],
    ["ECPay's public B2C logistics key", { ...OWN_MERCHANT, ECPAY_LOGISTICS_HASH_KEY: '5294y06JbISpM5x9' }],
    [
      "ECPay's logistics merchant left to its default",
      {
        ...OWN_MERCHANT,
        ECPAY_LOGISTICS_MERCHANT_ID: undefined,
        ECPAY_LOGISTICS_HASH_KEY: undefined,
        ECPAY_LOGISTICS_HASH_IV: undefined,
      },
    ],
    ['the e-invoice simulator', { ...OWN_MERCHANT, ECPAY_INVOICE_MODE: 'simulator' }],
    ["ECPay's e-invoice test system", { ...OWN_MERCHANT, ...OWN_INVOICE_MERCHANT, ECPAY_INVOICE_MODE: 'stage' }],
    [
      "ECPay's public staging e-invoice merchant",
      { ...OWN_MERCHANT, ECPAY_INVOICE_MODE: 'production' }, // the defaults: 2000132 and its key and IV
    ],
    [
      "ECPay's public staging e-invoice key",
      { ...OWN_MERCHANT, ...OWN_INVOICE_MERCHANT, ECPAY_INVOICE_HASH_KEY: 'ejCk326UnaZWKisg' },
    ],
  ])('refuses %s', (_what, env) => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...REAL_SMS, ...env })).toThrow(/設定錯誤/);
  });

  it('starts with the shop’s own merchant and a real SMS gateway', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...REAL_SMS, ...OWN_MERCHANT });
    expect(config.ECPAY_MODE).toBe('production');
    expect(config.ECPAY_LOGISTICS_MODE).toBe('production');
    expect(config.ecpayLogistics).toEqual({
      merchantId: '3383325',
      hashKey: 'shop-own-logistics-key',
      hashIv: 'shop-own-logistics-iv',
    });
  });

  it('takes LINE Pay with the channel’s own id and secret', () => {
    const env = { LINEPAY_MODE: 'production', LINEPAY_CHANNEL_ID: '1656000000', LINEPAY_CHANNEL_SECRET: 'own-secret' };
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...REAL_SMS, ...OWN_MERCHANT, ...env });
    expect(config.LINEPAY_MODE).toBe('production');
  });

  it('issues e-invoices with the shop’s own e-invoice merchant', () => {
    const env = { ...OWN_MERCHANT, ...OWN_INVOICE_MERCHANT };
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...REAL_SMS, ...env });
    expect(config.ECPAY_INVOICE_MODE).toBe('production');
  });

  it('lets a copy that takes no real orders (a benchmark) run the test providers when it says so', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ALLOW_TEST_PROVIDERS: 'true' });
    expect(config.ECPAY_MODE).toBe('simulator');
    expect(config.ECPAY_INVOICE_MODE).toBe('simulator');
  });
});

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

  it("takes the sender of the shipments, and a production start needs the shop's own", () => {
    expect(loadConfig({}).ECPAY_LOGISTICS_SENDER_NAME).toBe('好物商行');
    expect(() => loadConfig({ ECPAY_LOGISTICS_SENDER_NAME: '好' })).toThrow(/ECPAY_LOGISTICS_SENDER_NAME/);
    expect(() => loadConfig({ ECPAY_LOGISTICS_SENDER_PHONE: '0212345678' })).toThrow(/ECPAY_LOGISTICS_SENDER_PHONE/);
    const { ECPAY_LOGISTICS_SENDER_ZIP: _zip, ...withoutZip } = OWN_MERCHANT;
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...REAL_SMS, ...withoutZip })).toThrow(
      /ECPAY_LOGISTICS_SENDER_ZIP/,
    );
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
  const production = { NODE_ENV: 'production', JWT_SECRET: SECRET, ALLOW_TEST_PROVIDERS: 'true' };
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

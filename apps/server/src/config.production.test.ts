// What a production start refuses (issues 22 and 37, docs/decisions/074): for every provider
// setting, a production configuration that is otherwise a real shop's, with that one setting made a
// simulator, a test system, a public or default key, a stand-in host, or left out, stops with a line
// naming the setting. ALLOW_TEST_PROVIDERS=true is the one way out, for a copy that takes no real orders.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** `openssl rand -hex 32`, drawn once. */
const SECRET = '4e5522497f231707395a88378eab9aee1faa79144bf70e07d651290368436607';

/** A real shop: every provider on for real, with its own merchants, keys and sender. */
const REAL_SHOP: Record<string, string> = {
  NODE_ENV: 'production',
  JWT_SECRET: SECRET,
  PUBLIC_URL: 'https://shop.example.com.tw',
  ECPAY_MODE: 'production',
  ECPAY_MERCHANT_ID: '3383324',
  ECPAY_HASH_KEY: 'shopOwnHashKey01',
  ECPAY_HASH_IV: 'shopOwnHashIv001',
  ECPAY_CREDIT_CHECK_CODE: '52482109',
  LINEPAY_MODE: 'production',
  LINEPAY_CHANNEL_ID: '1656000000',
  LINEPAY_CHANNEL_SECRET: 'the-channel-own-secret',
  BANKCARD_MODE: 'off',
  ECPAY_LOGISTICS_MODE: 'production',
  ECPAY_LOGISTICS_MERCHANT_ID: '3383325',
  ECPAY_LOGISTICS_HASH_KEY: 'shop-own-logistics-key',
  ECPAY_LOGISTICS_HASH_IV: 'shop-own-logistics-iv',
  ECPAY_LOGISTICS_SENDER_NAME: '好茶商行',
  ECPAY_LOGISTICS_SENDER_PHONE: '0922333444',
  ECPAY_LOGISTICS_SENDER_ZIP: '106',
  ECPAY_LOGISTICS_SENDER_ADDRESS: '台北市大安區復興南路一段1號',
  ECPAY_INVOICE_MODE: 'production',
  ECPAY_INVOICE_MERCHANT_ID: '3383324',
  ECPAY_INVOICE_HASH_KEY: 'shopOwnInvoiceKe',
  ECPAY_INVOICE_HASH_IV: 'shopOwnInvoiceIv',
  SMS_PROVIDER: 'mitake',
  SMS_MITAKE_USERNAME: 'shop',
  SMS_MITAKE_PASSWORD: 'mitake-password',
  SMTP_URL: 'smtp://shop:secret@smtp.example.tw:587',
  MAIL_FROM: '好茶商行 <service@shop.example.com.tw>',
};

/** The real shop with some settings changed; undefined leaves a setting out altogether. */
function realShopWith(change: Record<string, string | undefined>): Record<string, string> {
  const env = { ...REAL_SHOP, ...change };
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as Record<string, string>;
}

/** The start-up error has a line `  SETTING: what is wrong` per problem. */
const naming = (setting: string) => new RegExp(`^ {2}${setting}: `, 'm');

const left = undefined;
// The bank acquirer has no real mode yet (decision 060): its keys are only used beside the simulator.
/** LINE Login and the official account on for real (issue 41), with the channels' own credentials. */
const LINE_OWN = {
  LINE_LOGIN_MODE: 'production',
  LINE_LOGIN_CHANNEL_ID: '2006000000',
  LINE_LOGIN_CHANNEL_SECRET: 'the-login-channel-own-secret',
  LINE_MESSAGING_MODE: 'production',
  LINE_MESSAGING_CHANNEL_SECRET: 'the-messaging-channel-own-secret',
  LINE_MESSAGING_ACCESS_TOKEN: 'the-messaging-channel-own-token',
};
const BANKCARD_OWN = { BANKCARD_MERCHANT_ID: 'SHOP0001', BANKCARD_HASH_KEY: 'the-shop-own-acquirer-key' };

describe('a production start refuses, naming the setting,', () => {
  it.each<[setting: string, what: string, change: Record<string, string | undefined>]>([
    ['JWT_SECRET', 'left out (the development default)', { JWT_SECRET: left }],
    ['JWT_SECRET', 'the development default', { JWT_SECRET: 'development-only-secret-change-me-please-0123456789' }],
    ['JWT_SECRET', '36 × a (the attack run)', { JWT_SECRET: 'a'.repeat(36) }],
    ['JWT_SECRET', 'shorter than 32', { JWT_SECRET: SECRET.slice(0, 31) }],
    ['JWT_SECRET', 'a repeated piece', { JWT_SECRET: 'abc'.repeat(12) }],
    ['JWT_SECRET', 'a repeated word', { JWT_SECRET: 'password'.repeat(4) }],
    ['JWT_SECRET', 'a hex counter', { JWT_SECRET: '0123456789abcdef'.repeat(2) }],
    ['JWT_SECRET', 'a decimal counter', { JWT_SECRET: '0001020304050607080910111213141516' }],
    ['JWT_SECRET', 'few different characters', { JWT_SECRET: 'abbaabababbbaabaabbbababaabbbaabab' }],

    ['ECPAY_MODE', 'the payment simulator', { ECPAY_MODE: 'simulator' }],
    ['ECPAY_MODE', "ECPay's test system", { ECPAY_MODE: 'stage' }],
    ['ECPAY_MODE', 'left out (the simulator)', { ECPAY_MODE: left }],
    ['ECPAY_MERCHANT_ID', "ECPay's public test merchant", { ECPAY_MERCHANT_ID: '3002607' }],
    ['ECPAY_MERCHANT_ID', "ECPay's older public test merchant", { ECPAY_MERCHANT_ID: '2000132' }],
    ['ECPAY_MERCHANT_ID', 'left out (the public test merchant)', { ECPAY_MERCHANT_ID: left }],
    ['ECPAY_HASH_KEY', "ECPay's public test key", { ECPAY_HASH_KEY: 'pwFHCqoQZGmho4w6' }],
    ['ECPAY_HASH_KEY', 'left out', { ECPAY_HASH_KEY: left }],
    ['ECPAY_HASH_IV', "ECPay's public test IV", { ECPAY_HASH_IV: 'EkRm7iFT261dpevs' }],
    ['ECPAY_HASH_IV', 'left out', { ECPAY_HASH_IV: left }],
    ['ECPAY_CREDIT_CHECK_CODE', 'left out (card refunds need it)', { ECPAY_CREDIT_CHECK_CODE: left }],
    ['ECPAY_CREDIT_CHECK_CODE', "the simulator's", { ECPAY_CREDIT_CHECK_CODE: '10000000' }],
    ['ECPAY_PAYMENT_API_URL', "ECPay's test host", { ECPAY_PAYMENT_API_URL: 'https://payment-stage.ecpay.com.tw' }],
    ['ECPAY_PAYMENT_API_URL', 'a stand-in server', { ECPAY_PAYMENT_API_URL: 'http://127.0.0.1:9000' }],
    ['PUBLIC_URL', 'left out (callbacks would go to localhost)', { PUBLIC_URL: left }],
    ['PUBLIC_URL', 'plain http', { PUBLIC_URL: 'http://shop.example.com.tw' }],

    ['LINEPAY_MODE', 'the LINE Pay simulator', { LINEPAY_MODE: 'simulator' }],
    ['LINEPAY_MODE', "LINE Pay's sandbox", { LINEPAY_MODE: 'sandbox' }],
    ['LINEPAY_MODE', 'left out (the simulator)', { LINEPAY_MODE: left }],
    ['LINEPAY_CHANNEL_ID', 'left out', { LINEPAY_CHANNEL_ID: left }],
    ['LINEPAY_CHANNEL_ID', "the simulator's", { LINEPAY_CHANNEL_ID: '1000000000' }],
    ['LINEPAY_CHANNEL_SECRET', 'left out', { LINEPAY_CHANNEL_SECRET: left }],
    ['LINEPAY_CHANNEL_SECRET', "the simulator's", { LINEPAY_CHANNEL_SECRET: 'linepay-simulator-channel-secret' }],
    ['LINEPAY_API_URL', "LINE Pay's sandbox host", { LINEPAY_API_URL: 'https://sandbox-api-pay.line.me' }],

    ['BANKCARD_MODE', 'the acquirer simulator, even with own keys', { BANKCARD_MODE: 'simulator', ...BANKCARD_OWN }],
    [
      'BANKCARD_MERCHANT_ID',
      "the simulator's merchant (SIMBANK0001)",
      { BANKCARD_MODE: 'simulator', ...BANKCARD_OWN, BANKCARD_MERCHANT_ID: left },
    ],
    [
      'BANKCARD_HASH_KEY',
      "the simulator's public key (signs a forged result)",
      { BANKCARD_MODE: 'simulator', ...BANKCARD_OWN, BANKCARD_HASH_KEY: 'bankcard-simulator-hash-key' },
    ],
    ['BANKCARD_HASH_KEY', 'the simulator left to its defaults', { BANKCARD_MODE: 'simulator' }],
    ['BANKCARD_API_URL', 'a stand-in acquirer', { BANKCARD_API_URL: 'http://127.0.0.1:9001' }],

    ['ECPAY_LOGISTICS_MODE', 'the store-map simulator', { ECPAY_LOGISTICS_MODE: 'simulator' }],
    ['ECPAY_LOGISTICS_MODE', "ECPay's logistics test system", { ECPAY_LOGISTICS_MODE: 'stage' }],
    ['ECPAY_LOGISTICS_MODE', 'left out (the simulator)', { ECPAY_LOGISTICS_MODE: left }],
    ['ECPAY_LOGISTICS_MERCHANT_ID', 'the public C2C merchant', { ECPAY_LOGISTICS_MERCHANT_ID: '2000933' }],
    ['ECPAY_LOGISTICS_MERCHANT_ID', 'the public B2C merchant', { ECPAY_LOGISTICS_MERCHANT_ID: '2000132' }],
    ['ECPAY_LOGISTICS_MERCHANT_ID', 'left out', { ECPAY_LOGISTICS_MERCHANT_ID: left }],
    ['ECPAY_LOGISTICS_HASH_KEY', 'the public C2C key', { ECPAY_LOGISTICS_HASH_KEY: 'XBERn1YOvpM9nfZc' }],
    ['ECPAY_LOGISTICS_HASH_KEY', 'the public B2C key', { ECPAY_LOGISTICS_HASH_KEY: '5294y06JbISpM5x9' }],
    ['ECPAY_LOGISTICS_HASH_KEY', 'left out', { ECPAY_LOGISTICS_HASH_KEY: left }],
    ['ECPAY_LOGISTICS_HASH_IV', 'the public C2C IV', { ECPAY_LOGISTICS_HASH_IV: 'h1ONHk4P4yqbl5LK' }],
    ['ECPAY_LOGISTICS_HASH_IV', 'left out', { ECPAY_LOGISTICS_HASH_IV: left }],
    [
      'ECPAY_LOGISTICS_API_URL',
      "ECPay's logistics test host",
      { ECPAY_LOGISTICS_API_URL: 'https://logistics-stage.ecpay.com.tw' },
    ],
    ['ECPAY_LOGISTICS_SENDER_NAME', 'left out (the demo sender)', { ECPAY_LOGISTICS_SENDER_NAME: left }],
    ['ECPAY_LOGISTICS_SENDER_PHONE', 'left out (a made-up number)', { ECPAY_LOGISTICS_SENDER_PHONE: left }],
    ['ECPAY_LOGISTICS_SENDER_ZIP', 'left out', { ECPAY_LOGISTICS_SENDER_ZIP: left }],
    ['ECPAY_LOGISTICS_SENDER_ADDRESS', 'left out', { ECPAY_LOGISTICS_SENDER_ADDRESS: left }],

    ['ECPAY_INVOICE_MODE', 'the e-invoice simulator', { ECPAY_INVOICE_MODE: 'simulator' }],
    ['ECPAY_INVOICE_MODE', "ECPay's e-invoice test system", { ECPAY_INVOICE_MODE: 'stage' }],
    ['ECPAY_INVOICE_MODE', 'left out (the simulator)', { ECPAY_INVOICE_MODE: left }],
    ['ECPAY_INVOICE_MERCHANT_ID', 'the public staging merchant', { ECPAY_INVOICE_MERCHANT_ID: '2000132' }],
    ['ECPAY_INVOICE_MERCHANT_ID', 'left out', { ECPAY_INVOICE_MERCHANT_ID: left }],
    ['ECPAY_INVOICE_HASH_KEY', 'the public staging key', { ECPAY_INVOICE_HASH_KEY: 'ejCk326UnaZWKisg' }],
    ['ECPAY_INVOICE_HASH_KEY', 'left out', { ECPAY_INVOICE_HASH_KEY: left }],
    ['ECPAY_INVOICE_HASH_IV', 'the public staging IV', { ECPAY_INVOICE_HASH_IV: 'q9jcZX8Ib9LM8wYk' }],
    ['ECPAY_INVOICE_HASH_IV', 'left out', { ECPAY_INVOICE_HASH_IV: left }],
    [
      'ECPAY_INVOICE_API_URL',
      "ECPay's e-invoice test host",
      { ECPAY_INVOICE_API_URL: 'https://einvoice-stage.ecpay.com.tw' },
    ],

    ['LINE_LOGIN_MODE', 'the LINE Login simulator', { ...LINE_OWN, LINE_LOGIN_MODE: 'simulator' }],
    ['LINE_LOGIN_CHANNEL_ID', 'left out', { ...LINE_OWN, LINE_LOGIN_CHANNEL_ID: left }],
    ['LINE_LOGIN_CHANNEL_SECRET', 'left out', { ...LINE_OWN, LINE_LOGIN_CHANNEL_SECRET: left }],
    [
      'LINE_LOGIN_CHANNEL_SECRET',
      "the simulator's",
      { ...LINE_OWN, LINE_LOGIN_CHANNEL_SECRET: 'line-login-simulator-channel-secret' },
    ],
    ['LINE_LOGIN_AUTH_URL', 'a stand-in server', { ...LINE_OWN, LINE_LOGIN_AUTH_URL: 'http://127.0.0.1:9002' }],
    ['LINE_LOGIN_API_URL', 'a stand-in server', { ...LINE_OWN, LINE_LOGIN_API_URL: 'http://127.0.0.1:9002' }],
    ['LINE_MESSAGING_MODE', 'the push log simulator', { ...LINE_OWN, LINE_MESSAGING_MODE: 'simulator' }],
    ['LINE_MESSAGING_CHANNEL_SECRET', 'left out', { ...LINE_OWN, LINE_MESSAGING_CHANNEL_SECRET: left }],
    ['LINE_MESSAGING_ACCESS_TOKEN', 'left out', { ...LINE_OWN, LINE_MESSAGING_ACCESS_TOKEN: left }],
    ['LINE_MESSAGING_API_URL', 'a stand-in server', { ...LINE_OWN, LINE_MESSAGING_API_URL: 'http://127.0.0.1:9003' }],

    ['SMS_PROVIDER', 'SMS codes written to a log', { SMS_PROVIDER: 'dev' }],
    ['SMS_PROVIDER', 'left out (the log)', { SMS_PROVIDER: left }],
    ['SMS_MITAKE_USERNAME', 'left out', { SMS_MITAKE_USERNAME: left }],
    ['SMS_MITAKE_PASSWORD', 'left out', { SMS_MITAKE_PASSWORD: left }],

    ['SMTP_URL', 'left out (emails written to files)', { SMTP_URL: left }],
    ['MAIL_FROM', 'left out (no-reply@localhost)', { MAIL_FROM: left }],
    ['MAIL_FROM', 'a sender at localhost', { MAIL_FROM: 'Shop <shop@localhost>' }],
  ])('%s: %s', (setting, _what, change) => {
    expect(() => loadConfig(realShopWith(change))).toThrow(naming(setting));
  });
});

describe('a production start', () => {
  it('loads a real shop', () => {
    const config = loadConfig(REAL_SHOP);
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      ECPAY_MODE: 'production',
      LINEPAY_MODE: 'production',
      BANKCARD_MODE: 'off',
      ECPAY_LOGISTICS_MODE: 'production',
      ECPAY_INVOICE_MODE: 'production',
      SMS_PROVIDER: 'mitake',
    });
    expect(config.ecpayLogistics).toEqual({
      merchantId: '3383325',
      hashKey: 'shop-own-logistics-key',
      hashIv: 'shop-own-logistics-iv',
    });
  });

  it.each([
    [
      'LINE Pay off, without a channel',
      { LINEPAY_MODE: 'off', LINEPAY_CHANNEL_ID: left, LINEPAY_CHANNEL_SECRET: left },
    ],
    [
      'e-invoices off (issued elsewhere), without a merchant',
      { ECPAY_INVOICE_MODE: 'off', ECPAY_INVOICE_MERCHANT_ID: left },
    ],
    ['the bank acquirer left off, its simulator keys unused', { BANKCARD_MODE: left }],
    [
      'the secret README suggests for a rotation (openssl rand -base64 48)',
      { JWT_SECRET: 'oSrzJJ4nYrwsW0HPwpIXSdLvTl2BZowHVDyY1M1v/4Ac9EHWpchr2H4U7o3DSevp' },
    ],
  ])('loads with %s', (_what, change) => {
    expect(() => loadConfig(realShopWith(change))).not.toThrow();
  });

  it('lists every setting to fix at once, and says how a copy without real orders gets past', () => {
    const start = () => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(36) });
    expect(start).toThrow(/^設定錯誤/);
    for (const setting of [
      'JWT_SECRET',
      'ECPAY_MODE',
      'LINEPAY_MODE',
      'ECPAY_LOGISTICS_MODE',
      'SMS_PROVIDER',
      'SMTP_URL',
    ]) {
      expect(start).toThrow(naming(setting));
    }
    expect(start).toThrow(/ALLOW_TEST_PROVIDERS=true only on a copy that takes no real orders/);
    expect(start).toThrow(/openssl rand -hex 32/);
  });
});

describe('ALLOW_TEST_PROVIDERS=true (a copy that takes no real orders)', () => {
  const copy = { NODE_ENV: 'production', JWT_SECRET: SECRET, ALLOW_TEST_PROVIDERS: 'true' };

  it('lets the simulators start, the bank acquirer’s with its public defaults too', () => {
    const config = loadConfig({ ...copy, BANKCARD_MODE: 'simulator' });
    expect(config).toMatchObject({
      BANKCARD_MODE: 'simulator',
      BANKCARD_HASH_KEY: 'bankcard-simulator-hash-key',
      ECPAY_MODE: 'simulator',
      LINEPAY_MODE: 'simulator',
      ECPAY_LOGISTICS_MODE: 'simulator',
      ECPAY_INVOICE_MODE: 'simulator',
      SMS_PROVIDER: 'dev',
    });
  });

  it('still refuses a guessable JWT_SECRET', () => {
    expect(() => loadConfig({ ...copy, JWT_SECRET: 'a'.repeat(36) })).toThrow(naming('JWT_SECRET'));
  });

  it('still refuses a real mode with a public test merchant', () => {
    expect(() => loadConfig({ ...copy, ECPAY_MODE: 'production', PUBLIC_URL: 'https://bench.example.tw' })).toThrow(
      naming('ECPAY_MERCHANT_ID'),
    );
  });
});

describe('LINE (issue 41)', () => {
  it('loads a real shop that signs in and messages through LINE', () => {
    expect(loadConfig(realShopWith(LINE_OWN))).toMatchObject({
      LINE_LOGIN_MODE: 'production',
      LINE_MESSAGING_MODE: 'production',
    });
  });

  it('in production, LINE Login needs an https origin even on a copy that takes no real orders', () => {
    const copy = { NODE_ENV: 'production', JWT_SECRET: SECRET, ALLOW_TEST_PROVIDERS: 'true', ...LINE_OWN };
    expect(() => loadConfig({ ...copy, PUBLIC_URL: 'http://shop.example.tw' })).toThrow(naming('PUBLIC_URL'));
    expect(loadConfig({ ...copy, PUBLIC_URL: 'https://shop.example.tw' }).LINE_LOGIN_MODE).toBe('production');
  });

  it('outside production, the real modes talk to a stand-in on http://localhost', () => {
    const config = loadConfig({
      ...LINE_OWN,
      PUBLIC_URL: 'http://localhost:3000',
      LINE_LOGIN_AUTH_URL: 'http://127.0.0.1:9002',
      LINE_LOGIN_API_URL: 'http://127.0.0.1:9002',
      LINE_MESSAGING_API_URL: 'http://127.0.0.1:9002',
    });
    expect(config.LINE_LOGIN_API_URL).toBe('http://127.0.0.1:9002');
    expect(() => loadConfig({ LINE_LOGIN_MODE: 'production' })).toThrow(naming('LINE_LOGIN_CHANNEL_ID'));
  });
});

describe('outside production', () => {
  it('starts on the development defaults, simulators and all', () => {
    expect(loadConfig({}).JWT_SECRET).toMatch(/^development-only/);
    expect(loadConfig({ BANKCARD_MODE: 'simulator' }).BANKCARD_MODE).toBe('simulator');
  });

  it('still needs 32 characters of JWT_SECRET, and says how to make them', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET: at least 32 characters; make one with: openssl rand -hex 32/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkMacSource,
  checkMacValue,
  dotNetUrlEncode,
  signEcpayFields,
  verifyCheckMacValue,
} from './check-mac-value.ts';

// ECPay's public staging test merchant 3002607 (the credentials of the documentation's examples).
const KEY = 'pwFHCqoQZGmho4w6';
const IV = 'EkRm7iFT261dpevs';

/** A query string as printed in the documentation → fields (values are not encoded there). */
function fieldsOf(text: string): Record<string, string> {
  return Object.fromEntries(
    text.split('&').map((pair) => {
      const i = pair.indexOf('=');
      return [pair.slice(0, i), pair.slice(i + 1)];
    }),
  );
}

describe("checkMacValue: the worked examples of ECPay's AIO documentation", () => {
  // 檢查碼機制 (developers.ecpay.com.tw): the AioCheckOut example, parameters in the order printed there.
  const aioExample = fieldsOf(
    'TradeDesc=促銷方案&PaymentType=aio&MerchantTradeDate=2023/03/12 15:30:23&MerchantTradeNo=ecpay20230312153023' +
      '&MerchantID=3002607&ReturnURL=https://www.ecpay.com.tw/receive.php&ItemName=Apple iphone 15' +
      '&TotalAmount=30000&ChoosePayment=ALL&EncryptType=1',
  );

  it('builds the documented string to hash (sorted, HashKey first, .NET-encoded, lower case)', () => {
    expect(checkMacSource(aioExample, KEY, IV)).toBe(
      'hashkey%3dpwfhcqoqzgmho4w6%26choosepayment%3dall%26encrypttype%3d1%26itemname%3dapple+iphone+15' +
        '%26merchantid%3d3002607%26merchanttradedate%3d2023%2f03%2f12+15%3a30%3a23' +
        '%26merchanttradeno%3decpay20230312153023%26paymenttype%3daio' +
        '%26returnurl%3dhttps%3a%2f%2fwww.ecpay.com.tw%2freceive.php%26totalamount%3d30000' +
        '%26tradedesc%3d%e4%bf%83%e9%8a%b7%e6%96%b9%e6%a1%88%26hashiv%3dekrm7ift261dpevs',
    );
  });

  it('gives the documented CheckMacValue of the AioCheckOut example', () => {
    expect(checkMacValue(aioExample, KEY, IV)).toBe('6C51C9E6888DE861FD62FB1DD17029FC742634498FD813DC43D4243B5685B840');
  });

  it('gives the documented CheckMacValue of the payment-result notification example (付款結果通知)', () => {
    const notification = fieldsOf(
      'CustomField1=&CustomField2=&CustomField3=&CustomField4=&MerchantID=3002607&MerchantTradeNo=D9RMXNrihUYM' +
        '&PaymentDate=2024/12/31 12:26:09&PaymentType=Credit_CreditCard&PaymentTypeChargeFee=10&RtnCode=1' +
        '&RtnMsg=交易成功&SimulatePaid=0&StoreID=&TradeAmt=402&TradeDate=2024/12/31 12:25:43&TradeNo=2412311225437371',
    );
    const expected = '85D927637935683EA756CDEF76498FEB9F5D098A7A1AC4F0CB3B3609A9D4116A';
    expect(checkMacValue(notification, KEY, IV)).toBe(expected);
    expect(verifyCheckMacValue({ ...notification, CheckMacValue: expected }, KEY, IV)).toBe(true);
  });

  it('does not depend on the order the fields arrive in', () => {
    const reversed = Object.fromEntries(Object.entries(aioExample).reverse());
    expect(checkMacValue(reversed, KEY, IV)).toBe(checkMacValue(aioExample, KEY, IV));
  });

  it('leaves CheckMacValue itself out of the hash', () => {
    expect(checkMacValue({ ...aioExample, CheckMacValue: 'anything' }, KEY, IV)).toBe(
      checkMacValue(aioExample, KEY, IV),
    );
  });
});

describe('dotNetUrlEncode: HttpUtility.UrlEncode as ECPay runs it', () => {
  it.each([
    ['space → +', 'a b', 'a+b'],
    ['.NET keeps - _ . ! * ( )', '-_.!*()', '-_.!*()'],
    ['apostrophe is encoded (encodeURIComponent keeps it)', "it's", 'it%27s'],
    ['tilde is encoded (encodeURIComponent keeps it)', '~home', '%7ehome'],
    ['plus sign', '1+1', '1%2B1'],
    ['ampersand and equals', 'a&b=c', 'a%26b%3Dc'],
    ['slash and colon', 'https://x/y', 'https%3A%2F%2Fx%2Fy'],
    ['hash (ItemName separator)', 'A#B', 'A%23B'],
    ['percent', '100%', '100%25'],
    ['CJK as UTF-8 bytes', '好', '%E5%A5%BD'],
    ['full-width parenthesis', '（', '%EF%BC%88'],
    ['emoji (surrogate pair) as 4 bytes', '🍵', '%F0%9F%8D%B5'],
    ['already-encoded PHP-style %2d stays a literal text', '%2d', '%252d'],
  ])('%s', (_label, input, output) => {
    expect(dotNetUrlEncode(input)).toBe(output);
  });

  it('the hash changes with every special character .NET treats differently', () => {
    const base = { MerchantID: '3002607', ItemName: 'x' };
    const values = ["it's", 'it s', 'it~s', 'it!s', 'it*s', 'it(s)', 'it-s', 'it_s', 'it.s'];
    const macs = values.map((ItemName) => checkMacValue({ ...base, ItemName }, KEY, IV));
    expect(new Set(macs).size).toBe(values.length);
  });

  it("apostrophe and tilde hash as their encoded forms, as on ECPay's side", () => {
    // The string a .NET server hashes for ItemName=O'Neil~1 contains %27 and %7e.
    expect(checkMacSource({ ItemName: "O'Neil~1" }, 'k', 'v')).toBe(
      'hashkey%3dk%26itemname%3do%27neil%7e1%26hashiv%3dv',
    );
  });
});

describe('sorting by name ignores case', () => {
  it('sorts a lower-case name among the upper-case ones', () => {
    expect(checkMacSource({ b: '2', A: '1', C: '3' }, 'k', 'v')).toBe(
      'hashkey%3dk%26a%3d1%26b%3d2%26c%3d3%26hashiv%3dv',
    );
  });

  it('orders a name before its longer prefix-sharing name', () => {
    expect(checkMacSource({ TradeNo: '1', Trade: '2' }, 'k', 'v')).toBe(
      'hashkey%3dk%26trade%3d2%26tradeno%3d1%26hashiv%3dv',
    );
  });
});

describe('verifyCheckMacValue', () => {
  const fields = { MerchantID: '3002607', MerchantTradeNo: 'GD2506010001', RtnCode: '1', TradeAmt: '1280' };
  const signed = signEcpayFields(fields, KEY, IV);

  it('accepts the signed fields, also with the value in lower-case hex', () => {
    expect(verifyCheckMacValue(signed, KEY, IV)).toBe(true);
    expect(verifyCheckMacValue({ ...signed, CheckMacValue: signed.CheckMacValue.toLowerCase() }, KEY, IV)).toBe(true);
  });

  it.each([
    ['a changed amount', { ...signed, TradeAmt: '1' }],
    ['an added field', { ...signed, SimulatePaid: '1' }],
    [
      'a removed field',
      { MerchantID: '3002607', MerchantTradeNo: 'GD2506010001', RtnCode: '1', CheckMacValue: signed.CheckMacValue },
    ],
    ['no CheckMacValue', fields],
    ['an empty CheckMacValue', { ...signed, CheckMacValue: '' }],
    ['a truncated CheckMacValue', { ...signed, CheckMacValue: signed.CheckMacValue.slice(0, 63) }],
    ['a non-hex CheckMacValue of the right length', { ...signed, CheckMacValue: 'Z'.repeat(64) }],
    ['an MD5-length CheckMacValue', { ...signed, CheckMacValue: 'A'.repeat(32) }],
  ])('rejects %s', (_label, candidate) => {
    expect(verifyCheckMacValue(candidate as Record<string, string>, KEY, IV)).toBe(false);
  });

  it('rejects fields signed with another HashKey or HashIV', () => {
    expect(verifyCheckMacValue(signEcpayFields(fields, 'other-key', IV), KEY, IV)).toBe(false);
    expect(verifyCheckMacValue(signEcpayFields(fields, KEY, 'other-iv'), KEY, IV)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { PaymentMethod } from '@shop/domain';
import {
  ITEM_NAME_MAX,
  checkoutFields,
  formatEcpayDate,
  formatEcpayDateTime,
  formFields,
  itemNameOf,
  parseEcpayDateTime,
  parseEcpayExpireDate,
} from './ecpay-aio.ts';

describe('ECPay date formats (Asia/Taipei, UTC+8)', () => {
  it.each([
    ['2025-06-01T04:05:06Z', '2025/06/01 12:05:06'],
    ['2025-12-31T16:00:00Z', '2026/01/01 00:00:00'], // next day in Taipei
    ['2024-02-28T15:59:59Z', '2024/02/28 23:59:59'],
    ['2024-02-28T16:00:00Z', '2024/02/29 00:00:00'], // leap day
  ])('formats %s as %s', (iso, text) => {
    expect(formatEcpayDateTime(new Date(iso))).toBe(text);
    expect(parseEcpayDateTime(text)?.toISOString()).toBe(new Date(iso).toISOString());
  });

  it('formats the date alone', () => {
    expect(formatEcpayDate(new Date('2025-12-31T16:00:00Z'))).toBe('2026/01/01');
  });

  it.each([
    '',
    '2025-06-01 12:00:00',
    '2025/02/30 12:00:00',
    '2025/06/01 24:00:00',
    '2025/06/01',
    'garbage',
    undefined,
  ])('does not read %s as a date and time', (text) => {
    expect(parseEcpayDateTime(text)).toBeNull();
  });

  it('reads an ATM ExpireDate as the end of that Taipei day', () => {
    expect(parseEcpayExpireDate('2025/06/04')?.toISOString()).toBe('2025-06-04T15:59:59.000Z');
    expect(parseEcpayExpireDate('2025/06/04 20:00:00')?.toISOString()).toBe('2025-06-04T12:00:00.000Z');
    expect(parseEcpayExpireDate('2025/13/04')).toBeNull();
  });
});

describe('itemNameOf: ItemName from the order snapshots', () => {
  const products = JSON.stringify([
    { id: 1, name: '阿里山高山烏龍茶', product_specs_name: '150g', spec_id: 3, on_sale_price: 680, qty: 1 },
    { id: 2, name: '梨山冷泡茶包', product_specs_name: '梨山冷泡茶包', spec_id: 4, on_sale_price: 320, qty: 2 },
  ]);
  const packages = JSON.stringify([{ id: 9, name: '中秋禮盒', on_sale_price: 1200, qty: 1 }]);

  it('lists products (with their spec) then packages, # between items', () => {
    expect(itemNameOf(products, packages, 'x')).toBe('阿里山高山烏龍茶（150g） x 1#梨山冷泡茶包 x 2#中秋禮盒 x 1');
  });

  it('replaces a # inside a name, which ECPay would read as a separator', () => {
    expect(itemNameOf(JSON.stringify([{ name: '禮盒#2', qty: 1 }]), '[]', 'x')).toBe('禮盒＃2 x 1');
  });

  it('uses the fallback for empty or malformed snapshots (spec §8: malformed order info is ignored)', () => {
    expect(itemNameOf('[]', '[]', '訂單 GD1')).toBe('訂單 GD1');
    expect(itemNameOf('{oops', 'null', '訂單 GD1')).toBe('訂單 GD1');
    expect(itemNameOf(JSON.stringify([{ qty: 1 }, 'text', null]), '[]', '訂單 GD1')).toBe('訂單 GD1');
  });

  it('treats a missing or odd quantity as 1', () => {
    expect(
      itemNameOf(
        JSON.stringify([
          { name: '茶', qty: 'two' },
          { name: '杯', qty: -1 },
        ]),
        '[]',
        'x',
      ),
    ).toBe('茶 x 1#杯 x 1');
  });

  it('keeps within 400 characters and says how many items there are', () => {
    const many = JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ name: `手工皂禮盒第${i + 1}號`, qty: 1 })));
    const name = itemNameOf(many, '[]', 'x');
    expect(name.length).toBeLessThanOrEqual(ITEM_NAME_MAX);
    expect(name.endsWith('#等共 60 項商品')).toBe(true);
    expect(name.startsWith('手工皂禮盒第1號 x 1#手工皂禮盒第2號 x 1')).toBe(true);
  });

  it('cuts a single name that is longer than the limit', () => {
    const name = itemNameOf(JSON.stringify([{ name: '好'.repeat(500), qty: 1 }]), '[]', 'x');
    expect(name.length).toBeLessThanOrEqual(ITEM_NAME_MAX);
    expect(name).toMatch(/^好+…#等共 1 項商品$/);
  });

  it('keeps a list of exactly 400 characters whole', () => {
    const item = '茶'.repeat(396); // "茶…茶 x 1" = 400
    expect(itemNameOf(JSON.stringify([{ name: item, qty: 1 }]), '[]', 'x')).toBe(`${item} x 1`);
  });
});

describe('checkoutFields', () => {
  const order = {
    id: 42,
    orderNumber: 'GD2506010001',
    paymentType: PaymentMethod.Credit,
    payAmount: 1280,
    productInfo: JSON.stringify([{ name: '烏龍茶', qty: 2 }]),
    packageInfo: '[]',
  };
  const settings = { merchantId: '3002607', publicUrl: 'https://shop.example.tw' };
  const now = new Date('2025-06-01T04:05:06Z');

  it('builds the AioCheckOut fields of a credit card order', () => {
    expect(checkoutFields(order, settings, now)).toEqual({
      MerchantID: '3002607',
      MerchantTradeNo: 'GD2506010001',
      MerchantTradeDate: '2025/06/01 12:05:06',
      PaymentType: 'aio',
      TotalAmount: '1280',
      TradeDesc: '訂單 GD2506010001',
      ItemName: '烏龍茶 x 2',
      ReturnURL: 'https://shop.example.tw/api/v1/ecpay-payment/notify',
      OrderResultURL: 'https://shop.example.tw/payment/result?order=42',
      ClientBackURL: 'https://shop.example.tw/payment/result?order=42',
      ChoosePayment: 'Credit',
      EncryptType: '1',
      NeedExtraPaidInfo: 'Y',
    });
  });

  it('asks for ATM with a PaymentInfoURL for a virtual-account order', () => {
    const fields = checkoutFields({ ...order, paymentType: PaymentMethod.VirtualAccount }, settings, now);
    expect(fields.ChoosePayment).toBe('ATM');
    expect(fields.PaymentInfoURL).toBe('https://shop.example.tw/api/v1/ecpay-payment/info');
  });

  it.each([PaymentMethod.Transfer, PaymentMethod.CashOnDelivery, PaymentMethod.LinePay])(
    'refuses payment type %i, which has no ECPay step',
    (paymentType) => {
      expect(() => checkoutFields({ ...order, paymentType }, settings, now)).toThrow();
    },
  );
});

describe('formFields', () => {
  it('keeps string values only', () => {
    expect(formFields({ a: '1', b: ['x'], c: 3, d: '' })).toEqual({ a: '1', d: '' });
    expect(formFields(null)).toEqual({});
    expect(formFields('a=1')).toEqual({});
    expect(formFields([['a', '1']])).toEqual({});
  });
});

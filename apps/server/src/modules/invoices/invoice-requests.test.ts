import { describe, expect, it } from 'vitest';
import {
  allowanceItems,
  parseEcpayDateTime,
  receiptFields,
  storedReceipt,
  type InvoicedOrder,
} from './invoice-requests.ts';

const order = (receipt: unknown, extra: Partial<InvoicedOrder> = {}): InvoicedOrder => ({
  orderNumber: 'GD2611260007',
  memberCellphone: '0911000111',
  recvName: '王小明',
  recvAddress: '106 台北市大安區復興南路一段390號',
  storeInfo: null,
  receipt: typeof receipt === 'string' ? receipt : JSON.stringify(receipt),
  ...extra,
});

const fieldsOf = (o: InvoicedOrder) => receiptFields(storedReceipt(o), o);

describe('the invoice-type fields of 一般開立發票', () => {
  it.each<[string, InvoicedOrder, Record<string, string>]>([
    [
      '二聯 without a carrier: ECPay’s member carrier (1), told by phone',
      order({ type: 1, carrier_type: 'none', carrier: '' }),
      { Print: '0', Donation: '0', CarrierType: '1', CarrierNum: '' },
    ],
    [
      '二聯 with a mobile barcode (3)',
      order({ type: 1, carrier_type: 'mobile', carrier: '/ABC1234' }),
      { Print: '0', Donation: '0', CarrierType: '3', CarrierNum: '/ABC1234' },
    ],
    [
      '二聯 with a citizen certificate (2)',
      order({ type: 1, carrier_type: 'citizen', carrier: 'AB12345678901234' }),
      { Print: '0', Donation: '0', CarrierType: '2', CarrierNum: 'AB12345678901234' },
    ],
    [
      '三聯: the business number and title, printed to the delivery address',
      order({ type: 2, tax_id: '12345675', title: '好物股份有限公司' }),
      {
        CustomerIdentifier: '12345675',
        CustomerName: '好物股份有限公司',
        CustomerAddr: '106 台北市大安區復興南路一段390號',
        Print: '1',
        Donation: '0',
        CarrierType: '',
        CarrierNum: '',
      },
    ],
    [
      '三聯 picked up at a store: addressed to the store',
      order(
        { type: 2, tax_id: '12345675', title: '好物股份有限公司' },
        { recvAddress: '', storeInfo: JSON.stringify({ chain: 'UNIMART', id: '131386', name: '建盛門市' }) },
      ),
      {
        CustomerIdentifier: '12345675',
        CustomerName: '好物股份有限公司',
        CustomerAddr: '7-ELEVEN 建盛門市',
        Print: '1',
        Donation: '0',
        CarrierType: '',
        CarrierNum: '',
      },
    ],
    [
      'donated: the love code, not printed',
      order({ type: 3, donate_code: '919' }),
      { Print: '0', Donation: '1', LoveCode: '919', CarrierType: '' },
    ],
    [
      'a receipt that no longer reads: a plain 二聯 on ECPay’s carrier',
      order('{not json'),
      { Print: '0', Donation: '0', CarrierType: '1', CarrierNum: '' },
    ],
  ])('%s', (_what, o, expected) => {
    expect(fieldsOf(o)).toEqual(expected);
  });

  it('cuts a long company title to ECPay’s 60 characters', () => {
    const fields = fieldsOf(order({ type: 2, tax_id: '12345675', title: '好'.repeat(80) }));
    expect(Array.from(String((fields as Record<string, unknown>).CustomerName))).toHaveLength(60);
  });
});

describe('allowanceItems', () => {
  const invoiceOrder = {
    orderNumber: 'GD2611260007',
    product_info: [{ name: '烏龍茶', product_specs_name: '150g', unit_price: 640, qty: 2 }],
    package_info: [],
    bundle_info: [],
    discount_amount: 0,
    shipping: 80,
    use_bonus: 100,
    pay_amount: 1260,
  };

  it('gives the whole order back line by line, the points folded into the goods', () => {
    const items = allowanceItems(invoiceOrder, 1260);
    expect(items.reduce((sum, i) => sum + i.ItemAmount, 0)).toBe(1260);
    expect(items.every((i) => i.ItemAmount > 0)).toBe(true);
    expect(items.map((i) => [i.ItemName, i.ItemCount, i.ItemPrice])).toEqual([
      ['烏龍茶 150g', 2, 590],
      ['運費', 1, 80],
    ]);
  });

  it('gives part back as one line of the amount', () => {
    expect(allowanceItems(invoiceOrder, 590)).toEqual([
      {
        ItemSeq: 1,
        ItemName: '訂單 GD2611260007 退貨折讓',
        ItemCount: 1,
        ItemWord: '式',
        ItemPrice: 590,
        ItemTaxType: '1',
        ItemAmount: 590,
      },
    ]);
  });
});

describe('parseEcpayDateTime', () => {
  it.each([
    ['2026-11-26 12:00:00', '2026-11-26T04:00:00.000Z'],
    ['2026/11/26 12:00:00', '2026-11-26T04:00:00.000Z'],
    ['2026-11-26+00:30:05', '2026-11-25T16:30:05.000Z'],
    ['2026-11-26 12:00', '2026-11-26T04:00:00.000Z'],
  ])('%s (Taipei) → %s', (text, iso) => {
    expect(parseEcpayDateTime(text)?.toISOString()).toBe(iso);
  });

  it.each(['', '2026-11-26', 'yesterday', '2026-13-40 99:99:99'])('%j is no time', (text) => {
    expect(parseEcpayDateTime(text)).toBeNull();
  });
});

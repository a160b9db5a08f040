import { describe, expect, it } from 'vitest';
import { DeliveryMethod, InvoiceType, PaymentMethod } from './enums.ts';
import { msg } from './messages.ts';
import {
  addCartLineSchema,
  addPackageCartLineSchema,
  cancelRecordBodySchema,
  CART_MERGE_LINES_MAX,
  cartMergeSchema,
  orderBodySchema,
  receiptSchema,
  returnRecordBodySchema,
  transferNoticeBodySchema,
  updateCartLineSchema,
} from './order-schemas.ts';

/** The first issue of a failed parse as [path, message]. */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('cart bodies', () => {
  it('accepts a product line with or without a spec', () => {
    expect(addCartLineSchema.parse({ products_id: 1, spec_id: 2, qty: 3 })).toEqual({
      products_id: 1,
      spec_id: 2,
      qty: 3,
    });
    expect(addCartLineSchema.parse({ products_id: '1', qty: '2' })).toEqual({ products_id: 1, spec_id: null, qty: 2 });
    expect(addCartLineSchema.parse({ members_id: 7, products_id: 1, spec_id: null, qty: 999 }).members_id).toBe(7);
  });

  it.each([0, -1, 1.5, 1e9, 1000, '1e9', '1.5', '', null, undefined, 'abc', true])('rejects the quantity %j', (qty) => {
    for (const schema of [addCartLineSchema, addPackageCartLineSchema, updateCartLineSchema]) {
      const result = schema.safeParse({ products_id: 1, product_packages_id: 1, qty });
      expect(issues(result)).toContainEqual(['qty', msg.qtyRange]);
    }
  });

  it('drops fields the server decides (prices)', () => {
    expect(addPackageCartLineSchema.parse({ product_packages_id: 4, qty: 1, price: 1 })).toEqual({
      product_packages_id: 4,
      qty: 1,
    });
  });

  it('rejects a bad id', () => {
    expect(issues(addCartLineSchema.safeParse({ products_id: 0, qty: 1 }))).toContainEqual([
      'products_id',
      msg.invalidId,
    ]);
    expect(issues(addCartLineSchema.safeParse({ products_id: 1, spec_id: 'x', qty: 1 }))).toContainEqual([
      'spec_id',
      msg.invalidId,
    ]);
  });
});

describe('cartMergeSchema', () => {
  it('takes both kinds of guest lines, a product without spec as spec_id null, and no kind as none', () => {
    expect(
      cartMergeSchema.parse({
        members_id: 7,
        lines: [
          { products_id: 1, spec_id: 2, qty: 99 },
          { products_id: 3, qty: '1' },
        ],
        packages: [{ product_packages_id: 4, qty: 2, price: 1 }],
      }),
    ).toEqual({
      members_id: 7,
      lines: [
        { products_id: 1, spec_id: 2, qty: 99 },
        { products_id: 3, spec_id: null, qty: 1 },
      ],
      packages: [{ product_packages_id: 4, qty: 2 }],
    });
    expect(cartMergeSchema.parse({})).toEqual({ lines: [], packages: [] });
  });

  it('refuses a bad quantity and more lines than one call takes', () => {
    expect(issues(cartMergeSchema.safeParse({ lines: [{ products_id: 1, qty: 1000 }] }))).toContainEqual([
      'lines.0.qty',
      msg.qtyRange,
    ]);
    const many = Array.from({ length: CART_MERGE_LINES_MAX + 1 }, (_, i) => ({ product_packages_id: i + 1, qty: 1 }));
    expect(issues(cartMergeSchema.safeParse({ packages: many }))).toContainEqual(['packages', msg.badRequest]);
  });
});

describe('receiptSchema', () => {
  it.each([
    [{ type: 1 }, { type: 1, carrier_type: 'none', carrier: '' }],
    [
      { type: 1, carrier_type: 'none', carrier: '/ABC1234' },
      { type: 1, carrier_type: 'none', carrier: '' },
    ],
    [
      { type: 1, carrier_type: 'mobile', carrier: ' /abc.+-1 ' },
      { type: 1, carrier_type: 'mobile', carrier: '/ABC.+-1' },
    ],
    [
      { type: 1, carrier_type: 'citizen', carrier: 'AB12345678901234' },
      { type: 1, carrier_type: 'citizen', carrier: 'AB12345678901234' },
    ],
    [
      { type: 2, tax_id: '12345675', title: ' 好物股份有限公司 ' },
      { type: 2, tax_id: '12345675', title: '好物股份有限公司' },
    ],
    [
      { type: '3', donate_code: '8585' },
      { type: 3, donate_code: '8585' },
    ],
    ['{"type":3,"donate_code":"919"}', { type: 3, donate_code: '919' }],
  ])('accepts %j', (input, output) => {
    expect(receiptSchema.parse(input)).toEqual(output);
  });

  it.each([
    [{ type: 1, carrier_type: 'mobile', carrier: '/ABC12' }, 'carrier', msg.mobileBarcodeFormat],
    [{ type: 1, carrier_type: 'mobile' }, 'carrier', msg.mobileBarcodeFormat],
    [{ type: 1, carrier_type: 'citizen', carrier: 'A123456789012345' }, 'carrier', msg.citizenCertificateFormat],
    [{ type: 1, carrier_type: 'paper' }, 'carrier_type', msg.carrierTypeChoose],
    [{ type: 2, tax_id: '12345678', title: '好物' }, 'tax_id', msg.businessNumberFormat],
    [{ type: 2, tax_id: '1234567', title: '好物' }, 'tax_id', msg.businessNumberFormat],
    [{ type: 2, tax_id: '12345675', title: '' }, 'title', msg.required],
    [{ type: 2, title: '好物' }, 'tax_id', msg.businessNumberFormat],
    [{ type: 3, donate_code: '12' }, 'donate_code', msg.donationCodeFormat],
    [{ type: 3, donate_code: '12345678' }, 'donate_code', msg.donationCodeFormat],
    [{ type: 4 }, 'type', msg.invoiceTypeChoose],
    [{}, 'type', msg.invoiceTypeChoose],
    ['not json', '', msg.invoiceTypeChoose],
  ])('rejects %j at %s', (input, path, message) => {
    expect(issues(receiptSchema.safeParse(input))).toContainEqual([path, message]);
  });
});

describe('orderBodySchema', () => {
  const valid = {
    payment_type: PaymentMethod.Transfer,
    delivery_method: DeliveryMethod.GeneralHome,
    recv_name: '王小明',
    recv_cellphone: '0912345678',
    recv_address: '106 台北市大安區忠孝東路四段 100 號',
    receipt: { type: InvoiceType.Duplicate },
    use_bonus: 0,
    remark: '',
    code: '',
  };

  it('parses a home-delivery order and fills the defaults', () => {
    expect(orderBodySchema.parse(valid)).toEqual({
      ...valid,
      recv_address: '106台北市大安區忠孝東路四段 100 號',
      receipt: { type: 1, carrier_type: 'none', carrier: '' },
      store: null,
      code: null,
      coupon_code: null,
      installments: null,
    });
    const minimal = orderBodySchema.parse({ ...valid, use_bonus: undefined, remark: undefined, code: undefined });
    expect(minimal).toMatchObject({ use_bonus: 0, remark: '', code: null });
  });

  it('strips prices, totals, member ids and statuses sent by the client', () => {
    const parsed = orderBodySchema.parse({
      ...valid,
      pay_amount: 1,
      goods_amount: 1,
      members_id: 99,
      status: 1,
      is_payment: true,
    });
    expect(Object.keys(parsed).sort()).toEqual(
      [
        'code',
        'coupon_code',
        'delivery_method',
        'installments',
        'payment_type',
        'receipt',
        'recv_address',
        'recv_cellphone',
        'recv_name',
        'remark',
        'store',
        'use_bonus',
      ].sort(),
    );
  });

  it('needs a store for convenience-store pickup, not an address', () => {
    const store = { chain: 'UNIMART', id: '131386', name: '台大門市' };
    expect(
      orderBodySchema.parse({ ...valid, delivery_method: DeliveryMethod.ConvenienceStore, recv_address: '', store })
        .store,
    ).toEqual({ ...store, address: '' }); // orders from before the store map have no address
    const mapped = { ...store, address: '臺北市大安區羅斯福路四段1號', token: 'signed.store' };
    expect(orderBodySchema.parse({ ...valid, delivery_method: 3, recv_address: '', store: mapped }).store).toEqual(
      mapped,
    );
    expect(issues(orderBodySchema.safeParse({ ...valid, delivery_method: 3, recv_address: '' }))).toContainEqual([
      'store',
      msg.storeChoose,
    ]);
    expect(orderBodySchema.parse({ ...valid, store }).store).toBeNull();
  });

  it.each([
    [{ payment_type: 11 }, 'payment_type', msg.paymentTypeChoose],
    [{ payment_type: undefined }, 'payment_type', msg.paymentTypeChoose],
    [{ delivery_method: 0 }, 'delivery_method', msg.deliveryMethodChoose],
    [{ recv_name: ' ' }, 'recv_name', msg.required],
    [{ recv_name: '名'.repeat(51) }, 'recv_name', msg.maxLength(50)],
    [{ recv_cellphone: '0212345678' }, 'recv_cellphone', msg.mobileFormat],
    [{ recv_cellphone: '' }, 'recv_cellphone', msg.required],
    [{ recv_address: '' }, 'recv_address', msg.required],
    // issue 21 item 5: an address with no real city and district, or no street, is not one.
    [{ recv_address: 'xyz' }, 'recv_address', msg.addressIncomplete],
    [{ recv_address: '台北市苓雅區四維三路2號' }, 'recv_address', msg.addressIncomplete],
    [{ recv_address: '台北市大安區' }, 'recv_address', msg.addressIncomplete],
    [{ use_bonus: -1 }, 'use_bonus', msg.bonusNotInteger],
    [{ use_bonus: 1.5 }, 'use_bonus', msg.bonusNotInteger],
    [{ remark: '字'.repeat(201) }, 'remark', msg.max200],
    [{ receipt: { type: 2, tax_id: '12345678', title: 'x' } }, 'receipt.tax_id', msg.businessNumberFormat],
    [{ receipt: undefined }, 'receipt', msg.invoiceTypeChoose],
  ])('rejects %j', (patch, path, message) => {
    expect(issues(orderBodySchema.safeParse({ ...valid, ...patch }))).toContainEqual([path, message]);
  });
});

describe('after-sales bodies', () => {
  it('parses a transfer notice and rejects anything but 5 digits', () => {
    expect(transferNoticeBodySchema.parse({ id: 3, members_id: 7, last_number_of_transfer: '01234' })).toEqual({
      id: 3,
      members_id: 7,
      last_number_of_transfer: '01234',
    });
    for (const bad of ['1234', '123456', 'abcde', '12 34']) {
      expect(issues(transferNoticeBodySchema.safeParse({ last_number_of_transfer: bad }))).toContainEqual([
        'last_number_of_transfer',
        msg.transferLength,
      ]);
    }
    expect(issues(transferNoticeBodySchema.safeParse({ last_number_of_transfer: '' }))).toContainEqual([
      'last_number_of_transfer',
      msg.required,
    ]);
  });

  it('parses a cancel request and a return request', () => {
    expect(
      cancelRecordBodySchema.parse({ orders_id: '5', contact_phone: '0912345678', reason: '買錯了' }),
    ).toMatchObject({
      orders_id: 5,
    });
    expect(
      returnRecordBodySchema.parse({
        orders_id: 5,
        contact_person: '王小明',
        contact_phone: '0912345678',
        spec: '保濕霜 1 瓶',
        reason: '破損',
        pic: '["a.jpg","b.jpg"]',
      }).pic,
    ).toEqual(['a.jpg', 'b.jpg']);
    expect(issues(cancelRecordBodySchema.safeParse({ contact_phone: '0912345678', reason: 'x' }))).toContainEqual([
      'orders_id',
      msg.invalidId,
    ]);
  });
});

import { CarrierType, DeliveryMethod, InvoiceType, PaymentMethod, msg, storeMsg } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { checkoutErrors } from './checkout-resolver.ts';
import {
  checkoutFieldOf,
  checkoutMemberOf,
  initialCheckoutValues,
  recipientAddress,
  toOrderBody,
  type CheckoutValues,
} from './checkout-values.ts';

const filled: CheckoutValues = {
  ...initialCheckoutValues(null),
  recv_name: '王小明',
  recv_cellphone: '0911111111',
  city: '臺北市',
  district: '大安區',
  street: '復興南路一段390號3樓',
  payment_type: String(PaymentMethod.Credit),
};

const context = { bonusBalance: 500, maxUsableBonus: 2000 };

describe('initialCheckoutValues', () => {
  it('fills the recipient from the member, reading 台 as 臺', () => {
    const values = initialCheckoutValues(
      checkoutMemberOf({
        name: '王小明',
        cell_phone: '0911111111',
        city: '台北市',
        area: '大安區',
        address: '復興南路一段390號',
        member_bonus: { bonus: 500 },
      }),
    );
    expect(values).toMatchObject({
      recv_name: '王小明',
      recv_cellphone: '0911111111',
      city: '臺北市',
      district: '大安區',
      street: '復興南路一段390號',
      delivery_method: String(DeliveryMethod.GeneralHome),
      invoice_type: String(InvoiceType.Duplicate),
    });
  });

  it('leaves an unknown city empty rather than guessing', () => {
    const values = initialCheckoutValues(checkoutMemberOf({ city: '東京都', area: '港區' }));
    expect(values.city).toBe('');
    expect(values.district).toBe('');
  });
});

describe('recipientAddress', () => {
  it.each([
    [{ city: '臺北市', district: '大安區', street: '復興南路一段390號' }, '106臺北市大安區復興南路一段390號'],
    [{ city: '新竹市', district: '東區', street: ' 光復路二段101號 ' }, '300新竹市東區光復路二段101號'],
    [{ city: '', district: '', street: '某處' }, '某處'],
  ])('%o → %s', (parts, expected) => {
    expect(recipientAddress(parts)).toBe(expected);
  });
});

describe('toOrderBody', () => {
  it('sends what the shopper chose and nothing priced: the server computes the amounts', () => {
    const body = toOrderBody({ ...filled, remark: ' 請下午送 ', use_bonus: '120' }, 'DEMOKOL');
    expect(body).toEqual({
      payment_type: PaymentMethod.Credit,
      delivery_method: DeliveryMethod.GeneralHome,
      recv_name: '王小明',
      recv_cellphone: '0911111111',
      recv_address: '106臺北市大安區復興南路一段390號3樓',
      store: null,
      receipt: { type: InvoiceType.Duplicate, carrier_type: CarrierType.None, carrier: '' },
      use_bonus: 120,
      remark: '請下午送',
      code: 'DEMOKOL',
      installments: null,
    });
  });

  it('sends the installments of a card order only (decision 082)', () => {
    expect(toOrderBody({ ...filled, installments: '6' }, null).installments).toBe(6);
    expect(toOrderBody({ ...filled, installments: '' }, null).installments).toBeNull();
    const transfer = { ...filled, payment_type: String(PaymentMethod.Transfer), installments: '6' };
    expect(toOrderBody(transfer, null).installments).toBeNull();
  });

  it('sends the store instead of an address for convenience-store pickup', () => {
    const body = toOrderBody(
      {
        ...filled,
        delivery_method: String(DeliveryMethod.ConvenienceStore),
        store_chain: 'UNIMART',
        store_id: '131386',
        store_name: '忠孝敦化門市',
        store_address: '臺北市大安區忠孝東路四段181號',
        store_token: 'signed.store',
      },
      null,
    );
    expect(body.recv_address).toBe('');
    expect(body.store).toEqual({
      chain: 'UNIMART',
      id: '131386',
      name: '忠孝敦化門市',
      address: '臺北市大安區忠孝東路四段181號',
      token: 'signed.store',
    });
    expect(body.code).toBeNull();
  });

  it.each([
    [
      { invoice_type: '2', tax_id: ' 53212539 ', title: '小明設計工作室' },
      { type: InvoiceType.Triplicate, tax_id: '53212539', title: '小明設計工作室' },
    ],
    [
      { invoice_type: '3', donate_code: '919' },
      { type: InvoiceType.Donate, donate_code: '919' },
    ],
    [
      { invoice_type: '1', carrier_type: CarrierType.MobileBarcode, carrier: '/ABC1234' },
      { type: InvoiceType.Duplicate, carrier_type: CarrierType.MobileBarcode, carrier: '/ABC1234' },
    ],
  ])('sends only the chosen invoice’s fields: %o', (choice, receipt) => {
    expect(toOrderBody({ ...filled, tax_id: 'x', donate_code: 'y', ...choice }, null).receipt).toEqual(receipt);
  });
});

describe('checkoutErrors (domain order schema + local checks)', () => {
  it('accepts a complete form', () => {
    expect(checkoutErrors(filled, context)).toEqual({});
  });

  it.each<[string, Partial<CheckoutValues>, Partial<Record<keyof CheckoutValues, string>>]>([
    ['an empty name', { recv_name: '' }, { recv_name: msg.required }],
    ['a landline', { recv_cellphone: '0227715566' }, { recv_cellphone: msg.mobileFormat }],
    ['no payment method', { payment_type: '' }, { payment_type: msg.paymentTypeChoose }],
    ['no city', { city: '', district: '' }, { city: msg.cityChoose }],
    ['a district of another city', { district: '東區' }, { district: msg.areaChoose }],
    ['no street', { street: ' ' }, { street: msg.required }],
    [
      'a bad unified business number',
      { invoice_type: '2', tax_id: '12345678', title: '公司' },
      { tax_id: msg.businessNumberFormat },
    ],
    ['a 三聯 without title', { invoice_type: '2', tax_id: '53212539', title: '' }, { title: msg.required }],
    ['a short donation code', { invoice_type: '3', donate_code: '12' }, { donate_code: msg.donationCodeFormat }],
    [
      'a bad mobile barcode',
      { carrier_type: CarrierType.MobileBarcode, carrier: 'ABC1234' },
      { carrier: msg.mobileBarcodeFormat },
    ],
    [
      'a bad citizen certificate',
      { carrier_type: CarrierType.CitizenCertificate, carrier: 'A1234567890123' },
      { carrier: msg.citizenCertificateFormat },
    ],
    ['more points than the member has', { use_bonus: '600' }, { use_bonus: msg.bonusInsufficient }],
    ['points that are not a whole number', { use_bonus: '1.5' }, { use_bonus: msg.bonusNotInteger }],
    ['a remark over 200 characters', { remark: '字'.repeat(201) }, { remark: msg.max200 }],
    [
      'a store pickup without a chain',
      { delivery_method: String(DeliveryMethod.ConvenienceStore) },
      { store_chain: storeMsg.chainChoose, store_id: msg.storeChoose },
    ],
    [
      'a chain without a store chosen on its map',
      { delivery_method: String(DeliveryMethod.ConvenienceStore), store_chain: 'UNIMART' },
      { store_id: storeMsg.chooseOnMap },
    ],
    [
      'a store typed by hand (no token of the map)',
      {
        delivery_method: String(DeliveryMethod.ConvenienceStore),
        store_chain: 'UNIMART',
        store_id: '131386',
        store_name: '忠孝敦化門市',
      },
      { store_id: storeMsg.chooseOnMap },
    ],
  ])('reports %s on its field', (_label, change, expected) => {
    expect(checkoutErrors({ ...filled, ...change }, context)).toEqual(expected);
  });

  it('caps points at what the order allows', () => {
    expect(checkoutErrors({ ...filled, use_bonus: '300' }, { bonusBalance: 500, maxUsableBonus: 200 })).toEqual({
      use_bonus: msg.bonusOverLimit(200),
    });
  });

  it('does not ask for an address when the parcel goes to a store', () => {
    const values = {
      ...filled,
      city: '',
      district: '',
      street: '',
      delivery_method: String(DeliveryMethod.ConvenienceStore),
      store_chain: 'FAMI',
      store_id: '018522',
      store_name: '全家仁愛店',
      store_token: 'signed.store',
    };
    expect(checkoutErrors(values, context)).toEqual({});
  });

  it('refuses cash on pickup over ECPay’s NT$20,000 on the payment field, and takes it with Black-cat', () => {
    const pickup = {
      ...filled,
      delivery_method: String(DeliveryMethod.ConvenienceStore),
      store_chain: 'UNIMART',
      store_id: '131386',
      store_name: '忠孝敦化門市',
      store_token: 'signed.store',
      payment_type: String(PaymentMethod.CashOnDelivery),
    };
    expect(checkoutErrors(pickup, { ...context, payAmount: 20_000 })).toEqual({});
    expect(checkoutErrors(pickup, { ...context, payAmount: 20_001 })).toEqual({ payment_type: storeMsg.codOverLimit });
    const blackCat = {
      ...filled,
      delivery_method: String(DeliveryMethod.BlackCatPickup),
      payment_type: String(PaymentMethod.CashOnDelivery),
    };
    expect(checkoutErrors(blackCat, { ...context, payAmount: 50_000 })).toEqual({});
  });
});

describe('checkoutFieldOf', () => {
  it.each([
    ['recv_name', 'recv_name'],
    ['recv_address', 'street'],
    ['receipt.tax_id', 'tax_id'],
    ['receipt', 'invoice_type'],
    ['receipt.type', 'invoice_type'],
    ['store', 'store_id'],
    ['store.chain', 'store_chain'],
    ['store.id', 'store_id'],
    ['store.name', 'store_id'],
    ['store.token', 'store_id'],
    ['use_bonus', 'use_bonus'],
    ['code', null],
    ['members_id', null],
  ])('%s → %s', (path, field) => {
    expect(checkoutFieldOf(path)).toBe(field);
  });

  it('reads a schema issue path too', () => {
    expect(checkoutFieldOf(['receipt', 'donate_code'])).toBe('donate_code');
  });
});

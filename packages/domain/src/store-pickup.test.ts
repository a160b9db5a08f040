import { describe, expect, it } from 'vitest';
import { DeliveryMethod, PaymentMethod } from './enums.ts';
import {
  cashOnDeliveryError,
  CVS_COLLECTION_MAX,
  readStoreToken,
  STORE_CHAINS_BY_CVS_TYPE,
  storeMsg,
  toBase64Url,
} from './store-pickup.ts';

describe('STORE_CHAINS_BY_CVS_TYPE', () => {
  it('offers OK only under a C2C contract', () => {
    expect(STORE_CHAINS_BY_CVS_TYPE.C2C).toEqual(['UNIMART', 'FAMI', 'HILIFE', 'OKMART']);
    expect(STORE_CHAINS_BY_CVS_TYPE.B2C).toEqual(['UNIMART', 'FAMI', 'HILIFE']);
  });
});

describe('cashOnDeliveryError', () => {
  const cod = PaymentMethod.CashOnDelivery;
  it.each([
    [cod, DeliveryMethod.ConvenienceStore, CVS_COLLECTION_MAX, null],
    [cod, DeliveryMethod.ConvenienceStore, CVS_COLLECTION_MAX + 1, storeMsg.codOverLimit],
    [cod, DeliveryMethod.BlackCatPickup, 50_000, null],
    [cod, DeliveryMethod.GeneralHome, 50_000, null],
    [PaymentMethod.Transfer, DeliveryMethod.ConvenienceStore, 50_000, null],
  ])('payment %i, delivery %i, NT$%i → %s', (paymentType, deliveryMethod, payAmount, expected) => {
    expect(cashOnDeliveryError({ paymentType, deliveryMethod, payAmount })).toBe(expected);
  });

  it('names the limit in the message', () => {
    expect(storeMsg.codOverLimit).toContain('NT$20,000');
  });
});

describe('readStoreToken', () => {
  const store = {
    chain: 'HILIFE',
    id: '4472',
    name: '萊爾富台北松德店',
    address: '臺北市信義區松德路168號',
    outside: false,
    exp: 1_800_000_000,
  };
  const token = `${toBase64Url(JSON.stringify(store))}.c2lnbmF0dXJl`;

  it('reads the store of a token (UTF-8 names) without checking its signature', () => {
    expect(readStoreToken(token)).toEqual(store);
  });

  it('reads the map ticket the store was chosen on', () => {
    const ticketed = { ...store, ticket: 'SMT5KQ2PABCD1234' };
    expect(readStoreToken(`${toBase64Url(JSON.stringify(ticketed))}.sig`)).toEqual(ticketed);
  });

  it.each([
    ['no signature part', toBase64Url(JSON.stringify(store))],
    ['three parts', `${token}.x`],
    ['not base64url', `${toBase64Url(JSON.stringify(store))}!.sig`],
    ['not JSON', `${toBase64Url('store')}.sig`],
    ['an unknown chain', `${toBase64Url(JSON.stringify({ ...store, chain: 'PCHOME' }))}.sig`],
    ['a store id with markup', `${toBase64Url(JSON.stringify({ ...store, id: '<b>' }))}.sig`],
    ['an empty name', `${toBase64Url(JSON.stringify({ ...store, name: '' }))}.sig`],
    ['a ticket that is not one', `${toBase64Url(JSON.stringify({ ...store, ticket: "x' OR 1=1" }))}.sig`],
  ])('reads nothing from %s', (_label, text) => {
    expect(readStoreToken(text)).toBeNull();
  });
});

import { toBase64Url } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { initialCheckoutValues } from './checkout-values.ts';
import { saveCheckoutDraft, storeOfQuery, takeCheckoutDraft, withChosenStore, withoutStoreQuery } from './store-map.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const store = {
  chain: 'FAMI' as const,
  id: '006598',
  name: '全家台北信義店',
  address: '臺北市信義區信義路五段150巷2號',
  outside: false,
  exp: 1_900_000_000,
};
const token = `${toBase64Url(JSON.stringify(store))}.signature`;

describe('the checkout draft kept while the map is open', () => {
  const values = { ...initialCheckoutValues(null), recv_name: '林美玲', remark: '下班後取貨', donate_code: '919' };

  it('comes back once, as typed', () => {
    const storage = memoryStorage();
    saveCheckoutDraft(values, 1_000, storage);
    expect(takeCheckoutDraft(2_000, storage)).toEqual(values);
    expect(takeCheckoutDraft(3_000, storage)).toBeNull();
  });

  it('is forgotten after two hours, and when it is not a draft', () => {
    const storage = memoryStorage();
    saveCheckoutDraft(values, 0, storage);
    expect(takeCheckoutDraft(2 * 3600_000 + 1, storage)).toBeNull();
    storage.setItem('shop:checkout-draft', '{not json');
    expect(takeCheckoutDraft(0, storage)).toBeNull();
    storage.setItem('shop:checkout-draft', JSON.stringify({ savedAt: 0, values: { recv_name: 1, remark: 'x' } }));
    expect(takeCheckoutDraft(0, storage)).toEqual({ remark: 'x' });
  });
});

describe('the store of the map reply', () => {
  it('fills the store fields and chooses store pickup', () => {
    const chosen = storeOfQuery(`?code=DEMOKOL&store=${encodeURIComponent(token)}`);
    expect(chosen).toEqual({ token, store });
    expect(withChosenStore(chosen!.token, chosen!.store)).toEqual({
      delivery_method: '3',
      store_chain: 'FAMI',
      store_id: '006598',
      store_name: '全家台北信義店',
      store_address: '臺北市信義區信義路五段150巷2號',
      store_token: token,
    });
  });

  it('reads nothing from a query without a store token', () => {
    expect(storeOfQuery('')).toBeNull();
    expect(storeOfQuery('?store=nonsense')).toBeNull();
  });

  it('leaves the address bar without the token, keeping the rest', () => {
    expect(withoutStoreQuery(`https://shop.example.tw/cart?code=DEMOKOL&store=${token}#top`)).toBe(
      '/cart?code=DEMOKOL#top',
    );
  });
});

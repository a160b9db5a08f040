// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { ApiFetch } from '../../api/client.ts';
import { CartError, addToCart } from './cart-actions.ts';
import { CART_CHANGED_EVENT } from './cart-keys.ts';
import { readGuestCart, type CartStorage } from './guest-cart.ts';

class MemoryStorage implements CartStorage {
  data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
  removeItem = (key: string) => void this.data.delete(key);
}

const PRODUCT = {
  id: 5,
  name: '手工皂',
  banner: 'b.jpg',
  price: 300,
  on_sale_price: 250,
  status: 1,
  internet_celebrity: false,
  pics: ['b.jpg'],
  product_specs: [
    { id: 51, name: '薰衣草', price: 300, on_sale_price: 250 },
    { id: 52, name: '玫瑰', price: 300, on_sale_price: 250, stock: 3 },
  ],
};

function api(routes: Record<string, { status: number; data?: unknown }>) {
  const calls: Array<{ method: string; path: string; body?: unknown }> = [];
  const fetcher: ApiFetch = async (path, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const route = routes[`${method} ${path}`] ?? { status: 404 };
    return new Response(JSON.stringify({ code: route.status, data: route.data, msg: '找不到資料' }), {
      status: route.status,
    });
  };
  return { fetcher, calls };
}

describe('addToCart', () => {
  it('a guest line stores the fetched product and tells the badge', async () => {
    const storage = new MemoryStorage();
    const { fetcher } = api({ 'GET /api/v1/products/5': { status: 200, data: PRODUCT } });
    const changed = vi.fn();
    window.addEventListener(CART_CHANGED_EVENT, changed);
    await addToCart({ api: fetcher, memberId: null, storage }, { kind: 'product', id: 5, specId: 51, qty: 2 });
    window.removeEventListener(CART_CHANGED_EVENT, changed);
    expect(readGuestCart(storage).lines).toMatchObject([{ products_id: 5, spec_id: 51, qty: 2 }]);
    expect(changed).toHaveBeenCalledOnce();
  });

  it.each<[string, { kind: 'product' | 'package'; id: number; specId: number | null; qty: number }, string]>([
    ['a spec that is not the product’s', { kind: 'product', id: 5, specId: 99, qty: 1 }, '請選擇規格'],
    ['no spec for a product with specs', { kind: 'product', id: 5, specId: null, qty: 1 }, '請選擇規格'],
    ['a product the shop does not sell', { kind: 'product', id: 6, specId: null, qty: 1 }, '此商品目前無法購買'],
    ['qty 0', { kind: 'product', id: 5, specId: 51, qty: 0 }, '數量必須是 1 到 999 的整數'],
    ['qty 1.5', { kind: 'product', id: 5, specId: 51, qty: 1.5 }, '數量必須是 1 到 999 的整數'],
    ['qty 1000', { kind: 'product', id: 5, specId: 51, qty: 1000 }, '數量必須是 1 到 999 的整數'],
  ])('a guest gets a readable refusal for %s', async (_label, target, text) => {
    const storage = new MemoryStorage();
    const { fetcher } = api({ 'GET /api/v1/products/5': { status: 200, data: PRODUCT } });
    const attempt = addToCart({ api: fetcher, memberId: null, storage }, target);
    await expect(attempt).rejects.toThrow(CartError);
    await expect(attempt).rejects.toThrow(text);
    expect(storage.data.size).toBe(0);
  });

  it('a guest cannot put more than the stock left in the cart (issue 20 item 11)', async () => {
    const storage = new MemoryStorage();
    const { fetcher } = api({ 'GET /api/v1/products/5': { status: 200, data: PRODUCT } });
    const owner = { api: fetcher, memberId: null, storage };
    const over = addToCart(owner, { kind: 'product', id: 5, specId: 52, qty: 4 });
    await expect(over).rejects.toThrow('「手工皂 玫瑰」庫存僅剩 3 件');
    await addToCart(owner, { kind: 'product', id: 5, specId: 52, qty: 2 });
    await expect(addToCart(owner, { kind: 'product', id: 5, specId: 52, qty: 2 })).rejects.toThrow(
      '「手工皂 玫瑰」庫存僅剩 3 件，購物車已有 2 件',
    );
    expect(readGuestCart(storage).lines).toMatchObject([
      { spec_id: 52, qty: 2, product: { product_specs: [{}, { stock: 3 }] } },
    ]);
  });

  it('a member line goes to the server cart with the member id', async () => {
    const { fetcher, calls } = api({ 'POST /api/v1/package-shopping-carts': { status: 201, data: {} } });
    await addToCart({ api: fetcher, memberId: 7, storage: null }, { kind: 'package', id: 3, specId: null, qty: 1 });
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/v1/package-shopping-carts',
        body: { members_id: 7, product_packages_id: 3, qty: 1 },
      },
    ]);
  });

  it('a guest without local storage is told why', async () => {
    const { fetcher } = api({});
    await expect(
      addToCart({ api: fetcher, memberId: null, storage: null }, { kind: 'package', id: 3, specId: null, qty: 1 }),
    ).rejects.toThrow(/封鎖/);
  });
});

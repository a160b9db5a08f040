import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiFetch } from '../../api/client.ts';
import type { Product } from '../../api/types.ts';
import { addGuestPackage, addGuestProduct, readGuestCart, type CartStorage } from './guest-cart.ts';
import { joinGuestCart } from './guest-cart-join.ts';

class MemoryStorage implements CartStorage {
  data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
  removeItem = (key: string) => void this.data.delete(key);
}

const product = (id: number, specs: number[] = []) =>
  ({
    id,
    name: `商品${id}`,
    banner: '',
    price: 100,
    on_sale_price: 90,
    status: 1,
    internet_celebrity: false,
    pics: [],
    product_specs: specs.map((s) => ({ id: s, name: `規格${s}`, price: 100, on_sale_price: 90 })),
  }) as unknown as Product;

const pkg = { id: 9, name: '禮盒', banner: '', price: 1000, on_sale_price: 900, status: 1, pics: [] } as never;

/** An API answering each POST with the status from `statusFor(body)`. */
function fakeApi(statusFor: (path: string, body: Record<string, unknown>) => number) {
  const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
  const api: ApiFetch = async (path, init) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    const status = statusFor(path, body);
    return new Response(JSON.stringify(status < 400 ? { code: 200, data: body } : { code: status, msg: '錯誤' }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { api, calls };
}

let storage: MemoryStorage;
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  storage = new MemoryStorage();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('joinGuestCart', () => {
  it('posts every guest line with the member id, then clears local storage', async () => {
    addGuestProduct(storage, product(1, [11]), 11, 2, 100);
    addGuestProduct(storage, product(2), null, 1, 200);
    addGuestPackage(storage, pkg, 3, 300);
    const { api, calls } = fakeApi(() => 201);
    const result = await joinGuestCart(api, 42, storage);
    expect(result).toEqual({ joined: 3, refused: 0, kept: 0 });
    expect(calls).toEqual([
      { path: '/api/v1/shopping-carts', body: { members_id: 42, products_id: 1, spec_id: 11, qty: 2 } },
      { path: '/api/v1/shopping-carts', body: { members_id: 42, products_id: 2, spec_id: null, qty: 1 } },
      { path: '/api/v1/package-shopping-carts', body: { members_id: 42, product_packages_id: 9, qty: 3 } },
    ]);
    expect(storage.data.size).toBe(0);
  });

  it.each<[string, number, { joined: number; refused: number; kept: number }, number]>([
    ['a product the shop no longer sells is dropped', 404, { joined: 1, refused: 1, kept: 0 }, 0],
    ['a refused quantity is dropped', 400, { joined: 1, refused: 1, kept: 0 }, 0],
    ['server trouble keeps the line for the next page', 503, { joined: 1, refused: 0, kept: 1 }, 1],
    ['an expired token keeps the line', 401, { joined: 1, refused: 0, kept: 1 }, 1],
  ])('%s', async (_label, status, expected, left) => {
    addGuestProduct(storage, product(1), null, 1, 100);
    addGuestProduct(storage, product(2), null, 1, 200);
    const { api } = fakeApi((_path, body) => (body.products_id === 2 ? status : 201));
    expect(await joinGuestCart(api, 42, storage)).toEqual(expected);
    expect(readGuestCart(storage).lines.map((l) => l.products_id)).toEqual(left ? [2] : []);
  });

  it('runs once when two callers start it together', async () => {
    addGuestProduct(storage, product(1), null, 1, 100);
    const { api, calls } = fakeApi(() => 201);
    await Promise.all([joinGuestCart(api, 42, storage), joinGuestCart(api, 42, storage)]);
    expect(calls).toHaveLength(1);
  });

  it('a corrupt guest cart posts nothing and is removed', async () => {
    storage.setItem('carts', '{broken');
    const { api, calls } = fakeApi(() => 201);
    expect(await joinGuestCart(api, 42, storage)).toEqual({ joined: 0, refused: 0, kept: 0 });
    expect(calls).toHaveLength(0);
    expect(storage.getItem('carts')).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});

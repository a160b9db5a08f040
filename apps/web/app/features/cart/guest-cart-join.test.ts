import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartMergeAnswer, CartMergeInput } from '@shop/domain';
import type { ApiFetch } from '../../api/client.ts';
import type { Product } from '../../api/types.ts';
import { addGuestPackage, addGuestProduct, readGuestCart, type CartStorage } from './guest-cart.ts';
import { joinGuestCart } from './guest-cart-join.ts';
import { takeJoinNotices } from './join-notices.ts';

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

type Body = CartMergeInput & { members_id: number };

/** Everything joins whole, as a shop with enough stock answers. */
const allAdded = (body: Body): CartMergeAnswer => ({
  lines: body.lines.map((l) => ({
    ...l,
    name: `商品${l.products_id}`,
    asked: l.qty,
    kept: l.qty,
    stock: null,
    outcome: 'added',
  })),
  packages: body.packages.map((l) => ({
    ...l,
    name: '禮盒',
    asked: l.qty,
    kept: l.qty,
    stock: null,
    outcome: 'added',
  })),
});

/** An API answering POST /shopping-carts-merge with `answer(body)`, or an error status. */
function fakeApi(answer: (body: Body) => CartMergeAnswer | number) {
  const calls: Array<{ path: string; body: Body }> = [];
  const api: ApiFetch = async (path, init) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Body;
    calls.push({ path, body });
    const data = answer(body);
    const status = typeof data === 'number' ? data : 200;
    return new Response(JSON.stringify(typeof data === 'number' ? { code: data, msg: '錯誤' } : { code: 200, data }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { api, calls };
}

let storage: MemoryStorage;
let notices: MemoryStorage;
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  storage = new MemoryStorage();
  notices = new MemoryStorage();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('joinGuestCart', () => {
  it('sends every guest line with the member id in one call, then clears local storage', async () => {
    addGuestProduct(storage, product(1, [11]), 11, 2, 100);
    addGuestProduct(storage, product(2), null, 1, 200);
    addGuestPackage(storage, pkg, 3, 300);
    const { api, calls } = fakeApi(allAdded);
    const result = await joinGuestCart(api, 42, storage, notices);
    expect(result).toEqual({ joined: 3, refused: 0, kept: 0, notices: [] });
    expect(calls).toEqual([
      {
        path: '/api/v1/shopping-carts-merge',
        body: {
          members_id: 42,
          lines: [
            { products_id: 1, spec_id: 11, qty: 2 },
            { products_id: 2, spec_id: null, qty: 1 },
          ],
          packages: [{ product_packages_id: 9, qty: 3 }],
        },
      },
    ]);
    expect(storage.data.size).toBe(0);
    expect(takeJoinNotices(notices)).toEqual([]);
  });

  it('says which lines the stock cut down or left out, for the page the shopper lands on (issue 20 item 11)', async () => {
    addGuestProduct(storage, product(1, [11]), 11, 99, 100);
    addGuestProduct(storage, product(2), null, 1, 200);
    addGuestProduct(storage, product(3, [31]), 31, 2, 300);
    addGuestPackage(storage, pkg, 3, 400);
    const { api } = fakeApi(() => ({
      lines: [
        { products_id: 1, spec_id: 11, name: '烏龍茶 150g', asked: 99, kept: 3, stock: 3, outcome: 'capped' },
        { products_id: 2, spec_id: null, name: '紅茶', asked: 1, kept: 0, stock: 0, outcome: 'sold_out' },
        // Gone from the shop: the guest's own name for it.
        { products_id: 3, spec_id: 31, name: '', asked: 2, kept: 0, stock: null, outcome: 'unavailable' },
      ],
      packages: [{ product_packages_id: 9, name: '禮盒', asked: 3, kept: 3, stock: 5, outcome: 'added' }],
    }));
    const result = await joinGuestCart(api, 42, storage, notices);
    const expected = [
      '「烏龍茶 150g」庫存僅剩 3 件，已為您保留 3 件',
      '「紅茶」已售完，未加入購物車',
      '「商品3 規格31」目前無法購買，未加入購物車',
    ];
    expect(result).toEqual({ joined: 2, refused: 2, kept: 0, notices: expected });
    expect(storage.data.size).toBe(0);
    expect(takeJoinNotices(notices)).toEqual(expected);
    expect(takeJoinNotices(notices)).toEqual([]);
  });

  it.each<[string, number, { joined: number; refused: number; kept: number }, number, number]>([
    ['lines the server refuses outright are dropped, and said so', 400, { joined: 0, refused: 2, kept: 0 }, 0, 2],
    ['server trouble keeps the lines for the next page', 503, { joined: 0, refused: 0, kept: 2 }, 2, 0],
    ['an expired token keeps the lines', 401, { joined: 0, refused: 0, kept: 2 }, 2, 0],
  ])('%s', async (_label, status, expected, left, said) => {
    addGuestProduct(storage, product(1), null, 1, 100);
    addGuestProduct(storage, product(2), null, 1, 200);
    const { api } = fakeApi(() => status);
    expect(await joinGuestCart(api, 42, storage, notices)).toMatchObject(expected);
    expect(readGuestCart(storage).lines).toHaveLength(left);
    expect(takeJoinNotices(notices)).toHaveLength(said);
  });

  it('sends a cart larger than one call takes in several calls', async () => {
    for (let id = 1; id <= 101; id++) addGuestProduct(storage, product(id), null, 1, id);
    const { api, calls } = fakeApi(allAdded);
    expect(await joinGuestCart(api, 42, storage, notices)).toMatchObject({ joined: 101 });
    expect(calls.map((c) => c.body.lines.length)).toEqual([100, 1]);
  });

  it('runs once when two callers start it together', async () => {
    addGuestProduct(storage, product(1), null, 1, 100);
    const { api, calls } = fakeApi(allAdded);
    await Promise.all([joinGuestCart(api, 42, storage, notices), joinGuestCart(api, 42, storage, notices)]);
    expect(calls).toHaveLength(1);
  });

  it('a corrupt guest cart sends nothing and is removed', async () => {
    storage.setItem('carts', '{broken');
    const { api, calls } = fakeApi(allAdded);
    expect(await joinGuestCart(api, 42, storage, notices)).toEqual({ joined: 0, refused: 0, kept: 0, notices: [] });
    expect(calls).toHaveLength(0);
    expect(storage.getItem('carts')).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});

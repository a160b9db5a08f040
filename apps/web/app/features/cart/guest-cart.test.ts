import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product, ProductPackage } from '../../api/types.ts';
import {
  MAX_LINE_QTY,
  addGuestPackage,
  addGuestProduct,
  clearGuestCart,
  nextTimestampId,
  pruneGuestCart,
  readGuestCart,
  removeGuestLine,
  setGuestQty,
  setGuestSpec,
  validQty,
  type CartStorage,
} from './guest-cart.ts';

class MemoryStorage implements CartStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

function product(id: number, specIds: number[] = [], salePrice = 500): Product {
  return {
    id,
    name: `商品 ${id}`,
    description1: '很長的說明'.repeat(50),
    description2: '',
    banner: `p${id}.jpg`,
    price: salePrice + 100,
    on_sale_price: salePrice,
    tag_type: 0,
    status: 1,
    index_id: id,
    product_type_ids: [1],
    product_specs: specIds.map((sid) => ({
      id: sid,
      name: `規格 ${sid}`,
      price: salePrice + 100,
      on_sale_price: salePrice,
    })),
    activity_start_time: null,
    activity_end_time: null,
    description_titles: [],
    pics: [`p${id}.jpg`, `p${id}-2.jpg`],
    internet_celebrity: false,
  };
}

function pkg(id: number): ProductPackage {
  return {
    id,
    name: `組合 ${id}`,
    description1: '',
    description2: '',
    banner: `k${id}.jpg`,
    price: 1200,
    on_sale_price: 999,
    product_package_types_name: '禮盒',
    status: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    description_titles: [],
    pics: [],
  };
}

let storage: MemoryStorage;
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  storage = new MemoryStorage();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('readGuestCart', () => {
  const line = { id: 1, members_id: 0, products_id: 5, spec_id: null, qty: 1, product: { id: 5 } };
  it.each<[string, string | null, number, boolean]>([
    ['missing key', null, 0, false],
    ['empty string', '', 0, false],
    ['empty list', '[]', 0, false],
    ['one line', JSON.stringify([line]), 1, false],
    ['not JSON', '[{oops', 0, true],
    ['an object, not a list', '{"id":1}', 0, true],
    ['a number', '42', 0, true],
    ['null literal', 'null', 0, true],
    ['a stray entry is left out', JSON.stringify([line, { id: 'x' }, 3]), 1, true],
    ['qty 0 is not a line', JSON.stringify([{ ...line, qty: 0 }]), 0, true],
    ['qty 1.5 is not a line', JSON.stringify([{ ...line, qty: 1.5 }]), 0, true],
    ['product of another id', JSON.stringify([{ ...line, product: { id: 6 } }]), 0, true],
  ])('%s → %i lines (logged: %s)', (_label, raw, count, logged) => {
    if (raw !== null) storage.setItem('carts', raw);
    expect(readGuestCart(storage).lines).toHaveLength(count);
    expect(warn.mock.calls.length > 0).toBe(logged);
  });

  it('treats a corrupt package cart as empty without losing the product lines', () => {
    addGuestProduct(storage, product(1), null, 1, 1000);
    storage.setItem('package_carts', 'garbage');
    const cart = readGuestCart(storage);
    expect(cart.lines).toHaveLength(1);
    expect(cart.packages).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });

  it('survives a storage that throws (disabled local storage)', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readGuestCart(broken)).toEqual({ lines: [], packages: [] });
  });
});

describe('addGuestProduct', () => {
  it('gives a new line a timestamp id and stores a small product snapshot', () => {
    const line = addGuestProduct(storage, product(1, [11, 12]), 11, 2, 1_700_000_000_000);
    expect(line).toMatchObject({ id: 1_700_000_000_000, members_id: 0, products_id: 1, spec_id: 11, qty: 2 });
    const stored = JSON.parse(storage.getItem('carts')!) as Array<{ product: Record<string, unknown> }>;
    expect(stored[0]!.product.description1).toBeUndefined();
    expect(stored[0]!.product.pics).toEqual(['p1.jpg']);
  });

  it.each<[string, Array<[number, number | null, number]>, Array<[number, number | null, number]>]>([
    [
      'same product and spec sums',
      [
        [1, 11, 1],
        [1, 11, 2],
      ],
      [[1, 11, 3]],
    ],
    [
      'other spec is a new line',
      [
        [1, 11, 1],
        [1, 12, 1],
      ],
      [
        [1, 11, 1],
        [1, 12, 1],
      ],
    ],
    [
      'other product is a new line',
      [
        [1, 11, 1],
        [2, null, 4],
      ],
      [
        [1, 11, 1],
        [2, null, 4],
      ],
    ],
    [
      'sum capped at the line maximum',
      [
        [1, 11, MAX_LINE_QTY],
        [1, 11, 5],
      ],
      [[1, 11, MAX_LINE_QTY]],
    ],
  ])('%s', (_label, adds, expected) => {
    adds.forEach(([pid, sid, qty], i) =>
      addGuestProduct(storage, product(pid, pid === 1 ? [11, 12] : []), sid, qty, 1000 + i),
    );
    expect(readGuestCart(storage).lines.map((l) => [l.products_id, l.spec_id, l.qty])).toEqual(expected);
  });

  it('two adds in the same millisecond get distinct ids', () => {
    const a = addGuestProduct(storage, product(1), null, 1, 5000);
    const b = addGuestProduct(storage, product(2), null, 1, 5000);
    expect(a.id).not.toBe(b.id);
  });

  it.each([0, -1, 1.5, 1e9, Number.NaN])('refuses qty %s', (qty) => {
    expect(() => addGuestProduct(storage, product(1), null, qty)).toThrow(RangeError);
    expect(storage.getItem('carts')).toBeNull();
  });
});

describe('addGuestPackage', () => {
  it('sums the same package and adds another', () => {
    addGuestPackage(storage, pkg(7), 1, 10);
    addGuestPackage(storage, pkg(7), 2, 20);
    addGuestPackage(storage, pkg(8), 1, 30);
    expect(readGuestCart(storage).packages.map((l) => [l.id, l.product_packages_id, l.qty])).toEqual([
      [10, 7, 3],
      [30, 8, 1],
    ]);
  });
});

describe('editing lines', () => {
  it('sets a quantity, refusing invalid ones', () => {
    const line = addGuestProduct(storage, product(1), null, 1, 10);
    expect(setGuestQty(storage, 'product', line.id, 5)).toBe(true);
    expect(setGuestQty(storage, 'product', line.id, 0)).toBe(false);
    expect(setGuestQty(storage, 'product', 999, 2)).toBe(false);
    expect(readGuestCart(storage).lines[0]!.qty).toBe(5);
  });

  it('changing a spec onto an existing line merges the two', () => {
    const a = addGuestProduct(storage, product(1, [11, 12]), 11, 1, 10);
    addGuestProduct(storage, product(1, [11, 12]), 12, 2, 20);
    setGuestSpec(storage, a.id, 12);
    expect(readGuestCart(storage).lines.map((l) => [l.spec_id, l.qty])).toEqual([[12, 3]]);
  });

  it('removing the last line removes the key; clearing removes both keys', () => {
    const a = addGuestProduct(storage, product(1), null, 1, 10);
    addGuestPackage(storage, pkg(7), 1, 20);
    removeGuestLine(storage, 'product', a.id);
    expect(storage.getItem('carts')).toBeNull();
    expect(storage.getItem('package_carts')).not.toBeNull();
    clearGuestCart(storage);
    expect(storage.data.size).toBe(0);
  });
});

describe('pruneGuestCart', () => {
  it('drops lines whose product, spec or package is gone and refreshes the others', () => {
    addGuestProduct(storage, product(1, [11]), 11, 1, 10); // stays, price changes
    addGuestProduct(storage, product(2, [21]), 21, 1, 20); // spec 21 removed
    addGuestProduct(storage, product(3), null, 1, 30); // product gone
    addGuestPackage(storage, pkg(7), 1, 40); // stays
    addGuestPackage(storage, pkg(8), 1, 50); // gone
    const fresh1 = product(1, [11], 450);
    const result = pruneGuestCart(
      storage,
      new Map([
        [1, fresh1],
        [2, product(2, [22])],
      ]),
      new Map([[7, pkg(7)]]),
    );
    expect(result.dropped).toBe(3);
    expect(result.lines.map((l) => l.products_id)).toEqual([1]);
    expect(result.lines[0]!.product.on_sale_price).toBe(450);
    expect(readGuestCart(storage).packages.map((l) => l.product_packages_id)).toEqual([7]);
  });

  it('removes both keys when nothing is left', () => {
    addGuestProduct(storage, product(3), null, 1, 30);
    pruneGuestCart(storage, new Map(), new Map());
    expect(storage.data.size).toBe(0);
  });
});

describe('helpers', () => {
  it.each<[unknown, number | null]>([
    [1, 1],
    [MAX_LINE_QTY, MAX_LINE_QTY],
    [MAX_LINE_QTY + 1, null],
    [0, null],
    [-1, null],
    [1.5, null],
    ['2', null],
    [1e9, null],
  ])('validQty(%s) → %s', (qty, expected) => {
    expect(validQty(qty)).toBe(expected);
  });

  it.each<[number[], number, number]>([
    [[], 100, 100],
    [[100], 100, 101],
    [[100, 101], 100, 102],
    [[5], 100, 100],
  ])('nextTimestampId(%j, %i) → %i', (taken, now, expected) => {
    expect(nextTimestampId(taken, now)).toBe(expected);
  });
});

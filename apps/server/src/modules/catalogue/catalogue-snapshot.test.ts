import { describe, expect, it } from 'vitest';
import {
  buildCatalogueSnapshot,
  jsonArray,
  listProducts,
  visibleProduct,
  type CatalogueRows,
} from './catalogue-snapshot.ts';

const NOW = new Date('2026-06-01T04:00:00Z');
const day = 86_400_000;

function product(id: number, more: Partial<CatalogueRows['records'][number]> = {}): CatalogueRows['records'][number] {
  return {
    id,
    name: `商品${id}`,
    description1: '',
    description2: '',
    banner: '',
    price: 100,
    on_sale_price: 90,
    tag_type: 0,
    status: 1,
    index_id: id,
    product_type_ids: [],
    product_specs: [{ id: id * 10, name: '標準', price: 100, on_sale_price: 90, sold_out: false, stock: null }],
    activity_start_time: null,
    activity_end_time: null,
    description_titles: [],
    pics: [],
    internet_celebrity: false,
    created_at: '2026-05-01T00:00:00.000Z',
    start: null,
    end: null,
    ...more,
  };
}

// Types: 1 (level 1) with child 2; 3 on its own. Bundle 7 holds products 2 and 5.
const snapshot = buildCatalogueSnapshot({
  records: [
    product(1),
    product(2),
    product(3, { internet_celebrity: true }),
    product(4, { start: new Date(NOW.getTime() + day) }),
    product(5, { end: new Date(NOW.getTime() - day) }),
    product(6, { start: NOW, end: NOW }),
  ],
  types: [
    { id: 1, parentId: null },
    { id: 2, parentId: 1 },
    { id: 3, parentId: null },
  ],
  typeLinks: [
    { productId: 1, typeId: 1 },
    { productId: 2, typeId: 2 },
    { productId: 6, typeId: 3 },
    { productId: 3, typeId: 1 },
  ],
  bundleLinks: [
    { bundleId: 7, productId: 2 },
    { bundleId: 7, productId: 5 },
  ],
});

const ids = (q: Parameters<typeof listProducts>[1]) => listProducts(snapshot, q, NOW).items.map((p) => p.id);

describe('listProducts (spec §4 visibility, §9 order)', () => {
  it.each([
    ['everything listed', {}, [1, 2, 6]],
    ['by ids, in list order', { ids: [6, 1, 3, 99] }, [1, 6]],
    ['a level-1 type with its child', { type: 1 }, [1, 2]],
    ['a child type alone', { type: 2 }, [2]],
    ['an unknown type', { type: 99 }, []],
    ['a bundle, without its ended product', { bundle: 7 }, [2]],
    ['an unknown bundle', { bundle: 8 }, []],
    ['type and ids together', { type: 1, ids: [2, 6] }, [2]],
  ])('%s', (_name, q, expected) => {
    expect(ids(q)).toEqual(expected);
  });

  it('pages with the total of every match', () => {
    const { items, total } = listProducts(snapshot, { page: 2, size: 2 }, NOW);
    expect(items.map((p) => p.id)).toEqual([6]);
    expect(total).toBe(3);
  });
});

describe('visibleProduct', () => {
  it.each([
    [1, true],
    [3, true], // influencer-only: reached by link
    [4, false], // not started
    [5, false], // ended
    [6, true], // both bounds are inclusive
    [99, false],
  ])('product %i shown: %s', (id, shown) => {
    expect(visibleProduct(snapshot, id, NOW) !== undefined).toBe(shown);
  });
});

describe('the kept records', () => {
  it('serialise to what the schema declares, and cannot be changed by a reader', () => {
    const one = visibleProduct(snapshot, 1, NOW)!;
    expect(JSON.parse(jsonArray([one]))).toEqual([one.record]);
    expect(one.record).not.toHaveProperty('start');
    expect(() => {
      (one.record as { name: string }).name = '改過';
    }).toThrow();
  });
});

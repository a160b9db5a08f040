import { describe, expect, it, vi } from 'vitest';
import { findHits, searchableText, SearchIndex, typeFamilies, type SearchSnapshot } from './search-index.ts';

const NOW = new Date('2026-06-01T04:00:00Z');
const DAY = 86_400_000;

const product = (id: number, name: string, d1 = '', d2 = '', window: { start?: number; end?: number } = {}) => ({
  id,
  start: window.start ?? null,
  end: window.end ?? null,
  text: searchableText(name, d1, d2),
});

const snapshot: SearchSnapshot = {
  products: [
    product(1, '衣索比亞咖啡豆', '帶有烏龍茶般的花香'),
    product(2, '文山包種茶', '', '<p>清香型<strong>烏龍茶</strong></p>'),
    product(3, '阿里山高山烏龍茶'),
    product(4, '梨山冷泡茶包'),
    product(5, '過期烏龍茶', '', '', { end: NOW.getTime() - DAY }),
    product(6, '未來烏龍茶', '', '', { start: NOW.getTime() + DAY }),
    product(7, 'Oolong Tea Bags'),
    product(8, '百分之百 100% 果汁'),
    product(9, 'A_B 測試品'),
    product(10, '玫瑰保濕精華液'),
    product(11, '乳木果身體乳'),
    product(12, '潔顏慕斯'),
    product(13, '護手霜'),
    product(14, '竹炭牙刷', '日常口腔保養'),
    product(15, '過季面膜', '', '', { end: NOW.getTime() - DAY }),
  ],
  packages: [
    { id: 20, text: searchableText('新春茶禮', '', '<p>烏龍茶兩罐</p>') },
    { id: 21, text: searchableText('舊烏龍茶禮盒') },
  ],
  tags: [
    { name: '烏龍茶', productIds: [4, 3, 4, 99] },
    { name: '烏龍茶', productIds: [5, 2] },
    { name: '咖啡', productIds: [] },
    { name: '保養', productIds: [13] },
  ],
  // As typeFamilies() builds them: 保養品 holds its own product 12 and its children's.
  types: [
    { name: '保養品', productIds: [10, 11, 12, 13, 15] },
    { name: '臉部保養', productIds: [10, 15] },
    { name: '身體保養', productIds: [11, 13] },
    { name: '咖啡豆', productIds: [1] },
  ],
};

const ids = (keyword: string) =>
  findHits(snapshot, keyword, NOW).map((h) => `${h.kind === 'package' ? 'k' : 'p'}${h.id}`);

describe('findHits (spec §5 search rule)', () => {
  it.each<[string, string, string[]]>([
    [
      'tag products first in tag order, each once, then products by their order, then packages',
      '烏龍茶',
      ['p4', 'p3', 'p2', 'p1', 'k20', 'k21'],
    ],
    ['one Chinese character', '茶', ['p1', 'p2', 'p3', 'p4', 'k20', 'k21']],
    ['two Chinese characters, description1 only', '花香', ['p1']],
    ['html of description2 is searched as stored', 'strong', ['p2']],
    ['Latin letters without case', 'oolong', ['p7']],
    ['upper case keyword', 'TEA', ['p7']],
    ['% is a plain character', '100%', ['p8']],
    ['_ is a plain character', 'A_B', ['p9']],
    ['backslash matches nothing here', '\\', []],
    ['SQL is plain text', "' OR 1=1 --", []],
    ['a tag without products adds none; text still matches', '咖啡', ['p1']],
    [
      'issue 20: tag products, then the products of a matching parent type and its children, then descriptions',
      '保養',
      ['p13', 'p10', 'p11', 'p12', 'p14'],
    ],
    ['issue 20: a child type alone lists only its own products', '臉部', ['p10']],
    ['issue 20: a product matching by type and by name is listed once, in type order', '身體', ['p11', 'p13']],
    [
      'issue 20: the whole type name; the tag 保養 is not equal, its product comes by type',
      '保養品',
      ['p10', 'p11', 'p12', 'p13'],
    ],
    ['issue 20: a type whose products the text already finds leaves the order as before', '咖啡豆', ['p1']],
    ['nothing', '不存在', []],
  ])('%s: %s', (_, keyword, expected) => {
    expect(ids(keyword)).toEqual(expected);
  });

  it('leaves out products outside their window, also when a tag names them (spec §4)', () => {
    expect(ids('過期')).toEqual([]);
    expect(ids('未來')).toEqual([]);
    expect(findHits(snapshot, '未來', new Date(NOW.getTime() + 2 * DAY))).toEqual([{ kind: 'product', id: 6 }]);
  });

  it("issue 20: lists matching types in menu order, not by their products' order", () => {
    const s: SearchSnapshot = {
      products: [product(1, '甲'), product(2, '乙'), product(3, '丙 保養')],
      packages: [],
      tags: [],
      types: [
        { name: '身體保養', productIds: [2] },
        { name: '臉部保養', productIds: [1, 2] },
      ],
    };
    expect(findHits(s, '保養', NOW)).toEqual([
      { kind: 'product', id: 2 },
      { kind: 'product', id: 1 },
      { kind: 'product', id: 3 },
    ]);
  });

  it('does not match across the name and a description', () => {
    const s: SearchSnapshot = { products: [product(1, '阿里山', '烏龍')], packages: [], tags: [], types: [] };
    expect(findHits(s, '山烏', NOW)).toEqual([]);
  });
});

describe('typeFamilies (issue 20)', () => {
  const types = [
    { id: 1, name: '保養品', parentId: null },
    { id: 2, name: '臉部保養', parentId: 1 },
    { id: 3, name: '身體保養', parentId: 1 },
    { id: 4, name: 'Skin Care', parentId: null },
    { id: 5, name: '停用上層的子分類', parentId: 99 },
  ];
  const links = [
    { productId: 10, typeId: 2 },
    { productId: 11, typeId: 3 },
    { productId: 12, typeId: 1 },
    { productId: 13, typeId: 3 },
    { productId: 13, typeId: 1 },
    { productId: 16, typeId: 4 },
    { productId: 17, typeId: 5 },
    { productId: 18, typeId: 99 },
    { productId: 99, typeId: 2 },
  ];
  const families = typeFamilies(types, links, [13, 10, 11, 12, 16, 17, 18]);
  const family = (name: string) => families.find((t) => t.name === name)?.productIds;

  it.each<[string, string, number[] | undefined]>([
    ["a parent holds its own and its children's products in product order, each once", '保養品', [13, 10, 11, 12]],
    ['a child holds only its own', '臉部保養', [10]],
    ['a child in product order', '身體保養', [13, 11]],
    ['names are lower-cased like the keyword', 'skin care', [16]],
    ['a child of an inactive parent is not in the menu', '停用上層的子分類', undefined],
  ])('%s: %s', (_, name, expected) => {
    expect(family(name)).toEqual(expected);
  });

  it('keeps the menu order and leaves out products that are not searchable', () => {
    expect(families.map((t) => t.name)).toEqual(['保養品', '臉部保養', '身體保養', 'skin care']);
    expect(families.flatMap((t) => t.productIds)).not.toContain(99);
  });

  it('stops at a parent loop written by hand', () => {
    const loop = typeFamilies(
      [
        { id: 1, name: '甲', parentId: 2 },
        { id: 2, name: '乙', parentId: 1 },
      ],
      [{ productId: 7, typeId: 1 }],
      [7],
    );
    expect(loop).toEqual([
      { name: '甲', productIds: [7] },
      { name: '乙', productIds: [7] },
    ]);
  });
});

describe('SearchIndex', () => {
  const empty: SearchSnapshot = { products: [], packages: [], tags: [], types: [] };

  it('loads once, then serves the snapshot until it expires; a rebuild runs in the background', async () => {
    let time = 0;
    const load = vi.fn(async () => ({ ...empty, tags: [{ name: `v${load.mock.calls.length}`, productIds: [] }] }));
    const index = new SearchIndex(load, 1000, () => time);
    expect((await index.snapshot()).tags[0]!.name).toBe('v1');
    expect((await index.snapshot()).tags[0]!.name).toBe('v1');
    expect(load).toHaveBeenCalledTimes(1);
    time = 1500;
    expect((await index.snapshot()).tags[0]!.name).toBe('v1'); // old one while the new one loads
    await Promise.resolve();
    expect((await index.snapshot()).tags[0]!.name).toBe('v2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('waits for fresh data after invalidate(), also when the change came during a load', async () => {
    let release: () => void = () => undefined;
    let version = 0;
    const load = vi.fn(async () => {
      version += 1;
      const mine = version;
      if (mine === 2) await new Promise<void>((resolve) => (release = resolve));
      return { ...empty, tags: [{ name: `v${mine}`, productIds: [] }] };
    });
    const index = new SearchIndex(load);
    await index.snapshot();
    index.invalidate();
    const waiting = index.snapshot(); // starts load 2, which hangs
    await Promise.resolve();
    index.invalidate(); // a second change while load 2 runs
    release();
    expect((await waiting).tags[0]!.name).toBe('v3');
  });

  it('shares one load between concurrent first searches', async () => {
    const load = vi.fn(async () => empty);
    const index = new SearchIndex(load);
    await Promise.all([index.snapshot(), index.snapshot(), index.snapshot()]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps serving the old snapshot when a background refresh fails', async () => {
    let time = 0;
    let fail = false;
    const load = vi.fn(async () => {
      if (fail) throw new Error('database gone');
      return empty;
    });
    const index = new SearchIndex(load, 1000, () => time);
    const first = await index.snapshot();
    fail = true;
    time = 2000;
    expect(await index.snapshot()).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await index.snapshot()).toBe(first);
  });
});

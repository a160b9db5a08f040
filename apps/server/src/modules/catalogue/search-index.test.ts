import { describe, expect, it, vi } from 'vitest';
import { findHits, searchableText, SearchIndex, type SearchSnapshot } from './search-index.ts';

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
  ],
  packages: [
    { id: 20, text: searchableText('新春茶禮', '', '<p>烏龍茶兩罐</p>') },
    { id: 21, text: searchableText('舊烏龍茶禮盒') },
  ],
  tags: [
    { name: '烏龍茶', productIds: [4, 3, 4, 99] },
    { name: '烏龍茶', productIds: [5, 2] },
    { name: '咖啡', productIds: [] },
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
    ['nothing', '不存在', []],
  ])('%s: %s', (_, keyword, expected) => {
    expect(ids(keyword)).toEqual(expected);
  });

  it('leaves out products outside their window, also when a tag names them (spec §4)', () => {
    expect(ids('過期')).toEqual([]);
    expect(ids('未來')).toEqual([]);
    expect(findHits(snapshot, '未來', new Date(NOW.getTime() + 2 * DAY))).toEqual([{ kind: 'product', id: 6 }]);
  });

  it('does not match across the name and a description', () => {
    const s: SearchSnapshot = { products: [product(1, '阿里山', '烏龍')], packages: [], tags: [] };
    expect(findHits(s, '山烏', NOW)).toEqual([]);
  });
});

describe('SearchIndex', () => {
  const empty: SearchSnapshot = { products: [], packages: [], tags: [] };

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

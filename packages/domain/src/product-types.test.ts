import { describe, expect, it } from 'vitest';
import { buildProductTypeTree } from './product-types.ts';

const t = (id: number, level: number, parent_id: number | null, index_id: number, status: 0 | 1 = 1) => ({
  id,
  name: `t${id}`,
  level,
  parent_id,
  index_id,
  status,
});

describe('buildProductTypeTree', () => {
  it.each([
    ['empty', [], []],
    [
      'tops by index_id',
      [t(1, 1, null, 2), t(2, 1, null, 1)],
      [
        [2, []],
        [1, []],
      ],
    ],
    ['children under parents', [t(1, 1, null, 1), t(3, 2, 1, 2), t(4, 2, 1, 1), t(5, 2, 9, 1)], [[1, [4, 3]]]],
    ['inactive dropped', [t(1, 1, null, 1), t(2, 1, null, 2, 0), t(3, 2, 1, 1, 0)], [[1, []]]],
  ])('%s', (_name, types, expected) => {
    const tree = buildProductTypeTree(types);
    expect(tree.map((top) => [top.id, top.childs.map((c) => c.id)])).toEqual(expected);
  });
});

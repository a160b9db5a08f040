import { describe, expect, it } from 'vitest';
import { courseTypeTabs, courseTypeTrail } from './course-type-tabs.ts';

// Shown types by index_id, as GET /course-types answers them: a child may come before its parent.
const types = [
  { id: 3, name: '香氛蠟燭', parent_id: 1 },
  { id: 1, name: '生活手作', parent_id: null },
  { id: 2, name: '品茶咖啡', parent_id: null },
  { id: 4, name: '陶藝', parent_id: 1 },
];

const row = (tabs: ReturnType<typeof courseTypeTabs>['types']) => tabs.map((t) => [t.name, t.href, t.current]);

describe('courseTypeTabs', () => {
  it('without a type: 全部課程 is current, the top-level types follow, no second row', () => {
    const tabs = courseTypeTabs(types, null);
    expect(row(tabs.types)).toEqual([
      ['全部課程', '/courses', 'page'],
      ['生活手作', '/courses?t=1', null],
      ['品茶咖啡', '/courses?t=2', null],
    ]);
    expect(tabs.subtypes).toEqual([]);
  });

  it.each([
    // chosen, top row's current, second row
    [
      1,
      [null, 'page', null],
      [
        ['香氛蠟燭', '/courses?t=3', null],
        ['陶藝', '/courses?t=4', null],
      ],
    ],
    [
      3,
      [null, 'branch', null],
      [
        ['香氛蠟燭', '/courses?t=3', 'page'],
        ['陶藝', '/courses?t=4', null],
      ],
    ],
    [2, [null, null, 'page'], []],
  ] as const)('type %i chosen', (chosen, currents, subtypes) => {
    const tabs = courseTypeTabs(types, chosen);
    expect(tabs.types.map((t) => t.current)).toEqual(currents);
    expect(row(tabs.subtypes)).toEqual(subtypes);
  });

  it('a type that is not shown leaves 全部課程 current', () => {
    expect(courseTypeTabs(types, 99).types[0]!.current).toBe('page');
    expect(courseTypeTabs([], null).types.map((t) => t.name)).toEqual(['全部課程']);
  });

  it('treats a child whose parent is not in the list as top level', () => {
    const tabs = courseTypeTabs([{ id: 9, name: '孤兒', parent_id: 8 }], 9);
    expect(row(tabs.types)).toEqual([
      ['全部課程', '/courses', null],
      ['孤兒', '/courses?t=9', 'page'],
    ]);
  });
});

describe('courseTypeTrail', () => {
  it('names the parent, then the type', () => {
    expect(courseTypeTrail(types, 3).map((t) => t.name)).toEqual(['生活手作', '香氛蠟燭']);
    expect(courseTypeTrail(types, 2).map((t) => t.name)).toEqual(['品茶咖啡']);
    expect(courseTypeTrail(types, null)).toEqual([]);
    expect(courseTypeTrail(types, 99)).toEqual([]);
  });
});

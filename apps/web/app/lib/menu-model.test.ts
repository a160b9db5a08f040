import { describe, expect, it } from 'vitest';
import { buildProductMenu, coursesHref, sharingZoneHref } from './menu-model.ts';

const types = [
  { id: 1, name: '茶葉', level: 1, parent_id: null, childs: [{ id: 11, name: '烏龍茶', level: 2, parent_id: 1 }] },
  { id: 2, name: '茶具', level: 1, parent_id: null, childs: [] },
  { id: 3, name: '伴手禮', level: 1, parent_id: null },
  { id: 31, name: '鳳梨酥', level: 2, parent_id: 3 },
];

describe('buildProductMenu', () => {
  it('waits until types, package types and bundles are all loaded', () => {
    expect(buildProductMenu(types, null, [])).toBeNull();
    expect(buildProductMenu(null, [], [])).toBeNull();
    expect(buildProductMenu(types, [], null)).toBeNull();
  });

  it('groups children under level-1 types, links childless ones, then package types', () => {
    const menu = buildProductMenu(types, [{ id: 5, name: '送禮組合' }], [])!;
    expect(menu.map((e) => e.label)).toEqual(['茶葉', '茶具', '伴手禮', '送禮組合']);
    expect(menu[0]).toMatchObject({ kind: 'group', children: [{ label: '烏龍茶', to: '/products?t=11' }] });
    expect(menu[1]).toMatchObject({ kind: 'link', to: '/products?t=2' });
    expect(menu[2]).toMatchObject({ kind: 'group', children: [{ label: '鳳梨酥', to: '/products?t=31' }] });
    expect(menu[3]).toMatchObject({ kind: 'link', to: '/products?t=%E9%80%81%E7%A6%AE%E7%B5%84%E5%90%88&pkg=1' });
  });
});

describe('coursesHref', () => {
  it('links /courses while a course is shown, else nothing', () => {
    expect(coursesHref([{ id: 1 }])).toBe('/courses');
    expect(coursesHref([])).toBeNull();
  });
});

describe('sharingZoneHref', () => {
  it('uses the first category, or nothing', () => {
    expect(sharingZoneHref([{ id: 4 }, { id: 2 }])).toBe('/recommended?t=4');
    expect(sharingZoneHref([])).toBeNull();
  });
});

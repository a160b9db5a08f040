import { describe, expect, it } from 'vitest';
import { parseCatalogueQuery, parseId, type CatalogueView } from './catalogue-query.ts';

describe('parseId', () => {
  it.each<[string | null, number | null]>([
    ['7', 7],
    [' 12 ', 12],
    ['2147483647', 2147483647],
    ['2147483648', null],
    ['0', null],
    ['-1', null],
    ['1.5', null],
    ['1e3', null],
    ['abc', null],
    ['', null],
    [null, null],
    ["1' OR '1'='1", null],
  ])('%j → %j', (value, expected) => {
    expect(parseId(value)).toBe(expected);
  });
});

describe('parseCatalogueQuery', () => {
  it.each<[string, CatalogueView]>([
    ['', { kind: 'all', page: 1 }],
    ['page=3', { kind: 'all', page: 3 }],
    ['t=4', { kind: 'type', typeId: 4, page: 1 }],
    ['t=4&page=2&code=KOL', { kind: 'type', typeId: 4, page: 2 }],
    ['t=4&page=abc', { kind: 'type', typeId: 4, page: 1 }],
    ['t=4&page=-3', { kind: 'type', typeId: 4, page: 1 }],
    ['t=abc', { kind: 'unknown' }],
    ['t=', { kind: 'all', page: 1 }],
    ['t=4&sn=12', { kind: 'product', id: 12, typeId: 4 }],
    ['sn=12', { kind: 'product', id: 12, typeId: null }],
    ['t=oops&sn=12', { kind: 'product', id: 12, typeId: null }],
    ['t=4&sn=x', { kind: 'unknown' }],
    ['t=%E9%80%81%E7%A6%AE&pkg=1', { kind: 'package-list', typeName: '送禮', page: 1 }],
    ['pkg=1', { kind: 'package-list', typeName: null, page: 1 }],
    ['t=%E9%80%81%E7%A6%AE&sn=5&pkg=1', { kind: 'package', id: 5, typeName: '送禮' }],
    ['sn=5&pkg=1', { kind: 'package', id: 5, typeName: null }],
    ['t=9&sn=5&pkg=2', { kind: 'product', id: 5, typeId: 9 }],
    ['t=2&bundle=2', { kind: 'bundle', bundleId: 2, page: 1 }],
    ['bundle=2&page=4', { kind: 'bundle', bundleId: 2, page: 4 }],
    ['t=2&bundle=%25_', { kind: 'unknown' }],
  ])('?%s → %j', (query, expected) => {
    expect(parseCatalogueQuery(query)).toEqual(expected);
  });

  it('cuts an overlong package type name instead of failing', () => {
    const view = parseCatalogueQuery(`t=${'禮'.repeat(500)}&pkg=1`);
    expect(view).toMatchObject({ kind: 'package-list' });
    expect(view.kind === 'package-list' && view.typeName?.length).toBe(100);
  });
});

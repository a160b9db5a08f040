import { describe, expect, it } from 'vitest';
import {
  clampPage,
  nextPage,
  PAGE_SIZE,
  pageCount,
  paginate,
  parsePageParam,
  previousPage,
  slicePage,
} from './pagination.ts';

describe('PAGE_SIZE', () => {
  it('matches spec §9', () => {
    expect(PAGE_SIZE).toEqual({
      products: 12,
      bundles: 12,
      search: 12,
      influencer: 12,
      courses: 12,
      orders: 5,
      hotProducts: 20,
    });
  });
});

describe('pageCount', () => {
  it.each([
    [0, 12, 0],
    [1, 12, 1],
    [12, 12, 1],
    [13, 12, 2],
    [25, 5, 5],
    [26, 5, 6],
    [3, undefined, 3],
    [3, 0, 3],
    [-1, 12, 0],
    [Number.NaN, 12, 0],
  ])('pageCount(%s, %s) → %s', (length, size, expected) => {
    expect(pageCount(length, size)).toBe(expected);
  });
});

describe('clampPage', () => {
  it.each([
    [1, 3, 1],
    [3, 3, 3],
    [4, 3, 3],
    [0, 3, 1],
    [-5, 3, 1],
    [2, 0, 1],
    [2.7, 3, 2],
    [Number.NaN, 3, 1],
  ])('clampPage(%s, %s) → %s', (page, count, expected) => {
    expect(clampPage(page, count)).toBe(expected);
  });
});

describe('slicePage', () => {
  const items = [1, 2, 3, 4, 5, 6, 7];
  it.each([
    [1, 3, [1, 2, 3]],
    [2, 3, [4, 5, 6]],
    [3, 3, [7]],
    [4, 3, []],
    [0, 3, [1, 2, 3]],
    [1, 0, [1]],
  ])('slicePage(items, %s, %s) → %j', (page, size, expected) => {
    expect(slicePage(items, page, size)).toEqual(expected);
  });
});

describe('previousPage / nextPage', () => {
  it.each([
    [1, 1],
    [2, 1],
    [5, 4],
  ])('previousPage(%s) → %s', (page, expected) => {
    expect(previousPage(page)).toBe(expected);
  });
  it.each([
    [1, 3, 2],
    [3, 3, 3],
    [1, 1, 1],
    [1, 0, 1],
  ])('nextPage(%s, %s) → %s', (page, count, expected) => {
    expect(nextPage(page, count)).toBe(expected);
  });
});

describe('parsePageParam', () => {
  it.each([
    ['2', 2],
    [' 3 ', 3],
    ['03', 3],
    [4, 4],
    [['5', '6'], 5],
    ['0', 1],
    ['-2', 1],
    ['1.5', 1],
    [1.5, 1],
    ['abc', 1],
    ['2abc', 1],
    ['1e3', 1],
    ['', 1],
    [undefined, 1],
    [null, 1],
    [{}, 1],
    ['99999999999999999999', 1],
    [Number.POSITIVE_INFINITY, 1],
  ])('parsePageParam(%j) → %s', (value, expected) => {
    expect(parsePageParam(value)).toBe(expected);
  });
});

describe('paginate', () => {
  it.each([
    [[1, 2, 3, 4, 5], 2, 2, { items: [3, 4], page: 2, pageCount: 3, total: 5 }],
    [[1, 2, 3, 4, 5], 9, 2, { items: [5], page: 3, pageCount: 3, total: 5 }],
    [[], 1, 12, { items: [], page: 1, pageCount: 0, total: 0 }],
  ])('paginate(%j, %s, %s)', (items, page, size, expected) => {
    expect(paginate(items, page, size)).toEqual(expected);
  });
});

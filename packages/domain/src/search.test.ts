import { describe, expect, it } from 'vitest';
import { characterCount, searchKeyword, searchKeywordSchema } from './search.ts';

describe('searchKeyword (the page: never fails)', () => {
  it.each<[unknown, string]>([
    ['  烏龍茶 ', '烏龍茶'],
    ['', ''],
    ['   ', ''],
    [undefined, ''],
    [null, ''],
    [42, ''],
    [['咖啡', '茶'], '咖啡'],
    [[], ''],
    ['a\u0000b', 'a b'],
    ['\u0000\u0007', ''],
    ['茶\n包', '茶 包'],
    ['x'.repeat(500), 'x'.repeat(100)],
    ['🍵'.repeat(101), '🍵'.repeat(100)],
    ["'; drop table products; --", "'; drop table products; --"],
  ])('%j → %j', (input, expected) => {
    expect(searchKeyword(input)).toBe(expected);
  });
});

describe('searchKeywordSchema (the API: zh-TW errors)', () => {
  it.each<[unknown, string]>([
    [' 保濕 ', '保濕'],
    [['咖啡', 'x'], '咖啡'],
    ['a\u0000b', 'a b'],
    ['茶'.repeat(100), '茶'.repeat(100)],
    ['🍵'.repeat(100), '🍵'.repeat(100)],
  ])('accepts %j as %j', (input, expected) => {
    expect(searchKeywordSchema.parse(input)).toBe(expected);
  });

  it.each<[unknown, string]>([
    [undefined, '請輸入搜尋關鍵字'],
    ['', '請輸入搜尋關鍵字'],
    ['  \u0000 ', '請輸入搜尋關鍵字'],
    [5, '請輸入搜尋關鍵字'],
    ['茶'.repeat(101), '搜尋關鍵字最多 100 字'],
    ['x'.repeat(500), '搜尋關鍵字最多 100 字'],
  ])('refuses %j with %s', (input, message) => {
    const result = searchKeywordSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('characterCount', () => {
  it.each([
    ['烏龍茶', 3],
    ['🍵a', 2],
    ['', 0],
  ])('%s has %i characters', (text, n) => {
    expect(characterCount(text)).toBe(n);
  });
});

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NEWS_IMAGE,
  newsBanner,
  parseIdList,
  parseIndexAreaStyle,
  parseJsonSafe,
  parsePics,
  parseTextList,
} from './encoded-list.ts';

describe('parseJsonSafe', () => {
  it.each([
    ['{"a":1}', undefined, { a: 1 }],
    ['[1,2]', undefined, [1, 2]],
    ['not json', undefined, undefined],
    ['not json', 'fb', 'fb'],
    [42, null, null],
    [undefined, [], []],
  ])('parseJsonSafe(%j, %j) → %j', (text, fallback, expected) => {
    expect(parseJsonSafe(text, fallback)).toEqual(expected);
  });
});

describe('parseTextList', () => {
  it.each([
    ['["a","b"]', ['a', 'b']],
    ['[]', []],
    ['', []],
    ['[oops', []],
    ['{"a":1}', []],
    ['"a"', []],
    ['["a",1,null,"b"]', ['a', 'b']],
    [null, []],
    [undefined, []],
    [123, []],
    [
      ['x', 2, 'y'],
      ['x', 'y'],
    ],
  ])('parseTextList(%j) → %j', (text, expected) => {
    expect(parseTextList(text)).toEqual(expected);
  });
});

describe('parsePics', () => {
  it.each([
    ['["p1.jpg","p2.jpg"]', 'b.jpg', ['p1.jpg', 'p2.jpg']],
    ['[]', 'b.jpg', ['b.jpg']],
    ['', 'b.jpg', ['b.jpg']],
    ['broken', 'b.jpg', ['b.jpg']],
    ['["", "  "]', 'b.jpg', ['b.jpg']],
    ['broken', '', []],
    [null, null, []],
    [undefined, undefined, []],
    [['p.jpg'], 'b.jpg', ['p.jpg']],
  ])('parsePics(%j, %j) → %j', (text, banner, expected) => {
    expect(parsePics(text, banner)).toEqual(expected);
  });
});

describe('newsBanner', () => {
  it.each([
    ['["n1.jpg","n2.jpg"]', 'n1.jpg'],
    ['[]', DEFAULT_NEWS_IMAGE],
    ['bad', DEFAULT_NEWS_IMAGE],
    [null, DEFAULT_NEWS_IMAGE],
  ])('newsBanner(%j) → %s', (text, expected) => {
    expect(newsBanner(text)).toBe(expected);
  });
});

describe('parseIdList', () => {
  it.each([
    ['[{"id":1},{"id":5}]', [1, 5]],
    ['[1,2]', [1, 2]],
    ['["3"," 4 "]', [3, 4]],
    ['[{"id":0},{"id":-1},{"id":1.5},{"id":"x"},{},null,{"id":7}]', [7]],
    ['', []],
    ['{"id":1}', []],
    ['[{"id":1}', []],
    [null, []],
    [
      [{ id: 9 }, 10],
      [9, 10],
    ],
  ])('parseIdList(%j) → %j', (text, expected) => {
    expect(parseIdList(text)).toEqual(expected);
  });
});

describe('parseIndexAreaStyle', () => {
  it.each([
    ['{"content":"<p>關於我們</p>"}', { content: '<p>關於我們</p>', pics: [] }],
    ['{"pic":["a.jpg","b.jpg"]}', { content: '', pics: ['a.jpg', 'b.jpg'] }],
    ['{"pics":["a.jpg"]}', { content: '', pics: ['a.jpg'] }],
    ['{"pic":"a.jpg"}', { content: '', pics: ['a.jpg'] }],
    ['["a.jpg",""]', { content: '', pics: ['a.jpg'] }],
    ['[{"pic":"a.jpg"},{"x":1}]', { content: '', pics: ['a.jpg'] }],
    ['{broken', { content: '', pics: [] }],
    [null, { content: '', pics: [] }],
    [{ content: 'x' }, { content: 'x', pics: [] }],
  ])('parseIndexAreaStyle(%j) → %j', (text, expected) => {
    expect(parseIndexAreaStyle(text)).toEqual(expected);
  });
});

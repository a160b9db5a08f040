import { expect, it } from 'vitest';
import { validTagId } from './analytics.tsx';

it.each([
  ['G-ABC123XYZ', 'G-ABC123XYZ'],
  [' G-ABC123XYZ ', 'G-ABC123XYZ'],
  ['UA-12345-1', 'UA-12345-1'],
  ['', null],
  [null, null],
  ["G-1');alert(1);//", null],
])('analytics tag %s → %s', (value, expected) => {
  expect(validTagId(value)).toBe(expected);
});
